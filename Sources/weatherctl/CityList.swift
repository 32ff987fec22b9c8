import WeatherInfoKit

/// Places as `weatherctl` lists them: `1. Paris, FR (48.86, 2.35)`, the numbers `--pick` takes.
enum CityList {
    static func numbered(_ places: [Location]) -> String {
        places.enumerated().map { index, place in
            let position = place.coordinates.map { " (\(rounded($0.latitude)), \(rounded($0.longitude)))" } ?? ""
            return "  \(index + 1). \(place.displayName)\(position)"
        }.joined(separator: "\n")
    }

    private static func rounded(_ value: Double) -> String {
        String((value * 100).rounded() / 100)
    }
}
