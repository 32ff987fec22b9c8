/// Home Assistant's MQTT discovery schema as its documentation states it (home-assistant.io,
/// `source/_integrations/mqtt.markdown`, `<platform>.mqtt.markdown` and `sensor.markdown`; the versions
/// are listed in docs/home-assistant.md): the options each platform documents, the ones it requires,
/// and the device classes, state classes and units of the sensor documentation. A config is checked
/// against this table field by field.
enum DiscoverySchema {
    struct Platform {
        var options: Set<String>
        var required: Set<String>
        /// One of these must be present (the image: `image_topic` or `url_topic`).
        var oneOf: Set<String> = []
    }

    /// Options every entity platform documents, and `origin`, which discovery adds.
    static let shared: Set<String> = [
        "availability", "availability_mode", "availability_template", "availability_topic", "device", "enabled_by_default",
        "encoding", "entity_category", "entity_picture", "icon", "json_attributes_template", "json_attributes_topic", "name",
        "object_id", "default_entity_id", "origin", "payload_available", "payload_not_available", "unique_id",
    ]

    static let platforms: [String: Platform] = [
        "sensor": Platform(
            options: shared.union([
                "device_class", "expire_after", "force_update", "last_reset_value_template", "options", "qos",
                "suggested_display_precision", "state_class", "state_topic", "unit_of_measurement", "value_template",
            ]),
            required: ["state_topic"]),
        "binary_sensor": Platform(
            options: shared.union([
                "device_class", "expire_after", "force_update", "off_delay", "payload_off", "payload_on", "qos", "state_topic",
                "value_template",
            ]),
            required: ["state_topic"]),
        "text": Platform(
            options: shared.union([
                "command_template", "command_topic", "max", "min", "mode", "pattern", "qos", "retain", "state_topic", "value_template",
            ]),
            required: ["command_topic"]),
        "select": Platform(
            options: shared.union([
                "command_template", "command_topic", "optimistic", "options", "qos", "retain", "state_topic", "value_template",
            ]),
            required: ["command_topic", "options"]),
        "button": Platform(
            options: shared.union(["command_template", "command_topic", "device_class", "payload_press", "qos", "retain"]),
            required: ["command_topic"]),
        "image": Platform(
            options: shared.union(["content_type", "image_encoding", "image_topic", "url_template", "url_topic"]),
            required: [], oneOf: ["image_topic", "url_topic"]),
    ]

    /// The sensor device classes the hub uses, with the units the sensor documentation allows for each
    /// (an empty set: no unit).
    static let sensorDeviceClassUnits: [String: Set<String>] = [
        "temperature": ["°C", "°F", "K"],
        "humidity": ["%"],
        "atmospheric_pressure": ["mPa", "Pa", "hPa", "kPa", "bar", "cbar", "mbar", "mmHg", "inHg", "inH₂O", "psi"],
        "timestamp": [],
        "enum": [],
    ]

    static let binarySensorDeviceClasses: Set<String> = ["problem"]
    static let stateClasses: Set<String> = ["measurement", "measurement_angle", "total", "total_increasing"]
    static let entityCategories: Set<String> = ["config", "diagnostic"]
}
