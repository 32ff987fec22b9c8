/// The software that produced a message, which decides how its topic and payload are read.
public enum SensorEcosystem: String, CaseIterable, Sendable, Hashable, Codable {
    case rtl433 = "rtl_433"
    case zigbee2mqtt
    case tasmota
    case esphome
    case theengs
    case shellyGen1 = "shelly_gen1"
    case shellyGen2 = "shelly_gen2"
    case homeAssistant = "ha_statestream"
    case generic
    case plainNumber = "plain_number"
}
