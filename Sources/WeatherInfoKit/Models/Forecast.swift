public import FoundationEssentials

/// A forecast for one location: its slots and the days they make, in the report's ``Units``.
///
/// **Which UTC offset applies.** `/data/2.5/forecast` gives one offset (`city.timezone`), the one in
/// force when the response was made, and no zone name, so every slot of that response is placed on a
/// local date with that one offset. When a DST change falls inside the five days, slots after it are
/// off by the change (one hour) until a later fetch, made after the change, brings the new offset; at
/// most the one slot nearest midnight lands on the neighbouring day. One Call's days are its own
/// `daily[]` entries, dated at their midday `dt`, which a one-hour shift cannot move to another date.
/// A legacy response without any offset is grouped with an offset estimated from the longitude
/// (``isUTCOffsetEstimated``).
public struct Forecast: Sendable, Hashable, Codable {
    /// The location's shift from UTC in seconds, as the response gave it (or estimated).
    public var utcOffsetSeconds: Int
    /// `true` when the response had no offset and it was estimated from the longitude (15° an hour).
    public var isUTCOffsetEstimated: Bool
    /// Hours between slots: 3 for the 5-day forecast, 1 for One Call.
    public var slotHours: Int
    /// The slots, sorted by time.
    public var slots: [ForecastSlot]
    /// The days, in date order, from the first slot's date.
    public var days: [DailyForecast]
    /// Official warnings for the location, in start order (One Call only; empty elsewhere).
    public var alerts: [WeatherAlert]

    /// A forecast whose days are the slots grouped by local date.
    public init(
        slots: [ForecastSlot], slotHours: Int, utcOffsetSeconds: Int, isUTCOffsetEstimated: Bool = false,
        alerts: [WeatherAlert] = []
    ) {
        let sorted = slots.sorted { $0.time < $1.time }
        self.init(
            slots: sorted, slotHours: slotHours, utcOffsetSeconds: utcOffsetSeconds,
            isUTCOffsetEstimated: isUTCOffsetEstimated,
            days: DailyForecast.grouping(sorted, slotHours: slotHours, utcOffsetSeconds: utcOffsetSeconds), alerts: alerts)
    }

    /// A forecast whose days come with it (One Call's `daily[]`, Open-Meteo's `daily`).
    public init(
        slots: [ForecastSlot], slotHours: Int, utcOffsetSeconds: Int, isUTCOffsetEstimated: Bool,
        days: [DailyForecast], alerts: [WeatherAlert] = []
    ) {
        self.utcOffsetSeconds = utcOffsetSeconds
        self.isUTCOffsetEstimated = isUTCOffsetEstimated
        self.slotHours = slotHours
        self.slots = slots.sorted { $0.time < $1.time }
        self.days = days.sorted { $0.date < $1.date }
        self.alerts = alerts.sorted { ($0.start, $0.end) < ($1.start, $1.end) }
    }

    private enum CodingKeys: String, CodingKey {
        case utcOffsetSeconds, isUTCOffsetEstimated, slotHours, slots, days, alerts
    }

    /// Decodes a forecast; one cached before alerts existed has none.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            slots: try container.decode([ForecastSlot].self, forKey: .slots),
            slotHours: try container.decode(Int.self, forKey: .slotHours),
            utcOffsetSeconds: try container.decode(Int.self, forKey: .utcOffsetSeconds),
            isUTCOffsetEstimated: try container.decode(Bool.self, forKey: .isUTCOffsetEstimated),
            days: try container.decode([DailyForecast].self, forKey: .days),
            alerts: try container.decodeIfPresent([WeatherAlert].self, forKey: .alerts) ?? [])
    }

    /// The alerts not yet over at `now`: in force, or announced for later.
    public func alerts(notEndedAt now: Date) -> [WeatherAlert] {
        alerts.filter { $0.end > now }
    }

    /// The date at the location at `now`.
    public func localDate(at now: Date) -> LocalDate {
        LocalDate(containing: now, utcOffsetSeconds: utcOffsetSeconds)
    }

    /// The days from the location's today on: a forecast fetched yesterday does not show yesterday.
    public func days(from now: Date) -> [DailyForecast] {
        let today = localDate(at: now)
        return days.filter { $0.date >= today }
    }

    /// The day `daysFromNow` after the location's today (0 is today), if the forecast reaches it.
    public func day(daysFromNow: Int, at now: Date) -> DailyForecast? {
        let wanted = localDate(at: now).adding(days: daysFromNow)
        return days.first { $0.date == wanted }
    }

    /// The next slots at or after `now`, for the next-hours row of the medium widget.
    public func nextSlots(after now: Date, limit: Int) -> [ForecastSlot] {
        Array(slots.lazy.filter { $0.time >= now }.prefix(limit))
    }

    /// The first slot time after `now`, when what "next hours" shows changes; `nil` past the last slot.
    public func nextSlotChange(after now: Date) -> Date? {
        slots.first { $0.time > now }?.time
    }

    /// The next midnight at the location after `now`, when "today" changes.
    public func nextLocalMidnight(after now: Date) -> Date {
        localDate(at: now).adding(days: 1).start(utcOffsetSeconds: utcOffsetSeconds)
    }

    /// The offset a place at this longitude would have on solar time, in whole hours.
    static func estimatedUTCOffset(longitude: Double) -> Int {
        Int((longitude / 15).rounded()) * 3600
    }
}
