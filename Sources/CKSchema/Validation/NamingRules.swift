import CKModel

/// The schema language's rules for names of record types, fields and roles.
public enum NamingRules {
    /// The longest name accepted (CloudKit documents no limit; this is a generous one).
    public static let maximumLength = 255

    /// Words the schema language reads as keywords where a name could stand, so they must be quoted.
    static let wordsNeedingQuotes: Set<String> = ["GRANT", "PREFERRED", "QUERYABLE", "SORTABLE", "SEARCHABLE"]

    /// Names native CloudKit uses for record properties; a field with one of them is confusing in client code.
    public static let recordPropertyNames: Set<String> = [
        "recordID", "recordType", "creationDate", "modificationDate", "creatorUserRecordID",
        "lastModifiedUserRecordID", "recordChangeTag", "parent", "share", "recordName",
    ]

    /// Whether `name` has the form of an identifier: a letter, then letters, digits and underscores.
    public static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.utf8.first, first.isASCIILetter else { return false }
        return name.utf8.allSatisfy { $0.isASCIILetter || $0.isASCIIDigit || $0 == UInt8(ascii: "_") }
    }

    /// Why `name` cannot name a user-defined record type, field or role; `nil` when it can.
    public static func problem(with name: String, kind: String) -> String? {
        if name.isEmpty {
            return "a \(kind) name cannot be empty"
        }
        if name.count > maximumLength {
            return "the \(kind) name \"\(name.prefix(40))…\" is longer than \(maximumLength) characters"
        }
        if name.hasPrefix("_") {
            return "the \(kind) name \"\(name)\" starts with an underscore, which is reserved for the system"
        }
        if !isIdentifier(name) {
            return "the \(kind) name \"\(name)\" must start with a letter and hold only letters, digits and underscores"
        }
        return nil
    }

    /// Whether the printer must double-quote `name`.
    static func needsQuotes(_ name: String) -> Bool {
        !isIdentifier(name) || wordsNeedingQuotes.contains(name.uppercased())
    }
}
