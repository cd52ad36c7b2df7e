import CKModel

/// The six fields every record type has, declared in a schema only to give them indexes.
public enum SystemField: String, CaseIterable, Sendable {
    case createTime = "___createTime"
    case createdBy = "___createdBy"
    case etag = "___etag"
    case modTime = "___modTime"
    case modifiedBy = "___modifiedBy"
    case recordID = "___recordID"

    /// The type the field always has.
    public var type: FieldType {
        switch self {
        case .createTime, .modTime: .value(.timestamp)
        case .createdBy, .modifiedBy, .recordID: .value(.reference)
        case .etag: .value(.string)
        }
    }

    /// The field without indexes.
    public var field: Field {
        Field(rawValue, type)
    }
}
