import Foundation

/// The part of TOML that ckdash's files use: `[table]` and `[table.sub]` headers, `key = value` lines with
/// strings (basic `"…"` with escapes, literal `'…'`), integers, floats and booleans, and `#` comments.
///
/// Values are kept as text, keyed by their dotted path (`profiles.staging.server`). A line that is none of
/// these is an error naming its line.
public struct TOMLTable: Sendable, Equatable {
    /// Every value by its full dotted key.
    public private(set) var values: [String: String] = [:]

    /// Reads `text`; `TOMLError` says which line is wrong and why.
    public init(parsing text: String) throws(TOMLError) {
        var table = ""
        for (index, rawLine) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let line = Self.withoutComment(String(rawLine)).trimmingCharacters(in: .whitespaces)
            let number = index + 1
            if line.isEmpty { continue }
            if line.hasPrefix("[") {
                guard line.hasSuffix("]"), !line.hasPrefix("[[") else {
                    throw TOMLError(line: number, message: "a table header is written [name]")
                }
                table = try Self.key(String(line.dropFirst().dropLast()), line: number)
                continue
            }
            guard let equals = line.firstIndex(of: "=") else {
                throw TOMLError(line: number, message: "expected key = value")
            }
            let key = try Self.key(String(line[..<equals]), line: number)
            let value = try Self.value(line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces), line: number)
            let path = table.isEmpty ? key : table + "." + key
            guard values[path] == nil else {
                throw TOMLError(line: number, message: "\(path) is set twice")
            }
            values[path] = value
        }
    }

    /// The value at a dotted key.
    public subscript(path: String) -> String? { values[path] }

    /// The names of the tables directly under `prefix` (`profiles` gives each profile's name).
    public func tableNames(under prefix: String) -> [String] {
        Set(values.keys.compactMap { key -> String? in
            guard key.hasPrefix(prefix + ".") else { return nil }
            let rest = key.dropFirst(prefix.count + 1)
            guard let dot = rest.firstIndex(of: ".") else { return nil }
            return String(rest[..<dot])
        }).sorted()
    }

    private static func key(_ text: String, line: Int) throws(TOMLError) -> String {
        var parts: [String] = []
        for part in dottedParts(of: text) {
            let trimmed = part.trimmingCharacters(in: .whitespaces)
            if trimmed.count >= 2, trimmed.hasPrefix("\""), trimmed.hasSuffix("\"") {
                let name = String(trimmed.dropFirst().dropLast())
                guard !name.contains("."), !name.contains("\"") else {
                    throw TOMLError(line: line, message: "\(trimmed) is not a key this file may use: a quoted name may not hold a dot or a quote")
                }
                parts.append(name)
            } else if !trimmed.isEmpty, trimmed.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }) {
                parts.append(trimmed)
            } else {
                throw TOMLError(line: line, message: "\"\(text.trimmingCharacters(in: .whitespaces))\" is not a key")
            }
        }
        return parts.joined(separator: ".")
    }

    /// `text` split at the dots outside quotes.
    private static func dottedParts(of text: String) -> [Substring] {
        var parts: [Substring] = []
        var start = text.startIndex
        var quoted = false
        for index in text.indices {
            if text[index] == "\"" {
                quoted.toggle()
            } else if text[index] == ".", !quoted {
                parts.append(text[start..<index])
                start = text.index(after: index)
            }
        }
        parts.append(text[start...])
        return parts
    }

    private static func value(_ text: String, line: Int) throws(TOMLError) -> String {
        if text.hasPrefix("'") {
            guard text.count >= 2, text.hasSuffix("'") else { throw TOMLError(line: line, message: "a string is not closed") }
            return String(text.dropFirst().dropLast())
        }
        if text.hasPrefix("\"") {
            return try basicString(text, line: line)
        }
        if text == "true" || text == "false" || Int(text.replacingOccurrences(of: "_", with: "")) != nil || Double(text) != nil {
            return text
        }
        throw TOMLError(line: line, message: text.isEmpty ? "a value is missing" : "\(text) is not a value: quote text, as \"\(text)\"")
    }

    private static func basicString(_ text: String, line: Int) throws(TOMLError) -> String {
        var result = ""
        var escaped = false
        var closed = false
        for character in text.dropFirst() {
            if closed { throw TOMLError(line: line, message: "text after the closing quote") }
            if escaped {
                switch character {
                case "n": result.append("\n")
                case "t": result.append("\t")
                case "\"", "\\": result.append(character)
                default: throw TOMLError(line: line, message: "\\\(character) is not an escape")
                }
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "\"" {
                closed = true
            } else {
                result.append(character)
            }
        }
        guard closed else { throw TOMLError(line: line, message: "a string is not closed") }
        return result
    }

    private static func withoutComment(_ line: String) -> String {
        var quote: Character?
        var escaped = false
        for index in line.indices {
            let character = line[index]
            if let open = quote {
                if escaped {
                    escaped = false
                } else if character == "\\", open == "\"" {
                    escaped = true
                } else if character == open {
                    quote = nil
                }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == "#" {
                return String(line[..<index])
            }
        }
        return line
    }
}

/// A line of a TOML file that cannot be read.
public struct TOMLError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The line, from 1.
    public var line: Int
    /// What is wrong.
    public var message: String

    public var description: String { "line \(line): \(message)" }
}
