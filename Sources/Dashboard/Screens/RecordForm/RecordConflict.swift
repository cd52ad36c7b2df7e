import CKModel

/// A save the server refused with CONFLICT: the fields where the values typed and the server's differ, with the
/// side kept for each. A field only the user changed keeps the user's value and one only the server changed keeps
/// the server's; where both changed, the user's is kept until they choose.
struct RecordConflict: Equatable {
    /// Which value a field keeps.
    enum Side: Equatable {
        case mine, server
    }

    /// One field whose values differ.
    struct Difference: Equatable {
        var field: String
        var mine: FieldValue?
        var server: FieldValue?
        var kept: Side
        /// Whether the user and the server both changed it since editing began.
        var changedOnBothSides: Bool
    }

    /// The record as the server has it now, whose change tag the next save carries.
    let serverRecord: Record
    /// The fields that differ, in the form's order.
    private(set) var differences: [Difference]
    /// The values the fields that do not differ have on both sides.
    private let agreed: [String: FieldValue]

    /// The conflict between `draft` and `serverRecord`.
    init(draft: RecordDraft, serverRecord: Record) {
        self.serverRecord = serverRecord
        let server = serverRecord.fields ?? [:]
        let changedByUser = draft.changedFields
        var differences: [Difference] = []
        var agreed: [String: FieldValue] = [:]
        for field in draft.fields.map(\.name) {
            let mine = draft.values[field]
            guard mine != server[field] else {
                agreed[field] = mine
                continue
            }
            let userChanged = changedByUser.contains(field)
            let serverChanged = server[field] != draft.originalValue(of: field)
            differences.append(Difference(
                field: field, mine: mine, server: server[field], kept: userChanged || !serverChanged ? .mine : .server,
                changedOnBothSides: userChanged && serverChanged))
        }
        self.differences = differences
        self.agreed = agreed
    }

    /// Keeps `side`'s value of the difference at `index`.
    mutating func keep(_ side: Side, at index: Int) {
        guard differences.indices.contains(index) else { return }
        differences[index].kept = side
    }

    /// The record's fields as the user resolved them.
    var resolvedValues: [String: FieldValue] {
        var values = agreed
        for difference in differences {
            values[difference.field] = difference.kept == .mine ? difference.mine : difference.server
        }
        return values
    }
}

extension RecordDraft {
    /// The value field `name` had when editing began.
    func originalValue(of name: String) -> FieldValue? {
        original?.fields?[name]
    }
}
