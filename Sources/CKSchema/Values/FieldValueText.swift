import CKModel
import Foundation

/// Field values written as text, as command lines and CSV files carry them: `4.5`, `2026-11-24T10:00:00Z`,
/// `37.33,-122.03`, `["a","b"]`.
///
/// With the field's type from the schema the text is read as that type. Without one it is guessed the way
/// cktool does: a quoted text is a string, a whole number an INT64, a decimal a DOUBLE, an ISO 8601 date a
/// TIMESTAMP, two numbers `lat,lon` a LOCATION, a JSON array a list, anything else a string. `TYPE:value`
/// (`STRING:42`) names the type explicitly.
public enum FieldValueText {
    /// Reads `text` as a value of `type`, or guesses the type when `type` is `nil`. With `localTimeZone`, a
    /// TIMESTAMP may also be written as the dashboard shows one, `2026-12-01 10:00:00` in that zone. A list
    /// element that cannot be read is named by its place: `element 2: "tomorrow" is not a valid TIMESTAMP`.
    public static func parse(_ text: String, as type: FieldType?, localTimeZone: TimeZone? = nil) throws(FieldValueTextError) -> FieldValue {
        if let (explicit, rest) = explicitType(text) {
            return try parse(rest, as: FieldType(.value(explicit)), localTimeZone: localTimeZone)
        }
        guard let type else { return guess(text) }
        if type.isList {
            let element = FieldType(type.primitive)
            let elements = try listElements(text).enumerated().map { (index, item) throws(FieldValueTextError) in
                do throws(FieldValueTextError) {
                    return try parse(item, as: element, localTimeZone: localTimeZone)
                } catch {
                    var failure = error
                    failure.element = index + 1
                    throw failure
                }
            }
            guard let valueType = type.valueType ?? elements.first?.valueType,
                let list = FieldValueList(valueType: valueType, elements: elements)
            else {
                throw FieldValueTextError(text: text, type: type.description)
            }
            return .list(list)
        }
        return try single(text, type.primitive, localTimeZone: localTimeZone)
    }

    /// `value` as text that `parse` reads back as the same value (assets, which cannot be written as text,
    /// become their download URL or checksum).
    public static func format(_ value: FieldValue) -> String {
        switch value {
        case .string(let text): text
        case .int64(let number): String(number)
        case .double(let number): number.description
        case .timestamp(let timestamp): isoFormatter.string(from: timestamp.date)
        case .bytes(let data): data.base64EncodedString()
        case .reference(let reference): reference.recordName
        case .asset(let asset): asset.downloadURL ?? asset.fileChecksum ?? ""
        case .location(let location): "\(location.latitude),\(location.longitude)"
        case .list(let list):
            "[" + list.elements.map { element in
                switch element {
                case .int64, .double: format(element)
                default: quoted(format(element))
                }
            }.joined(separator: ",") + "]"
        }
    }

    private static func single(_ text: String, _ primitive: PrimitiveType, localTimeZone: TimeZone?) throws(FieldValueTextError) -> FieldValue {
        let text = unquoted(text)
        let failure = FieldValueTextError(text: text, type: primitive.description)
        switch primitive.valueType {
        case .string?: return .string(text)
        case .int64?:
            guard let number = Int64(text) else { throw failure }
            return .int64(number)
        case .double?:
            guard let number = Double(text), number.isFinite else { throw failure }
            return .double(number)
        case nil:
            if let number = Int64(text) { return .int64(number) }
            guard let number = Double(text), number.isFinite else { throw failure }
            return .double(number)
        case .timestamp?:
            guard let timestamp = localTimeZone.flatMap({ DateParts.timestamp(text, in: $0) }) ?? timestamp(text) else { throw failure }
            return .timestamp(timestamp)
        case .reference?:
            guard !text.isEmpty else { throw failure }
            return .reference(Reference(recordName: text, action: ReferenceAction.none))
        case .location?:
            guard let location = location(text) else { throw failure }
            return .location(location)
        case .bytes?:
            guard let data = Data(base64Encoded: text) else { throw failure }
            return .bytes(data)
        case .asset?:
            throw FieldValueTextError(text: text, type: "ASSET", hint: "assets are uploaded from files, not written as text")
        }
    }

