import Foundation

/// The value of a LIST field: elements that all have the same type.
///
/// Each case holds the elements of the list type of the same name (`STRING_LIST` …).
public enum FieldValueList: Hashable, Sendable {
    /// `STRING_LIST`.
    case string([String])
    /// `INT64_LIST`.
    case int64([Int64])
    /// `DOUBLE_LIST`.
    case double([Double])
    /// `TIMESTAMP_LIST`.
    case timestamp([Timestamp])
    /// `BYTES_LIST`.
    case bytes([Data])
    /// `REFERENCE_LIST`.
    case reference([Reference])
    /// `ASSET_LIST`.
    case asset([Asset])
    /// `LOCATION_LIST`.
    case location([Location])

    /// The type every element has.
    public var valueType: ValueType {
        switch self {
        case .string: .string
        case .int64: .int64
        case .double: .double
        case .timestamp: .timestamp
        case .bytes: .bytes
        case .reference: .reference
        case .asset: .asset
        case .location: .location
        }
    }

    /// The elements as single field values.
    public var elements: [FieldValue] {
        switch self {
        case .string(let values): values.map(FieldValue.string)
        case .int64(let values): values.map(FieldValue.int64)
        case .double(let values): values.map(FieldValue.double)
        case .timestamp(let values): values.map(FieldValue.timestamp)
        case .bytes(let values): values.map(FieldValue.bytes)
        case .reference(let values): values.map(FieldValue.reference)
        case .asset(let values): values.map(FieldValue.asset)
        case .location(let values): values.map(FieldValue.location)
        }
    }

    /// The number of elements.
    public var count: Int {
        switch self {
        case .string(let values): values.count
        case .int64(let values): values.count
        case .double(let values): values.count
        case .timestamp(let values): values.count
        case .bytes(let values): values.count
        case .reference(let values): values.count
        case .asset(let values): values.count
        case .location(let values): values.count
        }
    }

    /// Builds a list of `valueType` from single values; `nil` if an element has another type or is a list.
    public init?(valueType: ValueType, elements: [FieldValue]) {
        func all<T>(_ extract: (FieldValue) -> T?) -> [T]? {
            var result: [T] = []
            result.reserveCapacity(elements.count)
            for element in elements {
                guard let value = extract(element) else { return nil }
                result.append(value)
            }
            return result
        }
        let list: FieldValueList?
        switch valueType {
        case .string: list = all { if case .string(let v) = $0 { v } else { nil } }.map(Self.string)
        case .int64: list = all { if case .int64(let v) = $0 { v } else { nil } }.map(Self.int64)
        case .double: list = all { if case .double(let v) = $0 { v } else { nil } }.map(Self.double)
        case .timestamp: list = all { if case .timestamp(let v) = $0 { v } else { nil } }.map(Self.timestamp)
        case .bytes: list = all { if case .bytes(let v) = $0 { v } else { nil } }.map(Self.bytes)
        case .reference: list = all { if case .reference(let v) = $0 { v } else { nil } }.map(Self.reference)
        case .asset: list = all { if case .asset(let v) = $0 { v } else { nil } }.map(Self.asset)
        case .location: list = all { if case .location(let v) = $0 { v } else { nil } }.map(Self.location)
        }
        guard let list else { return nil }
        self = list
    }
}
