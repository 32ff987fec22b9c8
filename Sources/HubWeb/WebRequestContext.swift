public import Hummingbird

/// What the web pages need of a request's context besides Hummingbird's: the client's address, by which
/// wrong passwords are counted.
public protocol WebRequestContext: RequestContext {
    /// The client's IP address as text.
    var peer: String { get }
}
