/// The JSON bodies TRMNL's firmware parses (docs/trmnl-protocol.md), with its field names and types.
enum TRMNLAnswer {
    /// `/api/setup`: `status` 200 with the key, or 404 with a message the device shows.
    static func setup(status: Int, apiKey: String? = nil, friendlyID: String? = nil, imageURL: String? = nil, message: String) -> JSONObject {
        var object = JSONObject()
        object.add("status", status)
        object.add("api_key", apiKey)
        object.add("friendly_id", friendlyID)
        object.add("image_url", imageURL)
        object.add("message", message)
        return object
    }

    /// `/api/display`. Never `reset_firmware: true` nor `status` 500: either wipes the device's Wi-Fi and
    /// server settings. Firmware updates are not offered.
    static func display(status: Int, imageURL: String?, filename: String?, refreshRate: Int) -> JSONObject {
        var object = JSONObject()
        object.add("status", status)
        object.add("image_url", imageURL)
        object.add("filename", filename)
        object.add("refresh_rate", refreshRate)
        object.add("reset_firmware", false)
        object.add("update_firmware", false)
        object.add("firmware_url", "")
        object.add("special_function", "none")
        object.add("image_url_timeout", 0)
        return object
    }

    /// A status and a message: `/api/log`'s answer, and refusals (the firmware reads only their HTTP status).
    static func message(status: Int, _ message: String) -> JSONObject {
        var object = JSONObject()
        object.add("status", status)
        object.add("message", message)
        return object
    }
}
