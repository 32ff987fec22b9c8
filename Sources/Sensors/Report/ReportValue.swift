/// How one field's value reads in reports: `22.4 °C`, `58 %`, `low`/`ok` for the battery flag.
enum ReportValue {
    static func text(_ value: Double, field: SensorField) -> String {
        if field.isFlag { return value >= 0.5 ? "low" : "ok" }
        let number = ReportNumber.format(value, digits: field.fractionDigits)
        return field.unit.isEmpty ? number : "\(number) \(field.unit)"
    }

    /// The value in JSON: booleans for flags, numbers otherwise.
    static func json(_ value: Double, field: SensorField) -> JSONOutput {
        field.isFlag ? .bool(value >= 0.5) : .number(value, digits: 4)
    }
}
