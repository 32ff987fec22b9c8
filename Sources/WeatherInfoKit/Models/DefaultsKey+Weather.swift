public import SharedDefaultsKit

/// The weather keys `weatherhub` and `weatherctl` share, as the seeds' App Group keys.
extension DefaultsKey where Value == Location? {
    /// The city the weather widgets show; `nil` means the configuration's default city. A city without
    /// coordinates was stored offline (`weatherctl city set --no-verify`) and is geocoded by the service.
    public static var city: DefaultsKey<Location?> { DefaultsKey("city", default: nil) }
}

extension DefaultsKey where Value == Units? {
    /// The unit system chosen from the CLI; `nil` means the configuration's.
    public static var units: DefaultsKey<Units?> { DefaultsKey("units", default: nil) }
}
