import CKModel

/// Writes `records/lookup`'s answer: each record found is written straight from its stored row as storage hands
/// it over (in no particular order), once for each set of `desiredKeys` its items ask for, and the answer then
/// puts them in the order of the request's items, a `NOT_FOUND` for each name without a record.
struct LookupAnswerWriter {
    /// What an item of the request is answered with.
    private enum Placement {
        case record(Range<Int>)
        case refusal(ServerError)
    }

    private let items: [RecordsLookup.Item]
    private let zone: ZoneIDJSON
    private let options: RecordAnswerOptions
    /// Each name's items, by position in the request.
    private let positions: [String: [Int]]
    /// The records written so far, one after the other, as storage handed them over.
    private var written: JSONWriter
    private var placements: [Placement?]
    private var recordTypes = AnsweredRecordTypes()

    /// A writer of the answer to `items`, in the zone `zoneID`, shaped by `options` (whose `desiredKeys` an item's
    /// own replace).
    init(items: [RecordsLookup.Item], zoneID: ZoneID, options: RecordAnswerOptions) {
        self.items = items
        zone = ZoneIDJSON(zoneID)
        self.options = options
        positions = Dictionary(grouping: items.indices) { items[$0].recordName }
        written = JSONWriter(capacity: 64 + items.count * RecordsAnswerWriter.estimatedRecordByteCount)
        placements = Array(repeating: nil, count: items.count)
    }

    /// The names the request asks for, each spelling once: names Swift holds equal (the same text in two Unicode
    /// normal forms) are different bytes to storage, and each item finds the record of either.
    var names: [String] {
        var seen = Set<[UInt8]>()
        return items.map(\.recordName).filter { seen.insert(Array($0.utf8)).inserted }
    }

    /// Writes the record of `row`, named `name`, for every item that names it.
    mutating func write(_ row: some StoredRecordColumns, named name: String) throws {
        var rendered: [(desiredKeys: [String]?, range: Range<Int>)] = []
        for position in positions[name] ?? [] {
            let desiredKeys = items[position].desiredKeys ?? options.desiredKeys
            if let earlier = rendered.first(where: { $0.desiredKeys == desiredKeys }) {
                placements[position] = .record(earlier.range)
                continue
            }
            var shape = options
            shape.desiredKeys = desiredKeys
            let range = try written.value { try row.writeWireRecord(to: &$0, zone: zone, options: shape) }
            rendered.append((desiredKeys, range))
            placements[position] = .record(range)
        }
        recordTypes.note(row)
    }

    /// Answers every item naming `name` with `refusal` instead of its record.
    mutating func refuse(_ name: String, _ refusal: ServerError) {
        for position in positions[name] ?? [] {
            placements[position] = .refusal(refusal)
        }
    }

    /// The answer's records, in the order of the request's items.
    func finished() -> WrittenRecords {
        var answer = JSONWriter(capacity: written.bytes.count + 64)
        var count = 0
        var itemErrors: [String: Int] = [:]
        answer.beginArray()
        written.bytes.withUnsafeBytes { records in
            for (position, item) in items.enumerated() {
                switch placements[position] {
                case .record(let range)?:
                    answer.raw(UnsafeRawBufferPointer(rebasing: records[range]))
                    count += 1
                case let placement:
                    let refusal = if case .refusal(let refusal)? = placement { refusal } else { RecordRefusal.notFound(item.recordName) }
                    ItemResult<Record>.failure(refusal).write(to: &answer, numbersAsStrings: false)
                    itemErrors[refusal.serverErrorCode.rawValue, default: 0] += 1
                }
            }
        }
        answer.endArray()
        return WrittenRecords(json: answer.bytes, count: count, recordTypes: recordTypes.types, itemErrors: itemErrors)
    }
}
