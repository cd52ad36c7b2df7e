import CKModel
import Foundation

/// Decides whether a record meets a query filter, with CloudKit's semantics: string equality ignores case,
/// BEGINS_WITH does not, references compare by record name, token search ignores case, diacritics and stop
/// words, NEAR measures meters on the globe. A missing field meets only the negative comparators.
enum FilterEvaluator {
    static func matches(_ record: StoredRecord, _ filter: Filter) -> Bool {
        let value = RecordIndexing.fieldValue(filter.field.schemaFieldName, of: record)
        let wanted = filter.fieldValue
        switch filter.comparator {
        case .equals: return value.map { equal($0, wanted) } ?? false
        case .notEquals: return !(value.map { equal($0, wanted) } ?? false)
        case .lessThan: return compare(value, wanted).map { $0 < 0 } ?? false
        case .lessThanOrEquals: return compare(value, wanted).map { $0 <= 0 } ?? false
        case .greaterThan: return compare(value, wanted).map { $0 > 0 } ?? false
        case .greaterThanOrEquals: return compare(value, wanted).map { $0 >= 0 } ?? false
        case .in: return value.map { element in elements(wanted).contains { equal(element, $0) } } ?? false
        case .notIn: return !(value.map { element in elements(wanted).contains { equal(element, $0) } } ?? false)
        case .beginsWith: return prefixed(value, wanted)
        case .notBeginsWith: return !prefixed(value, wanted)
        case .containsAllTokens: return tokens(value).isSuperset(of: tokens(wanted))
        case .containsAnyTokens: return !tokens(value).isDisjoint(with: tokens(wanted))
        case .listContains: return contains(value, wanted)
        case .notListContains: return !contains(value, wanted)
        case .listContainsAll: return elements(wanted).allSatisfy { contains(value, $0) }
        case .notListContainsAll: return !elements(wanted).allSatisfy { contains(value, $0) }
        case .listContainsAny: return elements(wanted).contains { contains(value, $0) }
        case .notListContainsAny: return !elements(wanted).contains { contains(value, $0) }
        case .listMemberBeginsWith: return elements(value).contains { prefixed($0, wanted) }
        case .notListMemberBeginsWith: return !elements(value).contains { prefixed($0, wanted) }
        case .near:
            guard case .location(let here)? = value, case .location(let center) = wanted else { return false }
            return distance(here, center) <= (filter.distance ?? 0)
        }
    }

    /// The elements of a list value, or the value itself.
    static func elements(_ value: FieldValue?) -> [FieldValue] {
        switch value {
        case .list(let list)?: list.elements
        case let single?: [single]
        case nil: []
        }
    }

    /// Three-way comparison in index order; `nil` when the values do not compare.
    static func compare(_ value: FieldValue?, _ wanted: FieldValue) -> Int? {
        guard let value, let left = RecordIndexing.indexValue(value), let right = RecordIndexing.indexValue(wanted) else { return nil }
        switch (left, right) {
        case (.text, .text), (.integer, .integer), (.real, .real), (.integer, .real), (.real, .integer):
            return left < right ? -1 : (right < left ? 1 : 0)
        default:
            return nil
        }
    }

    static func equal(_ value: FieldValue, _ wanted: FieldValue) -> Bool {
        if case .location(let a) = value, case .location(let b) = wanted {
            return a.latitude == b.latitude && a.longitude == b.longitude
        }
        return compare(value, wanted) == 0
    }

    private static func contains(_ list: FieldValue?, _ wanted: FieldValue) -> Bool {
        elements(list).contains { equal($0, wanted) }
    }

    private static func prefixed(_ value: FieldValue?, _ wanted: FieldValue) -> Bool {
        guard case .string(let text)? = value, case .string(let prefix) = wanted else { return false }
        return text.hasPrefix(prefix)
    }

    private static func tokens(_ value: FieldValue?) -> Set<String> {
        Set(elements(value).flatMap { element -> [String] in
            if case .string(let text) = element { TextTokens.tokens(text) } else { [] }
        })
    }

    /// Meters between two points on the globe (haversine, mean Earth radius).
    static func distance(_ a: Location, _ b: Location) -> Double {
        let radians = Double.pi / 180
        let dLatitude = (b.latitude - a.latitude) * radians
        let dLongitude = (b.longitude - a.longitude) * radians
        let h = sin(dLatitude / 2) * sin(dLatitude / 2)
            + cos(a.latitude * radians) * cos(b.latitude * radians) * sin(dLongitude / 2) * sin(dLongitude / 2)
        return 2 * 6_371_008.8 * asin(min(1, sqrt(h)))
    }
}
