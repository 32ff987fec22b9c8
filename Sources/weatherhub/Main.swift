import ArgumentParser
import Glibc

/// The entry point. Swift's `async` main would hand the main thread to Dispatch, which ends it with
/// `pthread_exit`: unwinding the thread reads the unwind tables of the whole binary, about 1 MiB of
/// resident memory on a 512 MB board, once, for nothing. Here the command runs as a task on the
/// cooperative pool while the main thread waits; nothing in the service uses the main queue or the main
/// actor. The process ends with the command's exit status.
@main
enum Main {
    static func main() {
        let command: WeatherHubCommand
        do {
            command = try WeatherHubCommand.parse()
        } catch {
            WeatherHubCommand.exit(withError: error)
        }
        Task.detached {
            do {
                try await command.run()
                WeatherHubCommand.exit()
            } catch {
                WeatherHubCommand.exit(withError: error)
            }
        }
        while true { pause() }
    }
}
