/// Builds the reading of a topic that carries one bare value (ESPHome states, Home Assistant
/// statestream, Shelly Gen1 `sensor/…`, plain numbers): the field comes from Home Assistant metadata
/// or the topic's name, the unit from metadata, a configured override, or the ecosystem's documented
/// default (flagged as assumed).
struct ScalarTopicValue {
    var sensor: String
    var ecosystem: SensorEcosystem
    /// The name that says what is measured (`living_temperature`, `humidity`).
    var name: String
    var text: String
    var hint: UnitHint?
    /// A unit configured for the device, used when metadata states none.
    var configuredUnit: MeasurementUnit?
    /// A field pinned by configuration, used when neither metadata nor the name says.
    var pinnedField: SensorField?

    func decode() -> DecodeOutcome {
        guard let field = resolvedField else {
            return .ignored(
                why: "\"\(name)\" does not name a quantity the hub keeps; pin `field` on the subscription if it is one")
        }
        var draft = ReadingDraft(sensor: sensor, ecosystem: ecosystem)
        let unit: MeasurementUnit
        if let symbol = hint?.unit {
            guard let stated = MeasurementUnit(symbol: symbol), stated.quantity == field.quantity else {
                draft.reject(
                    name, RejectionReason(.unsupportedUnit, "unit \"\(symbol)\" does not fit \(field.key)"))
                return .readings([draft])
            }
            unit = stated
        } else if let configuredUnit, configuredUnit.quantity == field.quantity {
            unit = configuredUnit
        } else {
            unit = Self.defaultUnit(for: field, text: text)
            if Self.quantitiesWithAmbiguousUnits.contains(field.quantity) { draft.unitAssumed.insert(field) }
        }
        if field.isFlag {
            switch NumericValue.readFlag(.string(text), key: name) {
            case .number(let flag): draft.set(field, flag, from: name)
            case .absent: return .ignored(why: "empty value")
            case .rejected(let reason): draft.reject(name, reason)
            }
            return .readings([draft])
        }
        switch NumericValue.read(text: text, key: name) {
        case .number(let number): draft.set(field, unit.toHubUnit(number), from: name)
        case .absent: return .ignored(why: "empty value")
        case .rejected(let reason): draft.reject(name, reason)
        }
        return .readings([draft])
    }

    private var resolvedField: SensorField? {
        if let deviceClass = hint?.deviceClass, let field = FieldNameHeuristics.field(forDeviceClass: deviceClass) {
            if field == .batteryLevel, hint?.unit.flatMap(MeasurementUnit.init(symbol:))?.quantity == .voltage {
                return .batteryVoltage
            }
            return field
        }
        return FieldNameHeuristics.field(forName: name) ?? pinnedField
    }

    /// Quantities for which a bare number could be in more than one common unit (°C or °F, hPa or
    /// inHg, m/s or km/h, mm or in, V or mV): assuming one is worth flagging.
    private static let quantitiesWithAmbiguousUnits: Set<MeasurementUnit.Quantity> = [
        .temperature, .pressure, .speed, .length, .voltage,
    ]

    /// The unit to assume when nothing states one: the hub's own unit, except that a battery voltage
    /// below 100 is taken to be in volts (3.02), not millivolts.
    private static func defaultUnit(for field: SensorField, text: String) -> MeasurementUnit {
        if field.quantity == .voltage, let number = NumericValue.cLocaleNumber(text.trimmingASCIIWhitespace()),
            abs(number) < 100
        {
            return .volts
        }
        return hubUnit(for: field)
    }

    /// The unit the hub stores a field in.
    static func hubUnit(for field: SensorField) -> MeasurementUnit {
        switch field.quantity {
        case .temperature: .celsius
        case .ratio: .percent
        case .pressure: .hectopascal
        case .speed: .metersPerSecond
        case .length: .millimeters
        case .illuminance: .lux
        case .concentration: .partsPerMillion
        case .voltage: .millivolts
        case .angle: .degrees
        case .index: .index
        }
    }
}
