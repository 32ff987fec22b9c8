import Sensors

/// `sensors:` — names, roles and freshness of known sensors, intake limits and history; with `mqtt:`
/// and `socket_feed:` it fills `SensorSettings`.
enum SensorsSection {
    static func read(_ root: ConfigMapping, mqtt: MQTTSection.Reading, paths: HubPaths) -> SensorSettings {
        let feed = SocketFeedSection.read(root)
        let section = root.section("sensors")
        let defaults = SensorSettings()
        let staleAfter = section.duration("stale_after", default: defaults.defaultStaleAfter, in: .seconds(60) ... .seconds(7 * 86_400))
        let profiles = section.namedSections("devices").map { readProfile($0.name, $0.section) }
        var outdoor = profiles.filter { $0.role == .outdoor }
        if outdoor.count > 1 {
            outdoor.removeFirst()
            for profile in outdoor {
                section.diagnostics.report(section.keyPath("devices") + ".\(profile.match).role", at: section.node,
                                           "only one sensor can be the outdoor one", suggestion: "make it `role: room`")
            }
        }
        let limits = section.contains("limits") ? readLimits(section.section("limits")) : defaults.limits
        let store = readHistory(section.section("history"), paths: paths)
        section.finish()
        return SensorSettings(
            broker: mqtt.broker, subscriptions: mqtt.subscriptions, profiles: profiles, defaultStaleAfter: staleAfter,
            socketFeed: feed, limits: limits, store: store)
    }

    private static func readProfile(_ match: String, _ section: ConfigMapping) -> SensorProfile {
        let profile = SensorProfile(
            match: match,
            displayName: section.optionalString("name"),
            role: section.contains("role") ? section.choice("role", default: SensorRole.room) : nil,
            staleAfter: section.contains("stale_after") ? section.duration("stale_after", default: .seconds(1800), in: .seconds(60) ... .seconds(7 * 86_400)) : nil,
            temperatureUnit: section.contains("temperature_unit") ? temperatureUnit(section) : nil,
            altitudeMeters: section.contains("altitude") ? section.double("altitude", default: 0, in: -500...9000) : nil,
            hidden: section.bool("hidden", default: false))
        section.finish()
        return profile
    }

    private static func temperatureUnit(_ section: ConfigMapping) -> String? {
        section.scalar("temperature_unit", default: nil, expected: "°C or °F") { text in
            switch text.uppercased() {
            case "°C", "C": .some("°C")
            case "°F", "F": .some("°F")
            default: nil
            }
        }
    }

    private static func readLimits(_ section: ConfigMapping) -> IntakeLimits {
        let defaults = IntakeLimits()
        let limits = IntakeLimits(
            maxPayloadBytes: section.int("max_payload_bytes", default: defaults.maxPayloadBytes, in: 256...1_048_576),
            maxJSONDepth: section.int("max_json_depth", default: defaults.maxJSONDepth, in: 2...128),
            maxTopicBytes: section.int("max_topic_bytes", default: defaults.maxTopicBytes, in: 16...65_535),
            maxSensors: section.int("max_sensors", default: defaults.maxSensors, in: 1...10_000),
            burstPerSensor: section.int("burst_per_sensor", default: defaults.burstPerSensor, in: 1...10_000),
            messagesPerMinutePerSensor: section.double("messages_per_minute_per_sensor", default: defaults.messagesPerMinutePerSensor, in: 0.1...100_000),
            queueCapacity: section.int("queue_capacity", default: defaults.queueCapacity, in: 16...1_000_000),
            queueBytes: section.int("queue_bytes", default: defaults.queueBytes, in: 65_536...268_435_456),
            maxUnitHints: section.int("max_unit_hints", default: defaults.maxUnitHints, in: 0...100_000),
            futureTolerance: section.duration("future_tolerance", default: defaults.futureTolerance, in: .zero ... .seconds(86_400)),
            logLinesPerMinute: section.int("log_lines_per_minute", default: defaults.logLinesPerMinute, in: 0...10_000))
        let largestMessage = limits.maxPayloadBytes + limits.maxTopicBytes
        if limits.queueBytes < largestMessage {
            section.diagnostics.report(
                section.keyPath("queue_bytes"), at: section.node("queue_bytes") ?? section.node("max_payload_bytes"),
                "the queue must hold the largest message (max_payload_bytes + max_topic_bytes = \(largestMessage))",
                suggestion: "raise queue_bytes to at least \(largestMessage)")
        }
        section.finish()
        return limits
    }

    /// The database goes into the state directory unless the configuration names another file.
    private static func readHistory(_ section: ConfigMapping, paths: HubPaths) -> StoreSettings {
        let defaults = StoreSettings()
        let store = StoreSettings(
            databasePath: absolutePath(section, "database") ?? paths.sensorDatabase,
            flushInterval: section.duration("flush_interval", default: defaults.flushInterval, in: .milliseconds(100) ... .seconds(3600)),
            fineResolution: section.duration("fine_resolution", default: defaults.fineResolution, in: .seconds(1) ... .seconds(3600)),
            fineRetention: section.duration("fine_retention", default: defaults.fineRetention, in: .seconds(3600) ... .seconds(30 * 86_400)),
            coarseResolution: section.duration("coarse_resolution", default: defaults.coarseResolution, in: .seconds(60) ... .seconds(86_400)),
            coarseRetention: section.duration("coarse_retention", default: defaults.coarseRetention, in: .seconds(86_400) ... .seconds(3660 * 86_400)))
        if store.fineResolution > store.coarseResolution {
            section.diagnostics.report(section.keyPath("fine_resolution"), at: section.node("fine_resolution"),
                                       "is coarser than `coarse_resolution`", suggestion: "keep fine buckets smaller, e.g. `fine_resolution: 1m`")
        }
        section.finish()
        return store
    }
}
