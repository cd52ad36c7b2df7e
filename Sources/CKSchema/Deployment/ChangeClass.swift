/// How risky a schema change is when deployed from development to production.
public enum ChangeClass: String, CaseIterable, Hashable, Sendable, Codable {
    /// A record type or field is added: nothing existing is touched.
    case safe
    /// An index is added or removed: queries that need it start or stop working.
    case index
    /// A role or grant changes: who may read, create or write changes.
    case permission
    /// Production cannot accept it (removal, type change): a deploy containing it is refused.
    case blocked

    /// A heading for the group of changes of this class.
    public var title: String {
        switch self {
        case .safe: "Safe additions"
        case .index: "Index changes"
        case .permission: "Permission changes"
        case .blocked: "Blocked changes"
        }
    }

    /// The sign before a change of this class in a report: `+` safe, `~` index, `*` permission, `x` blocked.
    public var marker: String {
        switch self {
        case .safe: "+"
        case .index: "~"
        case .permission: "*"
        case .blocked: "x"
        }
    }
}
