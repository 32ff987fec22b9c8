/// The units Open-Meteo is asked for, and the check that the answer's `*_units` say it answered in them:
/// numbers in another unit than asked would otherwise reach the panel without any error.
struct OpenMeteoUnits {
    let units: Units

    init(_ units: Units) {
        self.units = units
    }

    /// How Open-Meteo writes the temperature unit asked for (Kelvin is computed from °C).
    var temperature: String { units == .imperial ? "°F" : "°C" }
    /// How Open-Meteo writes the wind speed unit asked for.
    var windSpeed: String { units == .imperial ? "mp/h" : "m/s" }

    /// Throws ``WeatherFault/unexpectedJSON(detail:)`` naming the first variable whose unit is not the
    /// one asked for. A section without units, or a variable missing from them, passes.
    func check(_ payload: OpenMeteoForecastPayload) throws(WeatherFault) {
        let expected: [(section: String, units: [String: String]?, variables: [String: String])] = [
            ("current_units", payload.currentUnits, [
                "temperature_2m": temperature, "apparent_temperature": temperature, "pressure_msl": "hPa",
                "wind_speed_10m": windSpeed, "wind_gusts_10m": windSpeed,
            ]),
            ("hourly_units", payload.hourlyUnits, [
                "temperature_2m": temperature, "apparent_temperature": temperature, "pressure_msl": "hPa",
                "rain": "mm", "showers": "mm", "snowfall": "cm",
            ]),
            ("daily_units", payload.dailyUnits, [
                "temperature_2m_max": temperature, "temperature_2m_min": temperature,
                "rain_sum": "mm", "showers_sum": "mm", "snowfall_sum": "cm",
            ]),
        ]
        for (section, answered, variables) in expected {
            for (variable, unit) in variables.sorted(by: { $0.key < $1.key }) {
                if let given = answered?[variable], given != unit {
                    throw .unexpectedJSON(detail: "\(section).\(variable) is \"\(given)\", expected \"\(unit)\"")
                }
            }
        }
    }
}
