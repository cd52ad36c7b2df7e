/// Where each key of a theme file is written, so that an error found after parsing (an unknown role, a bad
/// colour) can name its line: the TOML parser gives positions for syntax errors only.
///
/// It reads `[table]` headers and the keys before `=`, bare or quoted, dotted or not; a key inside an inline
/// table is found at the line of the role it belongs to.
struct ThemeSourceLines {
    private var lines: [[String]: Int] = [:]

    /// The key lines of `text`.
    init(_ text: String) {
        var table: [String] = []
        for (index, rawLine) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let line = rawLine.drop(while: \.isWhitespace)
            if line.hasPrefix("[") {
                table = Self.keyPath(line.dropFirst().prefix { $0 != "]" }) ?? []
                record(table, line: index + 1)
            } else if let equals = line.firstIndex(of: "="), let key = Self.keyPath(line[..<equals]) {
                record(table + key, line: index + 1)
            }
        }
    }

    /// The line that writes `path` (`["selection", "fg"]`), or failing that the nearest enclosing key.
    func line(of path: [String]) -> Int? {
        var path = path
        while !path.isEmpty {
            if let line = lines[path] { return line }
            path.removeLast()
        }
        return nil
    }

    /// Notes `path` and every key enclosing it at `line`, where no earlier line wrote them.
    private mutating func record(_ path: [String], line: Int) {
        for length in path.indices {
            let prefix = Array(path[...length])
            if lines[prefix] == nil { lines[prefix] = line }
        }
    }

    /// The parts of a dotted key (`selection.fg`, `"key-hint"`), or `nil` when `text` is not a key.
    private static func keyPath(_ text: Substring) -> [String]? {
        var parts: [String] = []
        var rest = text.drop(while: \.isWhitespace)
        while !rest.isEmpty {
            let part: Substring
            if let quote = rest.first, quote == "\"" || quote == "'" {
                guard let close = rest.dropFirst().firstIndex(of: quote) else { return nil }
                part = rest[rest.index(after: rest.startIndex)..<close]
                rest = rest[rest.index(after: close)...]
            } else {
                part = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }
                guard !part.isEmpty else { return nil }
                rest = rest.dropFirst(part.count)
            }
            parts.append(String(part))
            rest = rest.drop(while: \.isWhitespace)
            if rest.first == "." {
                rest = rest.dropFirst().drop(while: \.isWhitespace)
            } else if !rest.isEmpty {
                return nil
            }
        }
        return parts.isEmpty ? nil : parts
    }
}
