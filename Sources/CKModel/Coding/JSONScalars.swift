import Foundation

/// Reads primitives out of `JSONValue`s for the decoder's containers, failing with the `DecodingError`s
/// Foundation's `JSONDecoder` throws (same cases and wording), except that a number out of range for its
/// type is reported at its own coding path rather than as invalid JSON.
enum JSONScalars {
    typealias Path = () -> [any CodingKey]

    static func bool(_ value: JSONValue, _ path: @autoclosure Path) throws -> Bool {
        guard case .bool(let flag) = value else { throw mismatch(Bool.self, value, path()) }
        return flag
    }

    static func string(_ value: JSONValue, _ path: @autoclosure Path) throws -> String {
        guard case .string(let text) = value else { throw mismatch(String.self, value, path()) }
        return text
    }

    static func integer<T: FixedWidthInteger>(_ value: JSONValue, _ path: @autoclosure Path) throws -> T {
        guard case .number(let number) = value else { throw mismatch(T.self, value, path()) }
        let result: T? = switch number {
        case .integer(let whole): T(exactly: whole)
        case .text(let text): T(text) ?? Double(text).flatMap { T(exactly: $0) }
        }
        guard let result else { throw outOfRange(number, T.self, path()) }
        return result
    }

    static func float<T: BinaryFloatingPoint>(_ value: JSONValue, _ path: @autoclosure Path) throws -> T {
        guard case .number(let number) = value else { throw mismatch(T.self, value, path()) }
        guard let double = number.double, T(double).isFinite else { throw outOfRange(number, T.self, path()) }
        return T(double)
    }

    static func decimal(_ value: JSONValue, _ path: @autoclosure Path) throws -> Decimal {
        guard case .number(let number) = value else { throw mismatch(Decimal.self, value, path()) }
        guard let decimal = Decimal(string: number.description, locale: Locale(identifier: "en_US_POSIX")) else {
            throw outOfRange(number, Decimal.self, path())
        }
        return decimal
    }

    /// The error for a value of the wrong kind: `valueNotFound` for null, `typeMismatch` otherwise.
    static func mismatch(_ type: Any.Type, _ value: JSONValue, _ codingPath: [any CodingKey]) -> DecodingError {
        let found: String
        switch value {
        case .null:
            return .valueNotFound(type, .init(
                codingPath: codingPath, debugDescription: "Cannot get value of type \(type) -- found null value instead"))
        case .bool: found = "bool"
        case .number: found = "number"
        case .string: found = "a string"
        case .array: found = "an array"
        case .object: found = "a dictionary"
        }
        return .typeMismatch(type, .init(
            codingPath: codingPath, debugDescription: "Expected to decode \(type) but found \(found) instead."))
    }

    private static func outOfRange(_ number: JSONNumber, _ type: Any.Type, _ codingPath: [any CodingKey]) -> DecodingError {
        .dataCorrupted(.init(
            codingPath: codingPath, debugDescription: "Parsed JSON number <\(number.description)> does not fit in \(type)."))
    }
}
