import HubSystem
import Sensors

/// How one field's value reads in reports: `22.4 °C`, `58.5 %`, `low`/`ok` for the battery flag (at most
/// two decimals: the report shows what the sensor sent, the panel rounds further).
enum ReportValue {
    /// The value with its unit, or `low`/`ok` for a flag.
    static func text(_ value: Double, field: SensorField) -> String {
        if field.isFlag { return value >= 0.5 ? "low" : "ok" }
        let number = ReportNumber.compact(value, maxDigits: 2)
        return field.unit.isEmpty ? number : "\(number) \(field.unit)"
    }

    /// The value in JSON: booleans for flags, numbers otherwise.
    static func json(_ value: Double, field: SensorField) -> JSONOutput {
        field.isFlag ? .bool(value >= 0.5) : .number(value, digits: 4)
    }
}
