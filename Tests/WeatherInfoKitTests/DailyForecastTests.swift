import Foundation
import Testing
import WeatherInfoKit

/// Day grouping by the location's own date, with an injected "now": odd offsets, midnight, DST.
@Suite("days at the location")
struct DailyForecastTests {
    /// The instant of a UTC wall-clock time.
    private func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int = 0) -> Date {
        LocalDate(year: year, month: month, day: day).start(utcOffsetSeconds: 0).addingTimeInterval(Double(hour * 3600 + minute * 60))
    }

    private func slot(
        _ time: Date, _ temperature: Double = 10, id: Int = 800, icon: String = "01d", pop: Double = 0, rain: Double? = nil,
        snow: Double? = nil
    ) -> ForecastSlot {
        ForecastSlot(
            time: time, temperature: temperature, feelsLike: nil,
            conditions: [WeatherCondition(id: id, main: "", description: "", iconCode: icon, isDaytime: icon.hasSuffix("d"))],
            precipitationChance: pop, rainAmount: rain, snowAmount: snow)
    }

    private func dates(_ forecast: Forecast) -> [LocalDate] { forecast.days.map(\.date) }

    @Test("Kathmandu, UTC+5:45: 18:00 UTC is 23:45 the same day, 21:00 UTC is 02:45 the next")
    func kathmandu() {
        let forecast = Forecast(
            slots: [slot(utc(2026, 1, 10, 15)), slot(utc(2026, 1, 10, 18)), slot(utc(2026, 1, 10, 21))], slotHours: 3,
            utcOffsetSeconds: 5 * 3600 + 45 * 60)
        #expect(dates(forecast) == [LocalDate(year: 2026, month: 1, day: 10), LocalDate(year: 2026, month: 1, day: 11)])
        #expect(forecast.days.map(\.coveredHours) == [6, 3])
    }

    @Test("Tonga, UTC+13: 09:00 UTC is 22:00, 12:00 UTC is 01:00 the next day")
    func tonga() {
        let forecast = Forecast(slots: [slot(utc(2026, 1, 10, 9)), slot(utc(2026, 1, 10, 12))], slotHours: 3, utcOffsetSeconds: 13 * 3600)
        #expect(dates(forecast) == [LocalDate(year: 2026, month: 1, day: 10), LocalDate(year: 2026, month: 1, day: 11)])
    }

    @Test("Marquesas, UTC−9:30: 09:00 UTC is 23:30 the day before, 12:00 UTC is 02:30")
    func marquesas() {
        let forecast = Forecast(slots: [slot(utc(2026, 1, 10, 9)), slot(utc(2026, 1, 10, 12))], slotHours: 3, utcOffsetSeconds: -(9 * 3600 + 30 * 60))
        #expect(dates(forecast) == [LocalDate(year: 2026, month: 1, day: 9), LocalDate(year: 2026, month: 1, day: 10)])
    }

    @Test("a slot at local midnight belongs to the new day")
    func midnight() {
        let forecast = Forecast(slots: [slot(utc(2026, 6, 1, 20)), slot(utc(2026, 6, 1, 22))], slotHours: 3, utcOffsetSeconds: 7200)
        #expect(dates(forecast) == [LocalDate(year: 2026, month: 6, day: 1), LocalDate(year: 2026, month: 6, day: 2)])
    }

    @Test("five days of 3-hour slots at UTC+5:45 make whole days of eight slots")
    func wholeDays() {
        let start = utc(2026, 1, 10, 0)
        let slots = (0..<40).map { slot(start.addingTimeInterval(Double($0 * 10_800))) }
        let forecast = Forecast(slots: slots, slotHours: 3, utcOffsetSeconds: 20_700)
        // 00:00 UTC is 05:45 local: seven slots remain on the first day, one spills onto the sixth.
        #expect(forecast.days.count == 6)
        #expect(forecast.days.map(\.coveredHours) == [21, 24, 24, 24, 24, 3])
        #expect(forecast.days.first?.date == LocalDate(year: 2026, month: 1, day: 10))
    }

    @Test("across a DST change the response's one offset places every slot, until a fetch after the change")
    func daylightSavingChange() {
        // Paris moves from UTC+1 to UTC+2 at 01:00 UTC on 2026-03-29. 22:00 UTC that evening is midnight CEST.
        let slots = [slot(utc(2026, 3, 29, 19)), slot(utc(2026, 3, 29, 22))]
        let fetchedBefore = Forecast(slots: slots, slotHours: 3, utcOffsetSeconds: 3600)
        #expect(dates(fetchedBefore) == [LocalDate(year: 2026, month: 3, day: 29)])
        let fetchedAfter = Forecast(slots: slots, slotHours: 3, utcOffsetSeconds: 7200)
        #expect(dates(fetchedAfter) == [LocalDate(year: 2026, month: 3, day: 29), LocalDate(year: 2026, month: 3, day: 30)])
    }

    @Test("today is the location's date at the injected now, not UTC's or the machine's")
    func todayAtLocation() {
        let start = utc(2026, 1, 9, 12)
        let slots = (0..<24).map { slot(start.addingTimeInterval(Double($0 * 10_800)), Double($0)) }
        let forecast = Forecast(slots: slots, slotHours: 3, utcOffsetSeconds: 13 * 3600)
        // 2026-01-10 12:00 UTC is already 01:00 on the 11th in Tonga.
        let now = utc(2026, 1, 10, 12)
        #expect(forecast.localDate(at: now) == LocalDate(year: 2026, month: 1, day: 11))
        #expect(forecast.days(from: now).first?.date == LocalDate(year: 2026, month: 1, day: 11))
        #expect(forecast.day(daysFromNow: 0, at: now)?.date == LocalDate(year: 2026, month: 1, day: 11))
        #expect(forecast.day(daysFromNow: 1, at: now)?.date == LocalDate(year: 2026, month: 1, day: 12))
        #expect(forecast.day(daysFromNow: 9, at: now) == nil)
    }

    @Test("a day's high, low, precipitation chance and amounts come from its slots")
    func dayFigures() throws {
        let forecast = Forecast(
            slots: [
                slot(utc(2026, 7, 1, 0), 14, pop: 0.2, rain: 0.4),
                slot(utc(2026, 7, 1, 12), 25, pop: 0.6, rain: 1.1),
                slot(utc(2026, 7, 1, 15), 23, snow: 0.5),
            ], slotHours: 3, utcOffsetSeconds: 0)
        let day = try #require(forecast.days.first)
        #expect(day.high == 25 && day.low == 14)
        #expect(day.precipitationChance == 0.6)
        #expect(abs(day.rainAmount - 1.5) < 1e-9 && day.snowAmount == 0.5)
        #expect(abs(day.precipitationAmount - 2.0) < 1e-9)
    }

    @Test("a day's condition is its most severe one, drawn with the day icon")
    func mostSevere() throws {
        let forecast = Forecast(
            slots: [
                slot(utc(2026, 7, 1, 3), id: 500, icon: "10n"),
                slot(utc(2026, 7, 1, 9), id: 804, icon: "04d"),
                slot(utc(2026, 7, 1, 12), id: 800, icon: "01d"),
                slot(utc(2026, 7, 1, 15), id: 800, icon: "01d"),
                slot(utc(2026, 7, 1, 18), id: 800, icon: "01d"),
            ], slotHours: 3, utcOffsetSeconds: 0)
        let condition = try #require(forecast.days.first?.condition)
        #expect(condition.id == 500)
        #expect(condition.iconCode == "10d" && condition.isDaytime)
    }

    @Test("severity orders thunderstorm over snow over rain over drizzle over fog over clouds over clear")
    func severityOrder() {
        let ids = [211, 601, 501, 301, 741, 804, 802, 800]
        let severities = ids.map { WeatherCondition(id: $0, main: "", description: "", iconCode: "", isDaytime: true).severity }
        #expect(severities == severities.sorted(by: >))
        #expect(Set(severities).count == ids.count)
    }

    @Test("the earliest of equally severe conditions wins")
    func tie() throws {
        let forecast = Forecast(
            slots: [slot(utc(2026, 7, 1, 6), id: 502, icon: "10d"), slot(utc(2026, 7, 1, 9), id: 503, icon: "10d"),
                    slot(utc(2026, 7, 1, 12), id: 503, icon: "10d")],
            slotHours: 3, utcOffsetSeconds: 0)
        // 503 (very heavy) outranks 502 (heavy); between the two 503 slots the first is kept.
        #expect(forecast.days.first?.condition?.id == 503)
    }

    @Test("next hours and the next change follow the injected now")
    func nextSlots() {
        let times = (0..<5).map { utc(2026, 1, 10, 3 * $0) }
        let forecast = Forecast(slots: times.map { slot($0) }, slotHours: 3, utcOffsetSeconds: 20_700)
        let now = utc(2026, 1, 10, 4)
        #expect(forecast.nextSlots(after: now, limit: 2).map(\.time) == [times[2], times[3]])
        #expect(forecast.nextSlotChange(after: now) == times[2])
        #expect(forecast.nextSlotChange(after: times[4]) == nil)
        // 23:45 in Kathmandu: midnight is 15 minutes away.
        #expect(forecast.nextLocalMidnight(after: utc(2026, 1, 10, 18)) == utc(2026, 1, 10, 18, 15))
    }
}
