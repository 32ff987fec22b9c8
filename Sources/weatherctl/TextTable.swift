/// Left-aligned columns for terminal output (`weatherctl sensors`, `status`, `widgets`).
struct TextTable {
    private let header: [String]
    private var rows: [[String]] = []

    init(header: [String]) {
        self.header = header
    }

    mutating func add(_ row: [String]) {
        rows.append(row)
    }

    /// The table, one line per row, ending in a newline.
    func render() -> String {
        let all = [header] + rows
        let widths = header.indices.map { column in all.map { $0.indices.contains(column) ? $0[column].count : 0 }.max() ?? 0 }
        return all.map { row in
            var line = ""
            for (column, cell) in row.enumerated() {
                let isLast = column == row.count - 1
                line += isLast ? cell : cell + String(repeating: " ", count: widths[column] - cell.count + 2)
            }
            return line
        }.joined(separator: "\n") + "\n"
    }
}
