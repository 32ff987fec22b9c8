import ArgumentParser
import HubActions
import HubConfig
import HubSystem

/// `weatherctl web …`: the hub's web pages.
struct WebCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "web", abstract: "Set up the hub's web pages.", subcommands: [WebPasswordSet.self])
}

/// `weatherctl web password`: sets the password that signs in to the web pages.
struct WebPasswordSet: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "password",
        abstract: "Read the web pages' password from standard input (or a prompt that does not echo) and store its hash.",
        discussion: """
            Only a bcrypt hash is stored, in the service's state directory (mode 0600, written atomically). \
            Until a password is set, the web pages are read-only. The service uses the new password from the \
            next sign-in; sessions already signed in stay signed in until they expire or sign out. The \
            password never goes on the command line, where `ps` shows it.
            """)

    @OptionGroup var hub: HubOptions

    func run() async throws {
        try await reportingFailures {
            let paths = hub.paths()
            let password = try SecretInput.read(prompt: "Password for the web pages: ")
            do {
                try AtomicFile.createDirectory(paths.stateDirectory, permissions: 0o750)
                try WebPassword(path: paths.webPasswordFile).set(password)
            } catch let error as WebPasswordError {
                switch error {
                case .notSaved: throw CLIFailure("\(error)", .permissionDenied)
                case .tooShort, .tooLong, .controlCharacters: throw CLIFailure("\(error)", .usage)
                }
            } catch {
                throw CLIFailure("cannot create \(paths.stateDirectory): \(error)", .permissionDenied)
            }
            Terminal.print("Saved the password for the web pages (its hash, in \(paths.webPasswordFile)).")
        }
    }
}
