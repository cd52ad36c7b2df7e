/// One difference between the production and the development schema, as a deploy would apply it.
public struct SchemaChange: Hashable, Sendable {
    /// What changed.
    public enum Kind: Hashable, Sendable {
        case recordTypeAdded(RecordType)
        case recordTypeRemoved(String)
        case fieldAdded(recordType: String, Field)
        case fieldRemoved(recordType: String, field: String)
        case fieldTypeChanged(recordType: String, field: String, from: FieldType, to: FieldType)
        case indexAdded(recordType: String, field: String, IndexKind)
        case indexRemoved(recordType: String, field: String, IndexKind)
        case roleAdded(String)
        /// A role development no longer has; `stillGrantedBy` names a record type that production keeps
        /// (its removal is blocked) and that still grants the role, which blocks the role's removal too.
        case roleRemoved(String, stillGrantedBy: String?)
        case grantAdded(recordType: String, Grant)
        case grantRevoked(recordType: String, Grant)
    }

    /// What changed.
    public var kind: Kind

    /// Creates a change.
    public init(_ kind: Kind) {
        self.kind = kind
    }

    /// The record type the change is about, if any.
    public var recordType: String? {
        switch kind {
        case .recordTypeAdded(let type): type.name
        case .recordTypeRemoved(let name): name
        case .fieldAdded(let type, _), .fieldRemoved(let type, _), .fieldTypeChanged(let type, _, _, _),
            .indexAdded(let type, _, _), .indexRemoved(let type, _, _), .grantAdded(let type, _),
            .grantRevoked(let type, _):
            type
        case .roleAdded, .roleRemoved: nil
        }
    }

    /// The field the change is about, if any.
    public var field: String? {
        switch kind {
        case .fieldAdded(_, let field): field.name
        case .fieldRemoved(_, let field), .fieldTypeChanged(_, let field, _, _), .indexAdded(_, let field, _),
            .indexRemoved(_, let field, _):
            field
        default: nil
        }
    }

    /// How risky the change is.
    public var changeClass: ChangeClass {
        switch kind {
        case .recordTypeAdded, .fieldAdded: .safe
        case .fieldTypeChanged(_, _, let from, let to): Self.isPinningNumber(from: from, to: to) ? .safe : .blocked
        case .recordTypeRemoved, .fieldRemoved: .blocked
        case .indexAdded, .indexRemoved: .index
        case .roleRemoved(_, .some): .blocked
        case .roleAdded, .roleRemoved, .grantAdded, .grantRevoked: .permission
        }
    }

    /// Whether a deploy may apply the change.
    public var isAllowed: Bool { changeClass != .blocked }

    /// A `NUMBER` field getting its first `PREFERRED AS`: the one type change production accepts.
    static func isPinningNumber(from: FieldType, to: FieldType) -> Bool {
        guard from.isList == to.isList, case .number(nil) = from.primitive, case .number(_?) = to.primitive else {
            return false
        }
        return true
    }
}
