/// A font could not be loaded. The message names the file, where it was looked for, and the Debian
/// package that provides it.
public struct FontError: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Code: Sendable, Hashable {
        /// No folder of the search path holds the file.
        case fileMissing
        /// The file exists but FreeType cannot read it as a font.
        case unreadable
        /// FreeType itself failed to start.
        case libraryFailed
    }

    public let code: Code
    /// The file name, or the full path of a file FreeType rejected.
    public let path: String
    /// The folders searched.
    public let searchPaths: [String]
    /// The Debian package that installs the file.
    public let package: String
    /// FreeType's error number, when FreeType reported one.
    public let freeTypeError: Int32?

    public var description: String {
        switch code {
        case .fileMissing:
            return "Font file \(path) not found in \(searchPaths.joined(separator: ", ")): "
                + "install it with `apt install \(package)` or add its folder to the font search path."
        case .unreadable:
            return "FreeType cannot read the font file \(path) (FreeType error \(freeTypeError ?? 0)): "
                + "reinstall it with `apt install --reinstall \(package)` or point the font search path at a valid font."
        case .libraryFailed:
            return "FreeType failed to start (FreeType error \(freeTypeError ?? 0)): check that libfreetype6 is installed."
        }
    }
}
