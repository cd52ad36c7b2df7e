/// What the record screen knows of the records pointing to its record.
enum BackReferenceState: Equatable {
    /// Looked for through every queryable reference field of the schema: the records found, or `nil` while
    /// the search runs.
    case looked([BackReference]?)
    /// Not looked for: without the schema (no management API and no schema file) the types that may point here
    /// are not known.
    case needSchema
}
