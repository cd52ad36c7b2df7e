import CKModel
import Foundation

extension FilterExpression {
    /// `filter` written as `parse` reads it back, the way `ckdash records query --filter` takes it:
    /// `rsvpCount >= 10`, `name BEGINS_WITH Pic`, `tags LIST_CONTAINS_ANY ["music","food"]`,
    /// `location NEAR 37.33,-122.03 5000`. Text that would read back as something else (a number, a date,
    /// padded with spaces, empty) is quoted.
    public static func format(_ filter: Filter) -> String {
        "\(filter.field.wireName) \(symbol(for: filter.comparator)) \(valueText(filter))"
    }

    /// The operator as written: `==`, `!=`, `<`, `<=`, `>`, `>=`, or the comparator's name.
    public static func symbol(for comparator: FilterComparator) -> String {
        switch comparator {
        case .equals: "=="
        case .notEquals: "!="
        case .lessThan: "<"
        case .lessThanOrEquals: "<="
        case .greaterThan: ">"
        case .greaterThanOrEquals: ">="
        default: comparator.rawValue
        }
    }

    private static func valueText(_ filter: Filter) -> String {
        if filter.comparator == .near {
            return FieldValueText.format(filter.fieldValue) + " " + meters(filter.distance ?? 0)
        }
        if case .string(let text) = filter.fieldValue { return quotedIfNeeded(text) }
        return FieldValueText.format(filter.fieldValue)
    }

    /// Text that reads back as this same text: quoted when it is empty, padded, or would be guessed as another
    /// type (`42`, `2026-01-01`, `STRING:x`, `"quoted"`). `parse` drops one quote at each end, so nothing inside
    /// needs escaping.
    private static func quotedIfNeeded(_ text: String) -> String {
        let plain = !text.isEmpty && text.trimmingCharacters(in: .whitespaces) == text
            && (try? FieldValueText.parse(text, as: nil)) == .string(text)
        return plain ? text : "\"\(text)\""
    }

    /// A radius in meters, without a fraction when it has none.
    private static func meters(_ distance: Double) -> String {
        distance.rounded() == distance && abs(distance) < 1e15 ? String(Int64(distance)) : distance.description
    }
}
