public import FoundationEssentials

/// One local day of a forecast, in the report's ``Units``.
///
/// From 3-hourly slots, a day is every slot whose time falls on that date at the location (see
/// ``Forecast`` for which UTC offset that uses). Its main condition is the **most severe** of the slots'
/// main conditions (``WeatherCondition/severity``; the earliest wins a tie), not the most frequent:
/// the panel is glanced at to decide what to wear or carry, and a day of six cloudy slots and two of
/// thunderstorm is a thunderstorm day. The precipitation chance beside it says how likely that is.
public struct DailyForecast: Sendable, Hashable, Codable {
    /// The date at the location.
    public var date: LocalDate
    public var high: Double
    public var low: Double
    /// The day's main condition, shown with its day icon.
    public var condition: WeatherCondition?
    /// The highest probability of precipitation of the day, 0…1.
    public var precipitationChance: Double
    /// Rain expected over the day, mm.
    public var rainAmount: Double
    /// Snow expected over the day, mm.
    public var snowAmount: Double
    /// Hours of the day the forecast covers: 24 for a whole day, less for today (its past is not
    /// forecast) and for the last day of a 5-day list.
    public var coveredHours: Int
    /// The day's highest UV index, when the provider gives one (One Call, Open-Meteo).
    public var uvIndexMax: Double?
    /// Sunrise and sunset at the location that day, when the provider gives them per day; absent in
    /// polar day and night too.
    public var sunrise: Date?
    public var sunset: Date?

    public init(
        date: LocalDate, high: Double, low: Double, condition: WeatherCondition?, precipitationChance: Double,
        rainAmount: Double, snowAmount: Double, coveredHours: Int, uvIndexMax: Double? = nil, sunrise: Date? = nil,
        sunset: Date? = nil
    ) {
        self.date = date
        self.high = high
        self.low = low
        self.condition = condition
        self.precipitationChance = precipitationChance
        self.rainAmount = rainAmount
        self.snowAmount = snowAmount
        self.coveredHours = coveredHours
        self.uvIndexMax = uvIndexMax
        self.sunrise = sunrise
        self.sunset = sunset
    }

    /// Rain and snow together, mm.
    public var precipitationAmount: Double { rainAmount + snowAmount }

    /// Whether snow makes up most of the day's precipitation (or its condition is snow when no amount
    /// is given).
    public var isMostlySnow: Bool {
        if snowAmount > 0 { return snowAmount >= rainAmount }
        return rainAmount == 0 && condition?.group == .snow
    }

    /// Groups time-sorted slots by their local date; a slot's amounts count for the day of its time.
    static func grouping(_ slots: [ForecastSlot], slotHours: Int, utcOffsetSeconds: Int) -> [DailyForecast] {
        var days: [DailyForecast] = []
        var daySlots: [ForecastSlot] = []
        var currentDate: LocalDate?
        func close() {
            guard let date = currentDate, !daySlots.isEmpty else { return }
            days.append(DailyForecast(date: date, slots: daySlots, slotHours: slotHours))
        }
        for slot in slots {
            let date = LocalDate(containing: slot.time, utcOffsetSeconds: utcOffsetSeconds)
            if date != currentDate {
                close()
                currentDate = date
                daySlots = []
            }
            daySlots.append(slot)
        }
        close()
        return days
    }

    private init(date: LocalDate, slots: [ForecastSlot], slotHours: Int) {
        let temperatures = slots.map(\.temperature)
        var main: WeatherCondition?
        for case let condition? in slots.map(\.condition) where condition.severity > main?.severity ?? Int.min {
            main = condition
        }
        self.init(
            date: date,
            high: temperatures.max() ?? 0,
            low: temperatures.min() ?? 0,
            condition: main.map(Self.dayVariant),
            precipitationChance: slots.map(\.precipitationChance).max() ?? 0,
            rainAmount: slots.reduce(0) { $0 + ($1.rainAmount ?? 0) },
            snowAmount: slots.reduce(0) { $0 + ($1.snowAmount ?? 0) },
            coveredHours: min(24, slots.count * slotHours),
            uvIndexMax: slots.compactMap(\.uvIndex).max())
    }

    /// A day is drawn with day icons even when its worst weather came at night.
    private static func dayVariant(_ condition: WeatherCondition) -> WeatherCondition {
        var day = condition
        day.isDaytime = true
        if day.iconCode.hasSuffix("n") { day.iconCode = String(day.iconCode.dropLast()) + "d" }
        return day
    }
}
