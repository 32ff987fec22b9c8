import Mustache

/// Renders the pages from `WebTemplates`, parsed when the first page is asked for: a hub whose settings
/// pages nobody opens never runs the template parser (its code stays out of the resident memory).
struct WebRenderer: Sendable {
    /// Swift initializes a static once, on first use, safely across threads.
    private static let library: MustacheLibrary = {
        var library = MustacheLibrary()
        for (name, template) in WebTemplates.all {
            // The templates are constants of this module: one that does not parse is a programming error.
            do {
                try library.register(template, named: name)
            } catch {
                preconditionFailure("web template \(name) does not parse: \(error)")
            }
        }
        return library
    }()

    /// The HTML of `template` for `model`.
    func render(_ model: some Sendable, template: String) -> String {
        guard let html = Self.library.render(model, withTemplate: template) else {
            preconditionFailure("no web template named \(template)")
        }
        return html
    }
}
