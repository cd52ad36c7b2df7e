import CKModel

/// `changes/zone`'s answer: for each zone asked, a page of its changes written as they were read, or why not. Its
/// JSON is `ChangesZone.Response`'s.
struct ZoneChangesAnswer: Sendable, JSONWritable, Encodable, RequestLogDescribing {
    var zones: [Result<ChangesPage, ServerError>]

    var estimatedByteCount: Int {
        zones.reduce(64) { total, zone in total + 256 + ((try? zone.get())?.records.json.count ?? 0) }
    }

    func write(to writer: inout JSONWriter, numbersAsStrings: Bool) {
        writer.beginObject()
        writer.key("zones")
        writer.beginArray()
        for zone in zones {
            switch zone {
            case .success(let page):
                writer.beginObject()
                writer.key("zoneID")
                page.zoneID.write(to: &writer)
                writer.key("syncToken")
                writer.string(page.syncToken)
                writer.key("moreComing")
                writer.bool(page.moreComing)
                writer.key("records")
                writer.raw(page.records.json)
                writer.endObject()
            case .failure(let error):
                ItemResult<Record>.failure(error).write(to: &writer, numbersAsStrings: numbersAsStrings)
            }
        }
        writer.endArray()
        writer.endObject()
    }

    /// The answer as `ChangesZone.Response` encodes it.
    func encode(to encoder: any Encoder) throws {
        try ChangesZone.Response(zones: zones.map { zone in
            switch zone {
            case .success(let page):
                .success(ChangesZone.ZoneChanges(zoneID: page.zoneID, syncToken: page.syncToken, moreComing: page.moreComing, records: try page.decodedRecords()))
            case .failure(let error): .failure(error)
            }
        }).encode(to: encoder)
    }

    func describe(to details: inout RequestLogNote.Details) {
        for zone in zones {
            switch zone {
            case .success(let page):
                page.records.describe(to: &details)
            case .failure(let error):
                details.itemErrors[error.serverErrorCode.rawValue, default: 0] += 1
            }
        }
    }
}
