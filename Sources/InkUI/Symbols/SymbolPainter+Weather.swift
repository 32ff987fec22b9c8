#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a cloud goes: its design box (0…1) moved by `x`, `y` and scaled by `scale`.
struct CloudPlacement {
    var x: Double
    var y: Double
    var scale: Double

    /// A lone cloud, centred.
    static let centred = CloudPlacement(x: 0, y: 0.06, scale: 1)
    /// A cloud at the top, leaving the lower third for precipitation.
    static let top = CloudPlacement(x: 0.02, y: -0.12, scale: 0.96)
}

/// The weather condition designs.
extension SymbolPainter {
    /// The outline stroke used throughout the weather symbols.
    var outline: Double { 0.07 }

    /// Draws the symbol if it is one of these designs; `false` when it is not.
    func drawWeather(_ symbol: Symbol) -> Bool {
        switch symbol {
        case .sun:
            sun(0.5, 0.5, radius: 0.17, rays: (0.28, 0.44))
        case .moon:
            moon(0.5, 0.5, radius: 0.34)
        case .cloudSun:
            sun(0.36, 0.33, radius: 0.13, rays: (0.2, 0.3))
            cloud(CloudPlacement(x: 0.1, y: 0.14, scale: 0.9), filled: false, gap: 0.05)
        case .cloudMoon:
            moon(0.34, 0.32, radius: 0.22)
            cloud(CloudPlacement(x: 0.1, y: 0.14, scale: 0.9), filled: false, gap: 0.05)
        case .cloud:
            cloud(.centred, filled: false, gap: 0)
        case .clouds:
            cloud(CloudPlacement(x: 0.22, y: -0.04, scale: 0.74), filled: false, gap: 0)
            cloud(CloudPlacement(x: 0, y: 0.2, scale: 0.84), filled: false, gap: 0.05)
        case .cloudOvercast:
            cloud(CloudPlacement(x: 0.22, y: -0.04, scale: 0.74), filled: true, gap: 0)
            cloud(CloudPlacement(x: 0, y: 0.2, scale: 0.84), filled: true, gap: 0.05)
        case .cloudDrizzle:
            cloud(.top, filled: false, gap: 0)
            for (x, y) in [(0.3, 0.72), (0.5, 0.78), (0.7, 0.72), (0.4, 0.92), (0.6, 0.92)] where !compact || y < 0.8 {
                disc(x, y, 0.045)
            }
        case .cloudRain:
            cloud(.top, filled: false, gap: 0)
            rain(at: [0.36, 0.54, 0.72], from: 0.66, to: 0.88, width: outline)
        case .cloudSunRain:
            sun(0.3, 0.26, radius: 0.11, rays: (0.17, 0.25))
            cloud(CloudPlacement(x: 0.1, y: -0.06, scale: 0.88), filled: false, gap: 0.05)
            rain(at: [0.44, 0.62, 0.8], from: 0.68, to: 0.9, width: outline)
        case .cloudMoonRain:
            moon(0.28, 0.26, radius: 0.18)
            cloud(CloudPlacement(x: 0.1, y: -0.06, scale: 0.88), filled: false, gap: 0.05)
            rain(at: [0.44, 0.62, 0.8], from: 0.68, to: 0.9, width: outline)
        case .cloudHeavyRain:
            cloud(.top, filled: true, gap: 0)
            rain(at: compact ? [0.3, 0.52, 0.74] : [0.28, 0.44, 0.6, 0.76], from: 0.64, to: 0.96, width: 0.09)
        case .cloudFreezingRain:
            cloud(.top, filled: false, gap: 0)
            rain(at: [0.32, 0.74], from: 0.66, to: 0.9, width: outline)
            flake(0.52, 0.8, radius: compact ? 0.1 : 0.09)
        case .cloudSnow:
            cloud(.top, filled: false, gap: 0)
            if compact {
                flake(0.32, 0.8, radius: 0.11)
                flake(0.7, 0.8, radius: 0.11)
            } else {
                flake(0.3, 0.76, radius: 0.08)
                flake(0.7, 0.76, radius: 0.08)
                flake(0.5, 0.9, radius: 0.08)
            }
        case .cloudSleet:
            cloud(.top, filled: false, gap: 0)
            rain(at: [0.34, 0.64], from: 0.66, to: 0.9, width: outline)
            disc(0.48, 0.84, 0.05)
            disc(0.78, 0.84, 0.05)
        case .cloudBolt:
            cloud(.top, filled: false, gap: 0)
            bolt()
        case .cloudBoltRain:
            cloud(.top, filled: false, gap: 0)
            bolt()
            rain(at: [0.26, 0.84], from: 0.68, to: 0.9, width: outline)
        case .fog:
            streaks([(0.3, 0.2, 0.8), (0.44, 0.12, 0.7), (0.58, 0.28, 0.88), (0.72, 0.16, 0.76)])
        case .sunHaze:
            sun(0.5, 0.4, radius: 0.14, rays: (0.22, 0.34))
            haze()
        case .moonHaze:
            moon(0.5, 0.38, radius: 0.26)
            haze()
        case .dust:
            streaks([(0.32, 0.1, 0.58), (0.5, 0.3, 0.9), (0.68, 0.1, 0.52)])
            for (x, y) in [(0.78, 0.32), (0.14, 0.5), (0.72, 0.68), (0.9, 0.68)] { disc(x, y, 0.045) }
        case .smoke:
            for x in [0.3, 0.5, 0.7] { wisp(x) }
        case .wind:
            gust(y: 0.36, to: 0.62, curlRadius: 0.1, up: true)
            gust(y: 0.52, to: 0.8, curlRadius: 0.08, up: true)
            gust(y: 0.68, to: 0.56, curlRadius: 0.09, up: false)
        case .tornado:
            streaks([(0.18, 0.08, 0.92), (0.32, 0.18, 0.82), (0.46, 0.3, 0.76), (0.6, 0.38, 0.7), (0.74, 0.44, 0.62), (0.88, 0.5, 0.56)])
        default:
            return false
        }
        return true
    }

