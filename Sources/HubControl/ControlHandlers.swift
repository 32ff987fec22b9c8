#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization

/// The methods a control server answers, each with its handler. Built once by the service's wiring.
public struct ControlHandlers: Sendable {
    typealias RawHandler = @Sendable (_ request: Data, _ id: Int) async -> Data
    private(set) var handlers: [String: RawHandler] = [:]

    public init() {}

    /// Answers `method` with `handler`. A thrown error becomes a `failed` answer with its description.
    public mutating func register<M: ControlMethod>(_ method: M.Type, _ handler: @escaping @Sendable (M.Params) async throws -> M.Result) {
        handlers[M.name] = { data, id in
            let params: M.Params
            do {
                params = try JSONDecoder.controlLine.decode(Request<M.Params>.self, from: data).params
            } catch {
                return Self.encode(Response<M.Result>(
                    version: ControlProtocol.version, id: id, ok: false, result: nil,
                    error: ControlErrorBody(code: .invalidParams, message: "invalid parameters for `\(M.name)`: \(Self.describe(error))")))
            }
            do {
                let result = try await handler(params)
                return Self.encode(Response(version: ControlProtocol.version, id: id, ok: true, result: result, error: nil))
            } catch {
                return Self.encode(Response<M.Result>(
                    version: ControlProtocol.version, id: id, ok: false, result: nil,
                    error: ControlErrorBody(code: .failed, message: "\(error)")))
            }
        }
    }

    /// The answer line (without the newline) for one request line.
    func answer(_ line: Data) async -> Data {
        let header: RequestHeader
        do {
            header = try JSONDecoder.controlLine.decode(RequestHeader.self, from: line)
        } catch {
            return Self.failure(id: 0, .badRequest, "not a control request (a JSON object with version, id and method): \(Self.describe(error))")
        }
        guard header.version == ControlProtocol.version else {
            return Self.failure(id: header.id, .unsupportedVersion, "protocol version \(header.version) is not supported; this service speaks \(ControlProtocol.version): use the weatherctl of the same release")
        }
        guard let handler = handlers[header.method] else {
            let known = handlers.keys.sorted().joined(separator: ", ")
            return Self.failure(id: header.id, .unknownMethod, "unknown method `\(header.method)`; known: \(known)")
        }
        return await handler(line, header.id)
    }

    static func failure(id: Int, _ code: ControlErrorCode, _ message: String) -> Data {
        encode(Response<Empty>(version: ControlProtocol.version, id: id, ok: false, result: nil, error: ControlErrorBody(code: code, message: message)))
    }

    private static func encode<Result>(_ response: Response<Result>) -> Data {
        (try? JSONEncoder.controlLine.encode(response)) ?? Data(#"{"version":1,"id":0,"ok":false,"error":{"code":"failed","message":"the answer could not be encoded"}}"#.utf8)
    }

    private static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, _): "missing `\(key.stringValue)`"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            "wrong type at `\(context.codingPath.map(\.stringValue).joined(separator: "."))`"
        case DecodingError.dataCorrupted(let context): context.debugDescription
        default: "\(error)"
        }
    }
}

/// The handlers a control server answers with, changed while it runs: the service puts in the methods of
/// the parts it built, and takes them out while it rebuilds them; requests then get `unavailable`.
public final class ControlHandlerSlot: Sendable {
    private let current: Mutex<ControlHandlers?>

    public init(_ handlers: ControlHandlers? = nil) {
        current = Mutex(handlers)
    }

    /// Answers with `handlers` from now on; `nil` answers every request with `unavailable`.
    public func set(_ handlers: ControlHandlers?) {
        current.withLock { $0 = handlers }
    }

    func answer(_ line: Data) async -> Data {
        guard let handlers = current.withLock({ $0 }) else {
            let id = (try? JSONDecoder.controlLine.decode(RequestHeader.self, from: line))?.id ?? 0
            return ControlHandlers.failure(id: id, .unavailable, "the service is applying a new configuration; try again in a moment")
        }
        return await handlers.answer(line)
    }
}
