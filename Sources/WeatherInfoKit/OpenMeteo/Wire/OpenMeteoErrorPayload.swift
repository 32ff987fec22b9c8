/// Open-Meteo's error body, sent with the error status: `{"error": true, "reason": "…"}`.
struct OpenMeteoErrorPayload: Decodable {
    var error: Bool
    var reason: String?
}
