import Yams

/// A YAML syntax error as a located problem.
enum YAMLErrorText {
    static func problem(_ error: any Error, source: String) -> ConfigurationProblem {
        guard let error = error as? YamlError else {
            return ConfigurationProblem(source: source, keyPath: "", message: "not valid YAML: \(error)")
        }
        switch error {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _), .composer(let context, let problem, let mark, _):
            let detail = context.map { "\(problem) \($0.text)" } ?? problem
            return ConfigurationProblem(
                source: source, line: mark.line, column: mark.column, keyPath: "", message: "not valid YAML: \(detail)",
                suggestion: "check the indentation (spaces, not tabs) and quote values containing `: ` or `#`")
        case .duplicatedKeysInMapping(let duplicates, let context):
            let keys = duplicates.map { "`\($0)`" }.joined(separator: ", ")
            return ConfigurationProblem(
                source: source, line: context.mark.line, column: context.mark.column, keyPath: duplicates.first ?? "",
                message: "\(keys) appears twice in one section", suggestion: "keep one")
        case .reader(let problem, _, _, _):
            return ConfigurationProblem(source: source, keyPath: "", message: "not readable as YAML text: \(problem)")
        default:
            return ConfigurationProblem(source: source, keyPath: "", message: "not valid YAML: \(error)")
        }
    }
}
