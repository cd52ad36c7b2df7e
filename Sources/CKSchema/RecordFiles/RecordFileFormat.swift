/// The file formats `records export` writes and `records import` reads.
public enum RecordFileFormat: String, CaseIterable, Sendable {
    /// One record per line in CloudKit's wire JSON.
    case jsonl
    /// A `recordName` column and a column per field, values as `FieldValueText` writes them.
    case csv

    /// The format `given`, else the one the file's extension names (`.csv`), else JSON lines.
    public static func resolved(_ given: RecordFileFormat?, path: String?) -> RecordFileFormat {
        given ?? (path?.lowercased().hasSuffix(".csv") == true ? .csv : .jsonl)
    }
}
