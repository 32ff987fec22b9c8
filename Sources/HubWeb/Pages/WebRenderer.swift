import Mustache

/// Renders the pages from `WebTemplates`, parsed once when the web side starts.
struct WebRenderer: Sendable {
    private let library: MustacheLibrary

    init() {
        var library = MustacheLibrary()
        for (name, template) in WebTemplates.all {
            // The templates are constants of this module: one that does not parse is a programming error.
            do {
                try library.register(template, named: name)
            } catch {
                preconditionFailure("web template \(name) does not parse: \(error)")
            }
        }
        self.library = library
    }

    /// The HTML of `template` for `model`.
    func render(_ model: some Sendable, template: String) -> String {
        guard let html = library.render(model, withTemplate: template) else {
            preconditionFailure("no web template named \(template)")
        }
        return html
    }
}
