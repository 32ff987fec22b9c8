import FoundationEssentials
import HubSystem

/// The last good data per location and endpoint on disk, plus the call ledger, so that after a reboot
/// the panel shows real data with its age before the network is up. Each file is replaced atomically
/// and fsynced (`AtomicFile`); an unreadable or foreign file counts as absent.
struct WeatherCache: Sendable {
    /// The cache's directory (created on first write).
    let directory: String

    /// What a file holds.
    enum Part: String, Sendable {
        case current
        case forecast
        case pressureLog = "pressure"
    }

    /// The current file format; files of another format are ignored.
    static let format = 1

    private struct Entry<Value: Sendable & Hashable & Codable>: Codable {
        var format: Int
        var location: Location
        var fetched: Fetched<Value>
    }

    func load<Value>(_ part: Part, for location: Location, as type: Value.Type = Value.self) throws(CacheError) -> Fetched<Value>? {
        let path = self.path(part, for: location)
        guard let bytes = try read(path) else { return nil }
        do {
            let entry = try Self.decoder.decode(Entry<Value>.self, from: bytes)
            guard entry.format == Self.format, entry.location.cacheKey == location.cacheKey else { return nil }
            return entry.fetched
        } catch {
            throw CacheError(path: path, reason: "unreadable cache file (\(error))")
        }
    }

    func store<Value>(_ fetched: Fetched<Value>, as part: Part, for location: Location) throws(CacheError) {
        try write(Entry(format: Self.format, location: location, fetched: fetched), to: path(part, for: location))
    }

    func loadLedger() throws(CacheError) -> CallLedger? {
        let path = ledgerPath
        guard let bytes = try read(path) else { return nil }
        do {
            return try Self.decoder.decode(CallLedger.self, from: bytes)
        } catch {
            throw CacheError(path: path, reason: "unreadable call ledger (\(error))")
        }
    }

    func store(_ ledger: CallLedger) throws(CacheError) {
        try write(ledger, to: ledgerPath)
    }

    func path(_ part: Part, for location: Location) -> String {
        "\(directory)/\(location.cacheKey).\(part.rawValue).json"
    }

    var ledgerPath: String { "\(directory)/call-ledger.json" }

    private func read(_ path: String) throws(CacheError) -> Data? {
        do {
            return try AtomicFile.read(path)
        } catch {
            throw CacheError(path: path, reason: (error as? SystemError)?.reason ?? "\(error)")
        }
    }

    private func write(_ value: some Encodable, to path: String) throws(CacheError) {
        do {
            let data = try Self.encoder.encode(value)
            try AtomicFile.createDirectory(directory, permissions: 0o750)
            try AtomicFile.write(data, to: path)
        } catch let error as SystemError {
            throw CacheError(path: path, reason: error.reason)
        } catch {
            throw CacheError(path: path, reason: "\(error)")
        }
    }

    private static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        return encoder
    }

    private static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return decoder
    }
}

/// The cache could not be read or written; the service logs it and goes on without the cache.
struct CacheError: Error, Sendable, Hashable, CustomStringConvertible {
    var path: String
    var reason: String

    var description: String { "weather cache \(path): \(reason)" }
}

extension Location {
    /// A file-name-safe key: a readable slug of the name and a hash of everything that identifies the
    /// place (so "Paris, FR" and "Paris, TX, US" never share a file).
    var cacheKey: String {
        let identity = [
            name.lowercased(), countryCode?.uppercased() ?? "", state?.uppercased() ?? "",
            coordinates.map { "\(Int(($0.latitude * 10_000).rounded())),\(Int(($0.longitude * 10_000).rounded()))" } ?? "",
        ].joined(separator: "|")
        var slug = ""
        for scalar in name.lowercased().unicodeScalars.prefix(32) {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                slug.unicodeScalars.append(scalar)
            } else if !slug.hasSuffix("-") {
                slug += "-"
            }
        }
        let trimmed = slug.trimmingPrefix { $0 == "-" }.trimmingSuffix { $0 == "-" }
        return (trimmed.isEmpty ? "place" : String(trimmed)) + "-" + FNV1a.hex64(identity)
    }
}
