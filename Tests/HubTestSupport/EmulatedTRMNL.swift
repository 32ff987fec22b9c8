public import Foundation
#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif
public import InkUI

/// A TRMNL device as its firmware behaves (docs/trmnl-protocol.md): it asks `/api/setup/` once for its
/// key, then on every wake asks `/api/display` with its headers, downloads the image only when the
/// `filename` differs from the one it shows, and sleeps `refresh_rate` seconds.
public final class EmulatedTRMNL: @unchecked Sendable {
    public struct Wake: Sendable {
        public let status: Int
        public let refreshRate: Int
        public let filename: String?
        public let imageURL: String?
        /// Whether the image was downloaded and drawn on this wake.
        public let redrew: Bool
    }

    public let mac: String
    public let firmware: String
    public let baseURL: String
    public private(set) var apiKey: String?
    public private(set) var friendlyID: String?
    /// The frame on the screen and its name.
    public private(set) var screen: Frame?
    public private(set) var shownFilename: String?
    public private(set) var wakes: [Wake] = []

    static let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = 128
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.timeoutIntervalForRequest = 30
        return URLSession(configuration: configuration)
    }()

    public init(mac: String, firmware: String = "1.5.7", baseURL: String) {
        self.mac = mac
        self.firmware = firmware
        self.baseURL = baseURL
    }

    /// `GET /api/setup/`: the answer's status, message and image URL; the key is kept when status is 200.
    @discardableResult
    public func setup() async throws -> (status: Int, message: String, imageURL: String?) {
        let (body, _) = try await Self.get(baseURL + "/api/setup/", headers: ["ID": mac, "FW-Version": firmware])
        let json = try Self.object(body)
        let status = json["status"] as? Int ?? -1
        if status == 200 {
            apiKey = json["api_key"] as? String
            friendlyID = json["friendly_id"] as? String
        }
        return (status, json["message"] as? String ?? "", json["image_url"] as? String)
    }

    /// One wake-up: ask for the display, fetch and decode the image when its name changed.
    @discardableResult
    public func wake(battery: String = "4.12", rssi: String = "-61") async throws -> Wake {
        let headers = [
            "ID": mac, "Access-Token": apiKey ?? "", "Refresh-Rate": "\(wakes.last?.refreshRate ?? 900)", "Battery-Voltage": battery,
            "FW-Version": firmware, "RSSI": rssi, "Width": "800", "Height": "480",
        ]
        let (body, response) = try await Self.get(baseURL + "/api/display", headers: headers)
        guard response.statusCode == 200 else {
            throw DeviceError(message: "HTTP \(response.statusCode): \(String(decoding: body, as: UTF8.self))")
        }
        let json = try Self.object(body)
        try Self.refuseHarmfulOrders(in: json)
        let status = json["status"] as? Int ?? -1
        let filename = json["filename"] as? String
        let imageURL = json["image_url"] as? String
        var redrew = false
        if status == 0, let imageURL, let filename, filename != shownFilename {
            let (image, imageResponse) = try await Self.get(imageURL, headers: [:])
            guard imageResponse.statusCode == 200 else { throw DeviceError(message: "image HTTP \(imageResponse.statusCode)") }
            screen = try Self.decode(image, contentType: imageResponse.value(forHTTPHeaderField: "Content-Type"))
            shownFilename = filename
            redrew = true
        }
        let wake = Wake(status: status, refreshRate: json["refresh_rate"] as? Int ?? 0, filename: filename, imageURL: imageURL, redrew: redrew)
        wakes.append(wake)
        return wake
    }

    /// What the firmware would obey and a test must never see: a reset forgets the device's Wi-Fi and key, an
    /// update flashes whatever `firmware_url` names, a special function changes what the device does.
    static func refuseHarmfulOrders(in json: [String: Any]) throws {
        if json["reset_firmware"] as? Bool == true { throw DeviceError(message: "told to reset its firmware") }
        if json["update_firmware"] as? Bool == true { throw DeviceError(message: "told to update its firmware from \(json["firmware_url"] ?? "?")") }
        if let special = json["special_function"] as? String, special != "none" {
            throw DeviceError(message: "told to run the special function `\(special)`")
        }
    }

    /// `POST /api/log` with the firmware 1.5.10+ body.
    public func postLog(_ messages: [String]) async throws -> Int {
        let entries = messages.enumerated().map { ["id": $0.offset, "message": $0.element, "level": "info"] as [String: Any] }
        let body = try JSONSerialization.data(withJSONObject: ["logs": entries])
        return try await Self.send("POST", baseURL + "/api/log", headers: ["ID": mac, "Access-Token": apiKey ?? "", "Content-Type": "application/json"], body: body).1.statusCode
    }

    public struct DeviceError: Error, CustomStringConvertible {
        public let message: String
        public init(message: String) { self.message = message }
        public var description: String { message }
    }

    public static func get(_ url: String, headers: [String: String]) async throws -> (Data, HTTPURLResponse) {
        try await send("GET", url, headers: headers, body: nil)
    }

    public static func send(_ method: String, _ url: String, headers: [String: String], body: Data?) async throws -> (Data, HTTPURLResponse) {
        var request = URLRequest(url: URL(string: url)!)
        request.httpMethod = method
        request.httpBody = body
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await session.data(for: request)
        return (data, response as! HTTPURLResponse)
    }

    public static func object(_ body: Data) throws -> [String: Any] {
        guard let object = try JSONSerialization.jsonObject(with: body) as? [String: Any] else {
            throw DeviceError(message: "not a JSON object: \(String(decoding: body, as: UTF8.self))")
        }
        return object
    }

    /// What the firmware does with the bytes: `BM` is a bitmap, `image/png` a PNG.
    public static func decode(_ bytes: Data, contentType: String?) throws -> Frame {
        let array = [UInt8](bytes)
        if array.starts(with: Array("BM".utf8)) { return try decodeBMP(array) }
        guard contentType == "image/png" else { throw DeviceError(message: "neither BMP nor image/png: \(contentType ?? "no type")") }
        return try PNGDecoder.decode(array)
    }

    /// The firmware's checks of a 1-bit bitmap: 40-byte header, 1 bit per pixel, bottom-up, pixels at 62,
    /// palette black then white.
    public static func decodeBMP(_ bmp: [UInt8]) throws -> Frame {
        func uint32(_ offset: Int) -> Int { Int(bmp[offset]) | Int(bmp[offset + 1]) << 8 | Int(bmp[offset + 2]) << 16 | Int(bmp[offset + 3]) << 24 }
        let width = uint32(18), height = uint32(22)
        guard uint32(14) == 40, bmp[28] == 1, height > 0, uint32(10) == 62, Array(bmp[54..<62]) == [0, 0, 0, 0, 255, 255, 255, 0] else {
            throw DeviceError(message: "a bitmap the firmware rejects")
        }
        let rowBytes = (width + 31) / 32 * 4
        var frame = Frame(size: PixelSize(width: width, height: height), capability: .monochrome)
        for y in 0..<height {
            let row = 62 + (height - 1 - y) * rowBytes
            for x in 0..<width where bmp[row + x / 8] & (0x80 >> (x % 8)) == 0 {
                frame[x, y] = .black
            }
        }
        return frame
    }
}
