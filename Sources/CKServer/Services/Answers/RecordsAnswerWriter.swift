import CKModel

/// Writes the records of an answer one by one as they are read, each straight from its stored row: no `Record`
/// is made for a record whose answer is its stored form.
struct RecordsAnswerWriter {
    private let options: RecordAnswerOptions
    private var writer: JSONWriter
    private var count = 0
    private var recordTypes: Set<String> = []
    /// The type of the record written last, whose next records (nearly always of the same type) need no lookup.
    private var lastType: [UInt8] = []

    /// A writer of records shaped by `options`, of about `capacity` records.
    init(options: RecordAnswerOptions, capacity: Int) {
        self.options = options
        writer = JSONWriter(capacity: 64 + capacity * Self.estimatedRecordByteCount)
        writer.beginArray()
    }

    /// About how many bytes a record of an answer takes.
    private static let estimatedRecordByteCount = 512

    /// How many records are written so far.
    var written: Int { count }

    /// Writes the record of `row`, in the zone `zoneID`.
    mutating func write(_ row: some StoredRecordColumns, zoneID: ZoneID) throws {
        try row.writeWireRecord(to: &writer, zoneID: zoneID, options: options)
        count += 1
        row.withText(.type) { type in
            guard let type, !type.elementsEqual(lastType) else { return }
            lastType = Array(type)
            recordTypes.insert(String(decoding: type, as: UTF8.self))
        }
    }

    /// The records written.
    func finished() -> WrittenRecords {
        var array = writer
        array.endArray()
        return WrittenRecords(json: array.bytes, count: count, recordTypes: recordTypes)
    }
}
