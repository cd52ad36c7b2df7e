import Foundation

/// The value of one record field, of one of CloudKit's field types.
///
/// On the wire it is the wrapper `{"value": …, "type": "…"}` (see `FieldValue+Coding.swift`).
public enum FieldValue: Hashable, Sendable {
    /// Text.
    case string(String)
    /// A 64-bit integer; CloudKit has no boolean type, so booleans are 0 and 1.
    case int64(Int64)
    /// A 64-bit floating-point number.
    case double(Double)
    /// A point in time, in whole milliseconds.
    case timestamp(Timestamp)
    /// Raw bytes, base64 on the wire.
    case bytes(Data)
    /// A pointer to another record.
    case reference(Reference)
    /// A file stored beside the record.
    case asset(Asset)
    /// A geographic location.
    case location(Location)
    /// A list of values of one type.
    case list(FieldValueList)

    /// The wire tag of this value (`STRING`, `INT64_LIST` …).
    public var typeTag: FieldTypeTag {
        switch self {
        case .string: FieldTypeTag(.string)
        case .int64: FieldTypeTag(.int64)
        case .double: FieldTypeTag(.double)
        case .timestamp: FieldTypeTag(.timestamp)
        case .bytes: FieldTypeTag(.bytes)
        case .reference: FieldTypeTag(.reference)
        case .asset: FieldTypeTag(.asset)
        case .location: FieldTypeTag(.location)
        case .list(let list): FieldTypeTag(list.valueType, isList: true)
        }
    }

    /// The type of the value, or of each element of a list.
    public var valueType: ValueType {
        typeTag.valueType ?? .string
    }
}
