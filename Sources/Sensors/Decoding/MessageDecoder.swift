/// Picks the decoder for a message — the subscription's pinned one, else by topic, else by payload
/// shape — and runs it.
enum MessageDecoder {
    /// The decoders the topic alone identifies, or `nil` when the payload's shape must decide.
    enum TopicMatch: Equatable {
        case ecosystem(SensorEcosystem)
        case homeAssistantDiscovery
    }

    /// Decodes a payload; `topicMatch` is `match(topic)`, which the caller may have kept from an earlier
    /// message on the same topic.
    static func decode(
        topic: TopicLevels, topicMatch: TopicMatch?, payload: [UInt8], pinned: SensorEcosystem?, context: DecodingContext,
        maxJSONDepth: Int
    ) -> DecodeOutcome {
        let topicMatch = pinned.map(TopicMatch.ecosystem) ?? topicMatch
        if topicMatch == .homeAssistantDiscovery, payload.isEmpty {
            return .ignored(why: "an empty discovery config removes an entity")
        }
        let body: PayloadBody
        switch PayloadBody.read(payload, maxJSONDepth: maxJSONDepth) {
        case .success(let read): body = read
        case .failure(let reason): return .rejected(source: nil, reason)
        }
        switch topicMatch {
        case .homeAssistantDiscovery:
            return HomeAssistantDiscoveryDecoder.decode(body: body)
        case .ecosystem(let ecosystem):
            return decode(ecosystem, topic: topic, body: body, context: context)
        case nil:
            return decodeByShape(topic: topic, body: body, context: context)
        }
    }

    /// The ecosystem a topic belongs to by its documented layout.
    static func match(_ topic: TopicLevels) -> TopicMatch? {
        guard let first = topic.first else { return nil }
        if topic.levels.contains("BTtoMQTT") { return .ecosystem(.theengs) }
        if first == "shellies" { return .ecosystem(.shellyGen1) }
        if topic.last == "rpc", topic.fromEnd(1) == "events" { return .ecosystem(.shellyGen2) }
        if topic.count >= 3, topic.fromEnd(1) == "status", topic.last?.contains(":") == true {
            return .ecosystem(.shellyGen2)
        }
        if first == "zigbee2mqtt" { return .ecosystem(.zigbee2mqtt) }
        if first == "rtl_433" { return .ecosystem(.rtl433) }
        if first == "tele" || first == "stat",
            let last = topic.last, ["SENSOR", "LWT", "STATE", "RESULT"].contains(last) || last.hasPrefix("STATUS")
        {
            return .ecosystem(.tasmota)
        }
        if first == "homeassistant" {
            return topic.last == "config" ? .homeAssistantDiscovery : .ecosystem(.homeAssistant)
        }
        if topic.count >= 4, topic.last == "state", topic.fromEnd(2) == "sensor" { return .ecosystem(.esphome) }
        return nil
    }

    static func decode(_ ecosystem: SensorEcosystem, topic: TopicLevels, body: PayloadBody, context: DecodingContext)
        -> DecodeOutcome
    {
        switch ecosystem {
        case .rtl433: return RTL433Decoder.decode(topic: topic, body: body, context: context)
        case .zigbee2mqtt: return Zigbee2MQTTDecoder.decode(topic: topic, body: body, context: context)
        case .tasmota: return TasmotaDecoder.decode(topic: topic, body: body, context: context)
        case .esphome: return ESPHomeDecoder.decode(topic: topic, body: body, context: context)
        case .theengs: return TheengsDecoder.decode(topic: topic, body: body)
        case .shellyGen1: return ShellyGen1Decoder.decode(topic: topic, body: body, context: context)
        case .shellyGen2: return ShellyGen2Decoder.decode(topic: topic, body: body, context: context)
        case .homeAssistant: return HomeAssistantStatestreamDecoder.decode(topic: topic, body: body, context: context)
        case .generic:
            guard let object = body.object else {
                return .rejected(source: topic.topic, RejectionReason(.malformedPayload, "expected a JSON object"))
            }
            return GenericJSONDecoder.decode(topic: topic, object: object, context: context)
        case .plainNumber: return PlainNumberDecoder.decode(topic: topic, body: body, context: context)
        }
    }

    /// For topics no ecosystem claims: rtl_433 events piped to any topic, Tasmota with a custom full
    /// topic, Shelly notifications, BLE gateway JSON, availability words, then the generic forms.
    private static func decodeByShape(topic: TopicLevels, body: PayloadBody, context: DecodingContext) -> DecodeOutcome {
        switch body {
        case .json(.object(let object)):
            if object["model"]?.stringValue != nil, object["time"] != nil || object["id"] != nil || object["mic"] != nil,
                object["brand"] == nil
            {
                return RTL433Decoder.decodeEvent(object, context: context)
            }
            if object["src"] != nil, object["method"] != nil {
                return decode(.shellyGen2, topic: topic, body: body, context: context)
            }
            if object["TempUnit"] != nil || object["Time"] != nil && object.members.contains(where: { $0.value.objectValue != nil }) {
                return TasmotaDecoder.decodeSensors(object, device: topic.dropping(last: 1), context: context)
            }
            if object["tempc"] != nil || object["model_id"] != nil && object["brand"] != nil {
                return TheengsDecoder.decode(topic: topic, body: body)
            }
            return GenericJSONDecoder.decode(topic: topic, object: object, context: context)
        case .json:
            return .rejected(source: topic.topic, RejectionReason(.malformedPayload, "expected a JSON object or a bare value"))
        case .text(let text):
            if AvailabilityText.isAvailabilityWord(text), topic.count >= 2,
                ["status", "availability", "LWT", "online"].contains(topic.last ?? "")
            {
                return AvailabilityText.decode(source: topic.dropping(last: 1), body: body)
            }
            return PlainNumberDecoder.decode(topic: topic, body: body, context: context)
        }
    }
}
