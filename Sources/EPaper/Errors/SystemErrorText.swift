#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The C library's text for an errno value ("No such file or directory").
func systemErrorText(_ code: Int32) -> String {
    String(cString: strerror(code))
}
