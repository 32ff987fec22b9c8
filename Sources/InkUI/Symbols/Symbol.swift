/// The vector symbols InkUI draws, named neutrally like SF Symbols. InkUI does not know which weather
/// code means which symbol; widgets map their codes.
public enum Symbol: String, Sendable, Hashable, CaseIterable {
    // MARK: Weather conditions
    /// A sun: clear sky by day.
    case sun
    /// A crescent moon: clear sky by night.
    case moon
    /// A sun behind a cloud: a few clouds by day.
    case cloudSun
    /// A moon behind a cloud: a few clouds by night.
    case cloudMoon
    /// One cloud: scattered clouds.
    case cloud
    /// Two clouds: broken clouds.
    case clouds
    /// Two solid clouds: overcast.
    case cloudOvercast
    /// A cloud with small drops: drizzle.
    case cloudDrizzle
    /// A cloud with rain streaks: rain.
    case cloudRain
    /// A sun, a cloud and rain: showers by day.
    case cloudSunRain
    /// A moon, a cloud and rain: showers by night.
    case cloudMoonRain
    /// A solid cloud with heavy streaks: heavy rain.
    case cloudHeavyRain
    /// A cloud with rain and an ice crystal: freezing rain.
    case cloudFreezingRain
    /// A cloud with snowflakes: snow.
    case cloudSnow
    /// A cloud with rain and pellets: sleet.
    case cloudSleet
    /// A cloud with a lightning bolt: thunderstorm.
    case cloudBolt
    /// A cloud with a bolt and rain: thunderstorm with rain.
    case cloudBoltRain
    /// Horizontal streaks: mist and fog.
    case fog
    /// A sun above streaks: haze by day.
    case sunHaze
    /// A moon above streaks: haze by night.
    case moonHaze
    /// Streaks and grains: dust, sand, volcanic ash.
    case dust
    /// Rising wisps: smoke.
    case smoke
    /// Curling gusts: wind and squalls.
    case wind
    /// A funnel: tornado.
    case tornado

    // MARK: Interface
    /// A thermometer.
    case thermometer
    /// A drop: humidity, precipitation amount.
    case droplet
    /// A six-armed crystal: snow amounts and chances.
    case snowflake
    /// An open umbrella: the chance of precipitation.
    case umbrella
    /// A sun with long rays over a short ground line: the UV index.
    case sunRays
    /// An arrowhead pointing up at zero rotation; turn it with `Icon(_:size:rotation:)`.
    case windArrow
    /// A dial with a needle: pressure.
    case gauge
    /// An almost empty battery.
    case batteryLow
    /// A triangle with an exclamation mark.
    case warning
    /// A sun rising over the horizon.
    case sunrise
    /// A sun setting below the horizon.
    case sunset
    /// A house: indoor readings.
    case house
    /// A mast sending waves: a sensor.
    case antenna
    /// A clock face: the time of the data.
    case clock
    /// Wireless waves struck through: offline.
    case offline
}
