public import SharedDefaultsKit
public import WeatherInfoKit

/// The widgets' own state in the shared defaults: the forecast day a person chose, and the daily quote.
extension DefaultsKey where Value == Int {
    /// The forecast widget's day, counted from today (the seed's `daysFromNow`).
    public static var selectedForecastDay: DefaultsKey<Int> { DefaultsKey("selectedForecastDay", default: 0) }

    /// The daily quote shown on `dailyQuoteDate`.
    public static var dailyQuoteIndex: DefaultsKey<Int> { DefaultsKey("dailyQuoteIndex", default: 0) }
}

extension DefaultsKey where Value == LocalDate? {
    /// The local date the daily quote last changed; a new date picks the next quote.
    public static var dailyQuoteDate: DefaultsKey<LocalDate?> { DefaultsKey("dailyQuoteDate", default: nil) }
}
