/// An error body: `{"cod":401, "message": "Invalid API key. …"}` or `{"cod":"404","message":"city not found"}`.
/// In success bodies `message` may be the number `0`, which reads as no message.
struct ErrorPayload: Decodable {
    var cod: FlexibleCode?
    var message: String?

    private enum CodingKeys: String, CodingKey { case cod, message }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        cod = try? container.decodeIfPresent(FlexibleCode.self, forKey: .cod)
        message = try? container.decodeIfPresent(String.self, forKey: .message)
    }
}
