import HubSystem

/// OpenWeatherMap's `cod`: a number in some bodies (`200`, `401`), a string in others (`"200"`, `"404"`).
struct FlexibleCode: Decodable, Hashable {
    var value: Int?

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Int.self) {
            value = number
        } else if let text = try? container.decode(String.self) {
            value = Int(text.trimmedWhitespace)
        } else {
            value = nil
        }
    }
}
