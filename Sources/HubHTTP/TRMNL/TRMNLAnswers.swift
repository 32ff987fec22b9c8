/// The JSON bodies TRMNL's firmware parses (docs/trmnl-protocol.md), with its field names and types.
enum TRMNLAnswer {
    /// `/api/setup`.
    struct Setup: Encodable {
        var status: Int
        var apiKey: String?
        var friendlyID: String?
        var imageURL: String?
        var message: String

        enum CodingKeys: String, CodingKey {
            case status, apiKey = "api_key", friendlyID = "friendly_id", imageURL = "image_url", message
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(status, forKey: .status)
            try container.encode(apiKey, forKey: .apiKey)
            try container.encode(friendlyID, forKey: .friendlyID)
            try container.encode(imageURL, forKey: .imageURL)
            try container.encode(message, forKey: .message)
        }
    }

    /// `/api/display`. Never `reset_firmware: true` nor `status` 500: either wipes the device's Wi-Fi and
    /// server settings.
    struct Display: Encodable {
        var status: Int
        var imageURL: String?
        var filename: String?
        var refreshRate: Int
        var resetFirmware: Bool
        var updateFirmware = false
        var firmwareURL = ""
        var specialFunction = "none"
        var imageURLTimeout = 0

        enum CodingKeys: String, CodingKey {
            case status, imageURL = "image_url", filename, refreshRate = "refresh_rate", resetFirmware = "reset_firmware"
            case updateFirmware = "update_firmware", firmwareURL = "firmware_url", specialFunction = "special_function"
            case imageURLTimeout = "image_url_timeout"
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(status, forKey: .status)
            try container.encode(imageURL, forKey: .imageURL)
            try container.encode(filename, forKey: .filename)
            try container.encode(refreshRate, forKey: .refreshRate)
            try container.encode(resetFirmware, forKey: .resetFirmware)
            try container.encode(updateFirmware, forKey: .updateFirmware)
            try container.encode(firmwareURL, forKey: .firmwareURL)
            try container.encode(specialFunction, forKey: .specialFunction)
            try container.encode(imageURLTimeout, forKey: .imageURLTimeout)
        }
    }

    /// A status and a message: `/api/log`'s answer, and refusals (the firmware reads only their HTTP status).
    struct Message: Encodable {
        var status: Int
        var message: String
    }
}
