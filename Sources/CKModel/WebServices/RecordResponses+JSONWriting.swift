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

/// What `records` take as JSON, about.
private func estimatedByteCount(of records: [some JSONWritable]) -> Int {
    records.reduce(64) { $0 + $1.estimatedByteCount }
}

/// Writes `{"records": [ … ]}` and any further members.
private func writeRecords(
    _ records: [some JSONWritable], to writer: inout JSONWriter, numbersAsStrings: Bool, then members: (inout JSONWriter) -> Void = { _ in }
) {
    writer.beginObject()
    writer.key("records")
    writer.beginArray()
    for record in records {
        record.write(to: &writer, numbersAsStrings: numbersAsStrings)
    }
    writer.endArray()
    members(&writer)
    writer.endObject()
}

extension RecordsModify.Response: JSONWritable {
    public var estimatedByteCount: Int { CKModel.estimatedByteCount(of: records) }

    public func write(to writer: inout JSONWriter, numbersAsStrings: Bool) {
        writeRecords(records, to: &writer, numbersAsStrings: numbersAsStrings)
    }
}

extension RecordsLookup.Response: JSONWritable {
    public var estimatedByteCount: Int { CKModel.estimatedByteCount(of: records) }

    public func write(to writer: inout JSONWriter, numbersAsStrings: Bool) {
        writeRecords(records, to: &writer, numbersAsStrings: numbersAsStrings)
    }
}

extension RecordsQuery.Response: JSONWritable {
    public var estimatedByteCount: Int { CKModel.estimatedByteCount(of: records) }

    public func write(to writer: inout JSONWriter, numbersAsStrings: Bool) {
        writeRecords(records, to: &writer, numbersAsStrings: numbersAsStrings) { writer in
            if let continuationMarker { writer.key("continuationMarker"); writer.string(continuationMarker) }
        }
    }
}

extension RecordsChanges.Response: JSONWritable {
    public var estimatedByteCount: Int { CKModel.estimatedByteCount(of: records) }

    public func write(to writer: inout JSONWriter, numbersAsStrings: Bool) {
        writeRecords(records, to: &writer, numbersAsStrings: numbersAsStrings) { writer in
            writer.key("syncToken")
            writer.string(syncToken)
            writer.key("moreComing")
            writer.bool(moreComing)
        }
    }
}

extension ChangesZone.Response: JSONWritable {
    public var estimatedByteCount: Int {
        zones.reduce(64) { total, zone in
            guard case .success(let changes) = zone else { return total + 256 }
            return total + 256 + CKModel.estimatedByteCount(of: changes.records)
        }
    }

    public func write(to writer: inout JSONWriter, numbersAsStrings: Bool) {
        writer.beginObject()
        writer.key("zones")
        writer.beginArray()
        for zone in zones {
            switch zone {
            case .success(let changes):
                writer.beginObject()
                writer.key("zoneID")
                changes.zoneID.write(to: &writer)
                writer.key("syncToken")
                writer.string(changes.syncToken)
                writer.key("moreComing")
                writer.bool(changes.moreComing)
                writer.key("records")
                writer.beginArray()
                for record in changes.records {
                    record.write(to: &writer, numbersAsStrings: numbersAsStrings)
                }
                writer.endArray()
                writer.endObject()
            case .failure(let error):
                writer.raw(Array((try? JSONEncoder().encode(error)) ?? Data("{}".utf8)))
            }
        }
        writer.endArray()
        writer.endObject()
    }
}
