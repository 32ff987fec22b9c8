/// Guesses the quantity of a one-value topic from its name (`living_temperature`, `Luftdruck` is not
/// guessed): used for ESPHome, Shelly Gen1, Home Assistant and plain-number topics when no unit
/// metadata says more. A name that matches nothing is refused, never guessed further.
enum FieldNameHeuristics {
    static func field(forName name: String) -> SensorField? {
        let words = Set(
            name.lowercased().split { !($0.isLetter || $0.isNumber) }.map(String.init))
        let joined = name.lowercased()
        func has(_ candidates: String...) -> Bool { candidates.contains { words.contains($0) } }
        func contains(_ fragment: String) -> Bool { joined.contains(fragment) }

        if contains("dew") { return .dewPoint }
        if contains("wind") || contains("gust") {
            if contains("dir") || contains("bearing") { return .windDirection }
            if contains("gust") || has("max", "peak") { return .windGust }
            return .windAverage
        }
        if contains("battery") || has("batt", "bat") {
            if contains("volt") || has("mv", "v") { return .batteryVoltage }
            if contains("low") { return .batteryLow }
            return .batteryLevel
        }
        if contains("temperature") || has("temp", "tmp", "tc") { return .temperature }
        if contains("humidity") || has("hum", "rh") { return .humidity }
        if contains("pressure") || has("baro", "press", "pres") { return .pressure }
        if contains("illuminance") || contains("lux") || has("light", "brightness") { return .illuminance }
        if contains("co2") || contains("carbon_dioxide") { return .co2 }
        if has("uv", "uvi") || contains("uv_index") { return .uvIndex }
        if contains("rain") || contains("precipitation") {
            // A rate (`rain_rate`, Home Assistant's precipitation intensity) is not the counter, and
            // summing it as one would be wrong: it is not kept.
            return contains("rate") || contains("intensity") ? nil : .rain
        }
        if contains("linkquality") { return .linkQuality }
        return nil
    }

    /// The field a Home Assistant `device_class` names, when it is one the hub keeps.
    static func field(forDeviceClass deviceClass: String) -> SensorField? {
        switch deviceClass {
        case "temperature": .temperature
        case "humidity": .humidity
        case "pressure", "atmospheric_pressure": .pressure
        case "illuminance": .illuminance
        case "carbon_dioxide": .co2
        case "battery": .batteryLevel
        case "wind_speed": .windAverage
        case "precipitation": .rain
        default: nil
        }
    }
}