    private static func guess(_ text: String) -> FieldValue {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if isQuoted(trimmed) { return .string(unquoted(trimmed)) }
        if let number = Int64(trimmed) { return .int64(number) }
        if let number = Double(trimmed), number.isFinite, trimmed.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) {
            return .double(number)
        }
        if trimmed.count >= 10, trimmed.first?.isNumber == true, let timestamp = isoDate(trimmed) { return .timestamp(timestamp) }
        if let location = location(trimmed) { return .location(location) }
        if trimmed.hasPrefix("["), let items = try? listElements(trimmed) {
            let elements = items.map(guess)
            if let first = elements.first, let list = FieldValueList(valueType: first.valueType, elements: elements) {
                return .list(list)
            }
        }
        return .string(text)
    }

    /// The items of a JSON array (`["a", 2]`), or of a comma-separated text, each as text.
    private static func listElements(_ text: String) throws(FieldValueTextError) -> [String] {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("[") else {
            return trimmed.isEmpty ? [] : trimmed.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        }
        guard let array = try? JSONSerialization.jsonObject(with: Data(trimmed.utf8), options: [.fragmentsAllowed]) as? [Any] else {
            throw FieldValueTextError(text: text, type: "LIST", hint: "write a list as a JSON array, such as [\"a\",\"b\"]")
        }
        return array.map { item in
            if let number = item as? NSNumber, !(item is String) { return number.stringValue }
            if let string = item as? String { return string }
            return String(describing: item)
        }
    }

    private static func explicitType(_ text: String) -> (ValueType, String)? {
        guard let colon = text.firstIndex(of: ":"), let type = ValueType(rawValue: String(text[..<colon])), type != .asset else { return nil }
        return (type, String(text[text.index(after: colon)...]))
    }

    private static func timestamp(_ text: String) -> Timestamp? {
        if let milliseconds = Int64(text) { return Timestamp(millisecondsSince1970: milliseconds) }
        return isoDate(text)
    }

    private static func isoDate(_ text: String) -> Timestamp? {
        for formatter in [isoFormatter, isoFormatterWithoutFraction] {
            if let date = formatter.date(from: text) { return Timestamp(date) }
        }
        // A day alone is its midnight in UTC; a time after it without ISO's `T` and zone is not read at all.
        guard DateParts.day(text) != nil else { return nil }
        return DateParts.timestamp(text, in: utc)
    }

    private static func location(_ text: String) -> Location? {
        let parts = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, let latitude = Double(parts[0]), let longitude = Double(parts[1]),
            (-90...90).contains(latitude), (-180...180).contains(longitude)
        else { return nil }
        return Location(latitude: latitude, longitude: longitude)
    }

    private static func isQuoted(_ text: String) -> Bool {
        text.count >= 2 && ((text.hasPrefix("\"") && text.hasSuffix("\"")) || (text.hasPrefix("'") && text.hasSuffix("'")))
    }

    private static func unquoted(_ text: String) -> String {
        isQuoted(text) ? String(text.dropFirst().dropLast()) : text
    }

    private static func quoted(_ text: String) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: text, options: [.fragmentsAllowed, .withoutEscapingSlashes])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    nonisolated(unsafe) private static let isoFormatter: ISO8601DateFormatter = {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter
    }()

    nonisolated(unsafe) private static let isoFormatterWithoutFraction = ISO8601DateFormatter()

    private static let utc = TimeZone(identifier: "UTC")!
}

/// Text that is not a value of the type its field needs.
public struct FieldValueTextError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The text.
    public var text: String
    /// The type it should have been, as the schema language writes it.
    public var type: String
    /// How to write it instead, when there is more to say.
    public var hint: String?
    /// The place of the text in the list it is an element of, from 1.
    public var element: Int?

    /// Creates the error.
    public init(text: String, type: String, hint: String? = nil, element: Int? = nil) {
        self.text = text
        self.type = type
        self.hint = hint
        self.element = element
    }

    public var description: String {
        (element.map { "element \($0): " } ?? "") + "\"\(text)\" is not a valid \(type)" + (hint.map { ": \($0)" } ?? "")
    }
}
