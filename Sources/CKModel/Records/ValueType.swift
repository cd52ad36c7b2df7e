/// The type of a single field value: the element kinds of CloudKit's field type tags.
///
/// The raw value is the wire tag (`"STRING"`, `"INT64"` …), which is also the `.ckdb` keyword.
public enum ValueType: String, CaseIterable, Hashable, Sendable, Codable {
    case string = "STRING"
    case int64 = "INT64"
    case double = "DOUBLE"
    case timestamp = "TIMESTAMP"
    case bytes = "BYTES"
    case reference = "REFERENCE"
    case asset = "ASSET"
    case location = "LOCATION"
}
