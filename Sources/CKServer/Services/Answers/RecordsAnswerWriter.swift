import CKModel

/// Writes the records of an answer one by one as they are read, each straight from its stored row: no `Record`
/// is made for a record whose answer is its stored form.
struct RecordsAnswerWriter {
    private let options: RecordAnswerOptions
    private var writer: JSONWriter
    private var count = 0
    private var recordTypes = AnsweredRecordTypes()
    /// The zone of the records written last, its JSON written once for all of them.
    private var zone: ZoneIDJSON?

    /// A writer of records shaped by `options`, of about `capacity` records.
    init(options: RecordAnswerOptions, capacity: Int) {
        self.options = options
        writer = JSONWriter(capacity: 64 + capacity * Self.estimatedRecordByteCount)
        writer.beginArray()
    }

    /// About how many bytes a record of an answer takes.
    static let estimatedRecordByteCount = 512

    /// How many records are written so far.
    var written: Int { count }

    /// Writes the record of `row`, in the zone `zoneID`.
    mutating func write(_ row: some StoredRecordColumns, zoneID: ZoneID) throws {
        let zone = zone.flatMap { $0.zoneID == zoneID ? $0 : nil } ?? ZoneIDJSON(zoneID)
        self.zone = zone
        try row.writeWireRecord(to: &writer, zone: zone, options: options)
        count += 1
        recordTypes.note(row)
    }

    /// The records written (the array closed in place, not copied).
    consuming func finished() -> WrittenRecords {
        writer.endArray()
        return WrittenRecords(json: writer.bytes, count: count, recordTypes: recordTypes.types)
    }
}
