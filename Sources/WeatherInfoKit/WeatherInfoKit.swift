// WeatherInfoKit: work in progress
