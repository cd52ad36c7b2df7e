import CKModel
import Foundation

/// A query filter written as cktool writes it: `"price > 4.5"`, `"name BEGINS_WITH Al"`,
/// `"tags LIST_CONTAINS swift"`, `"status IN [open, held]"`, `"place NEAR 37.33,-122.03 500"` (meters).
///
/// The operator is one of `== != < <= > >=` or a comparator's name in any case. The value is read as the
/// field's type when the record type is known (see `FieldValueText`), else guessed. System fields are named
/// as the web services do (`recordName`, `createdTimestamp` …) or as the schema does (`___createTime` …).
public enum FilterExpression {
    private static let symbols: [(String, FilterComparator)] = [
        ("==", .equals), ("!=", .notEquals), ("<=", .lessThanOrEquals), (">=", .greaterThanOrEquals), ("<", .lessThan),
        (">", .greaterThan), ("=", .equals),
    ]

    /// Comparators whose value is a list of the field's element values.
    private static let listValued: Set<FilterComparator> = [
        .in, .notIn, .listContainsAll, .notListContainsAll, .listContainsAny, .notListContainsAny,
    ]

    /// Comparators whose value is one element of a list field.
    private static let elementValued: Set<FilterComparator> = [
        .listContains, .notListContains, .listMemberBeginsWith, .notListMemberBeginsWith,
    ]

    /// The filter `text` describes, its value typed by the field of `recordType` when given.
    public static func parse(_ text: String, recordType: RecordType?) throws(FilterExpressionError) -> Filter {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let fieldEnd = trimmed.firstIndex(where: { $0 == " " || "=!<>".contains($0) }) else {
            throw FilterExpressionError("\"\(text)\" is not a filter: write FIELD OPERATOR VALUE, such as \"price > 4.5\"")
        }
        let name = String(trimmed[..<fieldEnd])
        let rest = trimmed[fieldEnd...].trimmingCharacters(in: .whitespaces)
        let (comparator, valueText) = try comparator(in: rest, of: text)
        let field = queryField(name)
        let declared = declaredType(of: field, in: recordType)
        if recordType != nil, declared == nil {
            throw FilterExpressionError("\(recordType?.name ?? "") has no field \(name)")
        }
        do {
            if comparator == .near {
                return try near(field, valueText, text)
            }
            return Filter(field, comparator, try FieldValueText.parse(valueText, as: valueType(of: comparator, on: declared)))
        } catch {
            throw FilterExpressionError("in \"\(text)\": \(error)")
        }
    }

    /// The type of the value `comparator` compares a field of type `declared` with: a list of its elements
    /// for `IN` and the list comparators that take several values, one element for `LIST_CONTAINS` and the
    /// other single-element list comparators, the field's own type otherwise; `nil` (guess) when the field's
    /// type is not known.
    public static func valueType(of comparator: FilterComparator, on declared: FieldType?) -> FieldType? {
        if listValued.contains(comparator) {
            return declared.map { FieldType($0.primitive, isList: true) } ?? FieldType(.value(.string), isList: true)
        }
        if elementValued.contains(comparator) {
            return declared.map { FieldType($0.primitive) }
        }
        return declared
    }

    /// A field name as a query field: system fields by either of their names.
    public static func queryField(_ name: String) -> QueryField {
        if let system = SystemFieldName(rawValue: name) ?? SystemFieldName.allCases.first(where: { $0.schemaFieldName == name }) {
            return .system(system)
        }
        return .field(name)
    }

    private static func comparator(in rest: String, of text: String) throws(FilterExpressionError) -> (FilterComparator, String) {
        for (symbol, comparator) in symbols where rest.hasPrefix(symbol) {
            return (comparator, rest.dropFirst(symbol.count).trimmingCharacters(in: .whitespaces))
        }
        let word = rest.prefix { $0 != " " }
        guard let comparator = FilterComparator(rawValue: word.uppercased()) else {
            throw FilterExpressionError(
                "\"\(word)\" in \"\(text)\" is not an operator: use == != < <= > >= or a comparator such as BEGINS_WITH, IN, LIST_CONTAINS, NEAR")
        }
        return (comparator, rest.dropFirst(word.count).trimmingCharacters(in: .whitespaces))
    }

    private static func declaredType(of field: QueryField, in recordType: RecordType?) -> FieldType? {
        recordType?.field(named: field.schemaFieldName)?.type ?? SystemField(rawValue: field.schemaFieldName)?.type
    }

    /// `lat,lon radius`: the radius in meters, optionally with `m` or `km`.
    private static func near(_ field: QueryField, _ valueText: String, _ text: String) throws -> Filter {
        let parts = valueText.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard parts.count == 2, case .location(let location) = try FieldValueText.parse(parts[0], as: .value(.location)) else {
            throw FilterExpressionError("NEAR takes a location and a radius, such as \"place NEAR 37.33,-122.03 500\"")
        }
        let radius = parts[1].lowercased()
        let meters: Double? =
            if radius.hasSuffix("km") { Double(radius.dropLast(2)).map { $0 * 1000 } }
            else if radius.hasSuffix("m") { Double(radius.dropLast()) }
            else { Double(radius) }
        guard let meters, meters > 0 else {
            throw FilterExpressionError("\"\(parts[1])\" is not a radius: write meters (500, 500m) or kilometers (2km)")
        }
        return Filter(field, .near, .location(location), distance: meters)
    }
}

/// A filter expression that cannot be read, with what is wrong.
public struct FilterExpressionError: Error, Hashable, Sendable, CustomStringConvertible {
    public var description: String

    /// Creates the error.
    public init(_ description: String) {
        self.description = description
    }
}
