import Foundation

/// Reads a secret: from a pipe as is, from a terminal behind a prompt with echo switched off.
enum SecretInput {
    static func read(prompt: String) throws -> String {
        guard isatty(STDIN_FILENO) == 1 else {
            let data = try FileHandle.standardInput.read(upToCount: 4096) ?? Data()
            return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        FileHandle.standardError.write(Data(prompt.utf8))
        var saved = termios()
        tcgetattr(STDIN_FILENO, &saved)
        var silent = saved
        silent.c_lflag &= ~tcflag_t(ECHO)
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &silent)
        defer {
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved)
            FileHandle.standardError.write(Data("\n".utf8))
        }
        return (readLine(strippingNewline: true) ?? "").trimmingCharacters(in: .whitespaces)
    }
}