    // MARK: Parts

    /// A disc with rays between the two radii.
    func sun(_ x: Double, _ y: Double, radius: Double, rays: (Double, Double)) {
        disc(x, y, radius)
        // Small suns keep the four upright rays: eight would merge into a blot.
        let count = compact && radius < 0.15 ? 4 : 8
        for ray in 0..<count {
            let angle = Double(ray) * 2 * .pi / Double(count)
            line(x + cos(angle) * rays.0, y + sin(angle) * rays.0, x + cos(angle) * rays.1, y + sin(angle) * rays.1, width: outline)
        }
    }

    /// A crescent opening to the upper right.
    func moon(_ x: Double, _ y: Double, radius: Double) {
        disc(x, y, radius)
        disc(x + radius * 0.48, y - radius * 0.36, radius * 0.8, erase: true)
    }

    /// A cloud of three puffs on a rounded base, outlined or solid; `gap` first clears a margin around it
    /// so it stands out from what lies behind.
    func cloud(_ placement: CloudPlacement, filled: Bool, gap: Double) {
        if gap > 0 { cloudParts(placement, grow: gap, erase: true) }
        cloudParts(placement, grow: 0, erase: false)
        if !filled { cloudParts(placement, grow: -unitStroke(outline), erase: true) }
    }

    private func cloudParts(_ placement: CloudPlacement, grow: Double, erase: Bool) {
        func x(_ value: Double) -> Double { placement.x + value * placement.scale }
        func y(_ value: Double) -> Double { placement.y + value * placement.scale }
        let scale = placement.scale
        capsule(x(0.2), y(0.56), x(0.8), y(0.56), radius: 0.16 * scale + grow, erase: erase)
        disc(x(0.34), y(0.5), 0.16 * scale + grow, erase: erase)
        disc(x(0.56), y(0.38), 0.22 * scale + grow, erase: erase)
        disc(x(0.75), y(0.48), 0.13 * scale + grow, erase: erase)
    }

    /// Slanted streaks of rain below a cloud.
    func rain(at columns: [Double], from top: Double, to bottom: Double, width: Double) {
        let slant = (bottom - top) * 0.3
        for column in columns { line(column, top, column - slant, bottom, width: width) }
    }

    /// A six-armed snowflake (a plus at small sizes, where arms would merge).
    func flake(_ x: Double, _ y: Double, radius: Double) {
        let arms = compact ? 2 : 3
        for arm in 0..<arms {
            let angle = Double(arm) * .pi / Double(arms) + .pi / 2
            line(x - cos(angle) * radius, y - sin(angle) * radius, x + cos(angle) * radius, y + sin(angle) * radius, width: 0.055)
        }
    }

    /// A lightning bolt over the lower half, with a clear margin.
    func bolt() {
        let points = [(0.58, 0.4), (0.36, 0.7), (0.5, 0.7), (0.42, 0.97), (0.7, 0.6), (0.55, 0.6), (0.66, 0.4)]
        polyline(points, width: 0.1, closed: true, erase: true)
        polygon(points)
    }

    /// Horizontal streaks `(y, x0, x1)` with round ends.
    func streaks(_ rows: [(Double, Double, Double)]) {
        for (y, x0, x1) in rows { line(x0, y, x1, y, width: outline) }
    }

    /// Two streaks under a sun or moon, with the body cut back above them.
    func haze() {
        rect(0, 0.62, 1, 1, erase: true)
        streaks([(0.7, 0.14, 0.86), (0.84, 0.26, 0.74)])
    }

    /// A rising wavy wisp of smoke.
    func wisp(_ x: Double) {
        var points: [(Double, Double)] = []
        for step in 0...12 {
            let t = Double(step) / 12
            points.append((x + sin(t * 2.2 * .pi) * 0.06, 0.88 - t * 0.74))
        }
        polyline(points, width: outline)
    }

    /// A gust: a straight stroke ending in a curl above (`up`) or below.
    func gust(y: Double, to end: Double, curlRadius: Double, up: Bool) {
        line(0.1, y, end, y, width: outline)
        if up {
            arc(end, y - curlRadius, curlRadius, from: 90, to: -160, width: outline)
        } else {
            arc(end, y + curlRadius, curlRadius, from: -90, to: 160, width: outline)
        }
    }
}
