/// The record types of the records an answer holds, noted as they are written.
struct AnsweredRecordTypes {
    private(set) var types: Set<String> = []
    /// The type noted last, whose next records (nearly always of the same type) need no lookup.
    private var lastType: [UInt8]?

    /// Notes the type of the record of `row`.
    mutating func note(_ row: some StoredRecordColumns) {
        row.withText(.type) { type in
            guard let type, lastType.map({ !type.elementsEqual($0) }) ?? true else { return }
            lastType = Array(type)
            types.insert(String(decoding: type, as: UTF8.self))
        }
    }
}
