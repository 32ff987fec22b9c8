#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The interface designs: readings, states and times next to values.
extension SymbolPainter {
    /// Draws the symbol if it is one of these designs; `false` when it is not.
    func drawInterface(_ symbol: Symbol) -> Bool {
        switch symbol {
        case .thermometer:
            if compact {
                // A hollow tube on a solid bulb: the smallest drawing that still reads as a thermometer.
                capsule(0.5, 0.16, 0.5, 0.6, radius: 0.14)
                capsule(0.5, 0.16, 0.5, 0.6, radius: 0.14 - unitStroke(outline), erase: true)
                disc(0.5, 0.76, 0.2)
            } else {
                capsule(0.5, 0.14, 0.5, 0.62, radius: 0.11)
                disc(0.5, 0.76, 0.17)
                let wall = unitStroke(outline)
                capsule(0.5, 0.14, 0.5, 0.62, radius: 0.11 - wall, erase: true)
                disc(0.5, 0.76, 0.17 - wall, erase: true)
                disc(0.5, 0.76, 0.17 - 2 * wall)
                capsule(0.5, 0.36, 0.5, 0.76, radius: max(0.11 - 2 * wall, 0.5 / Double(size)))
            }
        case .droplet:
            disc(0.5, 0.64, 0.26)
            polygon([(0.5, 0.08), (0.728, 0.515), (0.272, 0.515)])
        case .snowflake:
            for angle in stride(from: 90.0, to: 450.0, by: 60.0) {
                let radians = angle * .pi / 180
                let (dx, dy) = (cos(radians), sin(radians))
                line(0.5, 0.5, 0.5 + dx * 0.42, 0.5 + dy * 0.42, width: outline)
                if !compact {
                    // A short barb on each side of the arm, two thirds out.
                    for turn in [-50.0, 50.0] {
                        let barb = (angle + turn) * .pi / 180
                        let (bx, by) = (0.5 + dx * 0.28, 0.5 + dy * 0.28)
                        line(bx, by, bx + cos(barb) * 0.13, by + sin(barb) * 0.13, width: outline * 0.8)
                    }
                }
            }
        case .umbrella:
            disc(0.5, 0.5, 0.42)
            rect(0, 0.5, 1, 1, erase: true)
            line(0.5, 0.3, 0.5, 0.84, width: outline)
            arc(0.4, 0.84, 0.1, from: 0, to: 180, width: outline)
        case .sunRays:
            disc(0.5, 0.52, 0.2)
            for angle in stride(from: 180.0, through: 360.0, by: 30.0) {
                let radians = angle * .pi / 180
                line(0.5 + cos(radians) * 0.28, 0.52 + sin(radians) * 0.28, 0.5 + cos(radians) * 0.44, 0.52 + sin(radians) * 0.44, width: outline)
            }
            line(0.06, 0.88, 0.94, 0.88, width: outline)
        case .windArrow:
            polygon([(0.5, 0.08), (0.82, 0.9), (0.5, 0.7), (0.18, 0.9)])
        case .gauge:
            arc(0.5, 0.56, 0.38, from: 135, to: 405, width: outline)
            if !compact {
                for tick in stride(from: 180.0, through: 360.0, by: 45.0) {
                    let angle = tick * .pi / 180
                    line(0.5 + cos(angle) * 0.22, 0.56 + sin(angle) * 0.22, 0.5 + cos(angle) * 0.28, 0.56 + sin(angle) * 0.28, width: 0.05)
                }
            }
            let needle = 300 * Double.pi / 180
            line(0.5, 0.56, 0.5 + cos(needle) * 0.3, 0.56 + sin(needle) * 0.3, width: outline)
            disc(0.5, 0.56, 0.08)
        case .batteryLow:
            roundedRect(0.06, 0.28, 0.84, 0.72, radius: 0.08)
            let wall = unitStroke(outline)
            roundedRect(0.06 + wall, 0.28 + wall, 0.84 - wall, 0.72 - wall, radius: 0.08 - wall, erase: true)
            rect(0.84, 0.4, 0.94, 0.6)
            rect(0.06 + 2 * wall, 0.28 + 2 * wall, 0.3, 0.72 - 2 * wall)
        case .warning:
            let corners = [(0.5, 0.1), (0.93, 0.86), (0.07, 0.86)]
            polygon(corners)
            polyline(corners, width: 0.1, closed: true)
            line(0.5, 0.36, 0.5, 0.6, width: 0.11, erase: true)
            disc(0.5, 0.74, 0.065, erase: true)
        case .sunrise:
            horizonSun()
            line(0.5, 0.46, 0.5, 0.08, width: outline)
            polyline([(0.36, 0.22), (0.5, 0.08), (0.64, 0.22)], width: outline)
        case .sunset:
            horizonSun()
            line(0.5, 0.08, 0.5, 0.46, width: outline)
            polyline([(0.36, 0.32), (0.5, 0.46), (0.64, 0.32)], width: outline)
        case .house:
            polyline([(0.08, 0.5), (0.5, 0.12), (0.92, 0.5)], width: 0.08)
            polyline([(0.2, 0.42), (0.2, 0.9), (0.8, 0.9), (0.8, 0.42)], width: 0.08)
            rect(0.42, 0.62, 0.58, 0.9)
        case .antenna:
            line(0.5, 0.44, 0.5, 0.92, width: 0.08)
            line(0.34, 0.92, 0.66, 0.92, width: 0.08)
            disc(0.5, 0.36, 0.07)
            arc(0.5, 0.36, 0.18, from: 150, to: 210, width: outline)
            arc(0.5, 0.36, 0.18, from: -30, to: 30, width: outline)
            if !compact {
                arc(0.5, 0.36, 0.32, from: 148, to: 212, width: outline)
                arc(0.5, 0.36, 0.32, from: -32, to: 32, width: outline)
            }
        case .clock:
            ring(0.5, 0.5, 0.4, width: outline)
            line(0.5, 0.5, 0.5, 0.24, width: outline)
            line(0.5, 0.5, 0.7, 0.5, width: outline)
        case .offline:
            disc(0.5, 0.8, 0.07)
            for radius in compact ? [0.26, 0.5] : [0.22, 0.4, 0.58] {
                arc(0.5, 0.8, radius, from: 225, to: 315, width: outline)
            }
            line(0.14, 0.1, 0.86, 0.94, width: 0.2, erase: true)
            line(0.14, 0.1, 0.86, 0.94, width: outline)
        default:
            return false
        }
        return true
    }

    /// Half a sun on a horizon line, for sunrise and sunset.
    private func horizonSun() {
        disc(0.5, 0.8, 0.18)
        rect(0, 0.8, 1, 1, erase: true)
        for angle in [200.0, 240.0, 300.0, 340.0] {
            let radians = angle * .pi / 180
            line(0.5 + cos(radians) * 0.26, 0.8 + sin(radians) * 0.26, 0.5 + cos(radians) * 0.36, 0.8 + sin(radians) * 0.36, width: outline)
        }
        line(0.06, 0.84, 0.94, 0.84, width: outline)
    }
}

extension SymbolPainter {
    /// Draws a symbol's design into the mask.
    func draw(_ symbol: Symbol) {
        if !drawInterface(symbol) { _ = drawWeather(symbol) }
    }
}
