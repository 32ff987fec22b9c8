/// Builds the reading of a topic that carries one bare value (ESPHome states, Home Assistant
/// statestream, Shelly Gen1 `sensor/…`, plain numbers): the field comes from Home Assistant metadata
/// or the topic's name, the unit from metadata, from the ecosystem's documentation of the topic or
/// from the configuration; failing those, the ecosystem's documented default (flagged as assumed), or,
/// where no ecosystem documents one (plain numbers), a refusal that says how to configure the unit.
struct ScalarTopicValue {
    var sensor: String
    var ecosystem: SensorEcosystem
    /// The name that says what is measured (`living_temperature`, `humidity`).
    var name: String
    var text: String
    var hint: UnitHint?
    /// A unit the ecosystem documents for the topic or the configuration states, used when metadata
    /// states none.
    var knownUnit: MeasurementUnit?
    /// A field pinned by configuration, used when neither metadata nor the name says.
    var pinnedField: SensorField?
    /// No ecosystem default applies: a value whose unit could be one of several is refused rather than
    /// assumed.
    var unitRequired = false

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
        } else if let knownUnit, knownUnit.quantity == field.quantity {
            unit = knownUnit
        } else if Self.quantitiesWithAmbiguousUnits.contains(field.quantity) && unitRequired {
            draft.reject(name, Self.unknownUnit(field))
            return .readings([draft])
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

    /// Why a bare number whose unit nothing states is refused, and how to state it.
    private static func unknownUnit(_ field: SensorField) -> RejectionReason {
        let example = switch field.quantity {
        case .temperature: "°C (or °F)"
        case .pressure: "hPa (or inHg, mmHg)"
        case .speed: "m/s (or km/h, mph)"
        case .length: "mm (or in)"
        default: "V (or mV)"
        }
        return RejectionReason(
            .unknownUnit,
            "a bare number for \(field.key) says nothing of its unit, and the hub does not guess it: add `unit: \(example)` "
                + "to this topic's entry in `mqtt.subscriptions`")
    }

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
