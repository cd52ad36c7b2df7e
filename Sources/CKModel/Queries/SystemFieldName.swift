/// A system field a filter or sort may name with `systemFieldName` instead of `fieldName`.
public enum SystemFieldName: String, CaseIterable, Hashable, Sendable, Codable {
    case recordName
    case share
    case parent
    case createdUserRecordName
    case createdTimestamp
    case modifiedTimestamp
    case modifiedUserRecordName

    /// The field's name in the schema language, where its indexes are declared (`___recordID` …).
    public var schemaFieldName: String {
        switch self {
        case .recordName: "___recordID"
        case .share: "___share"
        case .parent: "___parent"
        case .createdUserRecordName: "___createdBy"
        case .createdTimestamp: "___createTime"
        case .modifiedTimestamp: "___modTime"
        case .modifiedUserRecordName: "___modifiedBy"
        }
    }
}
