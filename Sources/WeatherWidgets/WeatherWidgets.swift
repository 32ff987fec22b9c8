// WeatherWidgets: work in progress
