import Foundation

extension ItemResult: JSONWritable where Item == Record {
    public func write(to writer: inout JSONWriter, numbersAsStrings: Bool) {
        switch self {
        case .success(let record):
            record.write(to: &writer, numbersAsStrings: numbersAsStrings)
        case .failure(let error):
            writer.raw(Array((try? JSONEncoder().encode(error)) ?? Data("{}".utf8)))
        }
    }

    public var estimatedByteCount: Int {
        guard case .success(let record) = self else { return 256 }
        return record.estimatedByteCount
    }
}

extension RecordsModify.Response: JSONWritable {
    public var estimatedByteCount: Int { records.reduce(64) { $0 + $1.estimatedByteCount } }

    /// Writes `{"records": [ … ]}`.
    public func write(to writer: inout JSONWriter, numbersAsStrings: Bool) {
        writer.beginObject()
        writer.key("records")
        writer.beginArray()
        for record in records {
            record.write(to: &writer, numbersAsStrings: numbersAsStrings)
        }
        writer.endArray()
        writer.endObject()
    }
}
