import CKSchema

/// A quick filter on a field without the index its comparator reads, refused before anything is sent; the
/// records screen offers I to add it.
struct MissingIndexError: Error, CustomStringConvertible {
    /// The index the filter needs.
    var missing: MissingIndex

    var description: String {
        "\(missing.field) is not \(missing.index.rawValue) in \(missing.recordType): the query needs that index"
    }
}
