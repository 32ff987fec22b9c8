/// The places the Open-Meteo tests use, with the zones `timezone=auto` resolves them to (summer offsets).
extension OpenMeteoTestBodies.Place {
    public static let berlin = Self(
        name: "Berlin", countryCode: "DE", country: "Deutschland", admin1: "Berlin", latitude: 52.52437, longitude: 13.41053,
        timezone: "Europe/Berlin", utcOffsetSeconds: 7200)
    /// UTC+5:45: local hours fall at a quarter past the UTC hour.
    public static let kathmandu = Self(
        name: "Kathmandu", countryCode: "NP", country: "Nepal", admin1: "Bagmati Province", latitude: 27.70169, longitude: 85.3206,
        timezone: "Asia/Kathmandu", utcOffsetSeconds: 20_700)
    /// UTC−9:30.
    public static let taiohae = Self(
        name: "Taiohae", countryCode: "PF", country: "French Polynesia", latitude: -8.9115, longitude: -140.0991,
        timezone: "Pacific/Marquesas", utcOffsetSeconds: -34_200)
    public static let zocca = Self(
        name: "Zocca", countryCode: "IT", country: "Italia", admin1: "Emilia-Romagna", latitude: 44.34, longitude: 10.99,
        timezone: "Europe/Rome", utcOffsetSeconds: 7200)
    public static let lyon = Self(
        name: "Lyon", countryCode: "FR", country: "France", admin1: "Auvergne-Rhône-Alpes", latitude: 45.74846, longitude: 4.84671,
        timezone: "Europe/Paris", utcOffsetSeconds: 7200)
    public static let parisFrance = Self(
        name: "Paris", countryCode: "FR", country: "France", admin1: "Île-de-France", latitude: 48.85341, longitude: 2.3488,
        timezone: "Europe/Paris", utcOffsetSeconds: 7200)
    public static let parisTexas = Self(
        name: "Paris", countryCode: "US", country: "United States", admin1: "Texas", latitude: 33.66094, longitude: -95.55551,
        timezone: "America/Chicago", utcOffsetSeconds: -18_000)
}
