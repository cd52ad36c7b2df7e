/// CloudKit's rule for the names of records and zones: printable ASCII, 1 to 255 characters, not starting with
/// an underscore (reserved for the system's own, such as `_defaultZone`). Dots and hyphens are allowed, as in
/// Core Data's zone `com.apple.coredata.cloudkit.zone` and record names that are UUIDs.
public enum ObjectName {
    /// The longest name accepted.
    public static let maximumLength = 255

    /// Why `name` cannot name a `kind` ("record", "zone"); `nil` when it can.
    public static func problem(with name: String, kind: String) -> String? {
        if name.isEmpty || name.utf8.count > maximumLength {
            return "a \(kind) name must have 1 to \(maximumLength) characters"
        }
        if name.hasPrefix("_") {
            return "\(kind) names starting with an underscore are reserved"
        }
        if !name.unicodeScalars.allSatisfy({ $0.isASCII && $0.value >= 32 && $0.value != 127 }) {
            return "a \(kind) name must be printable ASCII"
        }
        return nil
    }
}
