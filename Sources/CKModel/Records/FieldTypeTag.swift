/// The `type` tag of a field value on the wire: a value type, possibly as a list (`STRING_LIST`).
///
/// Reading is lenient, as real servers differ (see the reference's appendix A): `LIST` alone is a list whose
/// element type comes from the values, `ASSETID` is an asset, `NUMBER_INT64`/`NUMBER_DOUBLE` are numbers and
/// `ENCRYPTED_<T>` carries a value of type T.
public struct FieldTypeTag: Hashable, Sendable, CustomStringConvertible {
    /// The element type, or `nil` for a bare `LIST` whose element type must be inferred.
    public var valueType: ValueType?
    /// Whether the value is a list of `valueType`.
    public var isList: Bool

    /// Creates a tag for a value type, optionally as a list.
    public init(_ valueType: ValueType, isList: Bool = false) {
        self.valueType = valueType
        self.isList = isList
    }

    private init(untypedList: Void) {
        self.valueType = nil
        self.isList = true
    }

    /// Parses a wire tag; `nil` for a tag CloudKit does not use.
    public init?(wireName: String) {
        var name = wireName
        if name == "LIST" {
            self.init(untypedList: ())
            return
        }
        var isList = false
        if name.hasSuffix("_LIST") {
            isList = true
            name.removeLast("_LIST".count)
        }
        for prefix in ["ENCRYPTED_", "NUMBER_"] where name.hasPrefix(prefix) {
            name.removeFirst(prefix.count)
        }
        if name == "ASSETID" {
            name = "ASSET"
        }
        guard let valueType = ValueType(rawValue: name) else { return nil }
        self.init(valueType, isList: isList)
    }

    /// The tag as this package writes it: `STRING`, `STRING_LIST` (never the bare `LIST`); assets as
    /// `ASSETID` and `ASSETID_LIST`, as Apple's servers answer and clients such as OpenCloudKit expect.
    public var wireName: String {
        let base = valueType == .asset ? "ASSETID" : (valueType?.rawValue ?? ValueType.string.rawValue)
        return isList ? base + "_LIST" : base
    }

    public var description: String { valueType == nil ? "LIST" : wireName }
}
