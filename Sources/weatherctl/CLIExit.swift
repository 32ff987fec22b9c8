import ArgumentParser
import Foundation
import HubControl

/// The exit statuses scripts can rely on.
enum CLIExit: Int32, CaseIterable {
    case success = 0
    /// Something failed and nothing was changed.
    case failure = 1
    /// No place matches the city name, or several do and none was picked.
    case cityNotFound = 2
    /// The service is not running (or the socket is not the service's).
    case serviceUnavailable = 3
    /// The service did not answer, or the panel did not show the result, in time.
    case timedOut = 4
    /// No permission for the shared store, the key file or the socket.
    case permissionDenied = 5
    /// The input was checked and has problems (configuration, sensor payload).
    case problemsFound = 6
    /// A command-line argument is wrong (swift-argument-parser's EX_USAGE).
    case usage = 64

    static var documentation: String {
        """
        Exit status: 0 success; 1 failure, nothing changed; 2 city not found or ambiguous; 3 service not \
        running; 4 timed out; 5 permission denied; 6 problems found (config check, sensors decode); \
        64 usage error.
        """
    }
}

/// A failure with the message to print and the exit status to leave with.
struct CLIFailure: Error {
    let message: String
    let exit: CLIExit

    init(_ message: String, _ exit: CLIExit = .failure) {
        self.message = message
        self.exit = exit
    }

    /// The status for a control socket failure.
    init(_ error: ControlClientError) {
        let exit: CLIExit =
            switch error.code {
            case .serviceNotRunning, .notASocket, .untrustedSocket: .serviceUnavailable
            case .timedOut: .timedOut
            case .permissionDenied: .permissionDenied
            case .badAnswer, .refused: .failure
            }
        self.init(error.message, exit)
    }
}

extension ParsableCommand {
    /// Runs `body`, printing a `CLIFailure` as one line on standard error and exiting with its status.
    func reportingFailures(_ body: () async throws -> Void) async throws {
        do {
            try await body()
        } catch let failure as CLIFailure {
            Terminal.error(failure.message)
            throw ExitCode(failure.exit.rawValue)
        } catch let error as ControlClientError {
            Terminal.error(error.message)
            throw ExitCode(CLIFailure(error).exit.rawValue)
        }
    }
}
