/// The keys `weatherhub` and `weatherctl` share, as the seeds' App Group keys.
extension DefaultsKey where Value == Location? {
    /// The city the weather widgets show; `nil` means the configuration's default city. A city without
    /// coordinates was stored offline (`weatherctl city set --no-verify`) and is geocoded by the service.
    public static var city: DefaultsKey<Location?> { DefaultsKey("city", default: nil) }
}

extension DefaultsKey where Value == Units? {
    /// The unit system chosen from the CLI; `nil` means the configuration's.
    public static var units: DefaultsKey<Units?> { DefaultsKey("units", default: nil) }
}

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
