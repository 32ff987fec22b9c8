import FoundationEssentials

/// Open-Meteo's errors: HTTP 400 for a request it cannot answer (the reason says why), 429 when the
/// address is over the free API's limits, 503 when it is overloaded; every error carries the error body.
/// Open-Meteo sends no `Retry-After` with its 429s (one is honoured if it comes): the reason names the
/// limit passed (minute, hour or UTC day), and the hub waits until that counter starts again.
struct OpenMeteoErrors: ProviderErrorReading {
    let now: @Sendable () -> Date

    func fault(forErrorStatus response: HTTPResponse, placeName: String) -> WeatherFault {
        let reason = (try? JSONDecoder().decode(OpenMeteoErrorPayload.self, from: Data(response.body)))?.reason ?? ""
        switch response.status {
        case 429:
            let time = now()
            return .rateLimited(until: RetryAfter.date(from: response.value(forHeader: "Retry-After"), now: time) ?? limitEnd(reason, at: time))
        case 500..<600:
            return .serverError(status: response.status)
        default:
            return .unexpectedStatus(status: response.status, message: reason)
        }
    }

    func fault(inSuccessBody response: HTTPResponse, placeName: String) -> WeatherFault? { nil }

    /// When the limit a 429's reason names counts again: a minute from now, or a minute after the next
    /// full hour or 00:00 UTC (Open-Meteo's counters are reset by a task that runs once a minute).
    private func limitEnd(_ reason: String, at time: Date) -> Date? {
        let seconds = Int(time.timeIntervalSince1970.rounded(.down))
        let reason = reason.lowercased()
        let period: Int
        switch true {
        case reason.hasPrefix("minutely"): return time.addingTimeInterval(60)
        case reason.hasPrefix("hourly"): period = 3600
        case reason.hasPrefix("daily"): period = 86_400
        default: return nil
        }
        return Date(timeIntervalSince1970: Double((seconds.floorDivided(by: period) + 1) * period + 60))
    }
}
