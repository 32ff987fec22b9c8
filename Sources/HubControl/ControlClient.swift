#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HubSystem
import NIOCore
import NIOPosix

/// `weatherctl`'s end of the control socket: one connection per call, one request line, one answer line,
/// within a timeout. The socket is checked before connecting (a regular file, or a socket planted by
/// another user, is refused).
public struct ControlClient: Sendable {
    public let socketPath: String
    /// How long a call waits for its answer unless it says otherwise.
    public let timeout: Duration

    public init(socketPath: String, timeout: Duration = .seconds(5)) {
        self.socketPath = socketPath
        self.timeout = timeout
    }

    /// Calls `method` and returns its result, or throws a `ControlClientError` that says what to do.
    public func call<M: ControlMethod>(_ method: M.Type, _ params: M.Params, timeout: Duration? = nil) async throws(ControlClientError) -> M.Result {
        try ControlSocketPath.checkBeforeConnecting(to: socketPath)
        let request: Data
        do {
            request = try JSONEncoder.controlLine.encode(Request(version: ControlProtocol.version, id: 1, method: M.name, params: params))
        } catch {
            throw ControlClientError(.badAnswer, "cannot encode the request: \(error)")
        }
        let answer = try await exchange(request, within: timeout ?? self.timeout)
        let response: Response<M.Result>
        do {
            response = try JSONDecoder.controlLine.decode(Response<M.Result>.self, from: answer)
        } catch {
            throw ControlClientError(.badAnswer, "the service at \(socketPath) answered something that is not a control answer; is it the weatherhub of the same release?")
        }
        if let error = response.error {
            throw ControlClientError(.refused(error.code), error.message)
        }
        guard response.ok, let result = response.result else {
            throw ControlClientError(.badAnswer, "the service's answer to `\(M.name)` has no result")
        }
        return result
    }

    private func exchange(_ request: Data, within timeout: Duration) async throws(ControlClientError) -> Data {
        do {
            return try await withThrowingTaskGroup(of: Data?.self) { group in
                group.addTask { try await self.send(request) }
                group.addTask {
                    try await Task.sleep(for: timeout)
                    return nil
                }
                defer { group.cancelAll() }
                guard let answer = try await group.next()! else {
                    throw ControlClientError(.timedOut, "the service did not answer within \(Int(timeout.components.seconds)) s; check `journalctl -u weatherhub`")
                }
                return answer
            }
        } catch let error as ControlClientError {
            throw error
        } catch let error as IOError {
            switch error.errnoCode {
            case ECONNREFUSED, ENOENT:
                throw ControlClientError(.serviceNotRunning, "the service is not running (nothing listens on \(socketPath)); start it with `systemctl start weatherhub`")
            case EACCES, EPERM:
                throw ControlClientError(.permissionDenied, "no permission to use \(socketPath): add yourself to the service's group (`sudo usermod -aG weatherhub $USER`, then log in again)")
            default:
                throw ControlClientError(.serviceNotRunning, "cannot reach the service at \(socketPath): \(error)")
            }
        } catch is LineFrameDecoder.LineTooLong {
            throw Self.answerTooLarge
        } catch {
            throw ControlClientError(.badAnswer, "the connection to \(socketPath) failed: \(error)")
        }
    }

    private static let answerTooLarge = ControlClientError(
        .badAnswer, "the service's answer is larger than \(ControlProtocol.maximumResponseBytes) bytes")

    private func send(_ request: Data) async throws -> Data {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(unixDomainSocketPath: socketPath) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(
                        ByteToMessageHandler(LineFrameDecoder(maximumLength: ControlProtocol.maximumResponseBytes, overlongLines: .fail)))
                    return try NIOAsyncChannel<LineFrameDecoder.Frame, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        return try await channel.executeThenClose { answers, requests in
            var line = ByteBuffer(bytes: request)
            line.writeInteger(UInt8(ascii: "\n"))
            try await requests.write(line)
            for try await frame in answers {
                guard case .line(let answer) = frame else { throw Self.answerTooLarge }
                return Data(answer.readableBytesView)
            }
            throw ControlClientError(.badAnswer, "the service closed the connection without answering")
        }
    }
}
