import CKModel

/// The order of a query's answers: by each sort descriptor in turn (a record without the field last when
/// ascending, first when descending), then by record name in the first sort's direction, which is the order
/// the first sort field's index is read in.
struct QueryOrder {
    let sortBy: [SortDescriptor]

    /// The values a record sorts by, one per sort descriptor.
    func values(of record: StoredRecord) -> [IndexValue?] {
        sortBy.map { RecordIndexing.fieldValue($0.field.schemaFieldName, of: record).flatMap(RecordIndexing.indexValue) }
    }

    /// Whether the record with sort values `a` named `aName` comes before the one with `b` named `bName`.
    func precedes(_ a: [IndexValue?], _ aName: String, _ b: [IndexValue?], _ bName: String) -> Bool {
        for (index, sort) in sortBy.enumerated() where a[index] != b[index] {
            guard let left = a[index] else { return !sort.ascending }
            guard let right = b[index] else { return sort.ascending }
            return sort.ascending ? left < right : right < left
        }
        return sortBy.first?.ascending ?? true ? aName < bName : bName < aName
    }

    /// The items in the order of their records.
    func sorted<Item>(_ items: [Item], by record: (Item) -> StoredRecord) -> [Item] {
        items.map { (values(of: record($0)), record($0).recordName, $0) }.sorted { precedes($0.0, $0.1, $1.0, $1.1) }.map(\.2)
    }
}
