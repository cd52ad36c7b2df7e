import CKModel

extension StoredRecordColumns {
    /// Writes the record dictionary of a response, the bytes `StoredRecordRow.wireRecord` gives, straight from the
    /// row: its text copied in place, its fields' stored JSON as it is (or the members `desiredKeys` keeps, its
    /// assets given their `downloadURL`), the members every record has in one fragment each. A row whose answer
    /// must differ further from what is stored (a share, `numbersAsStrings`) is made into a record first. A
    /// tombstone (a change feed's deleted record) is its name, type and `deleted`.
    func writeWireRecord(to writer: inout JSONWriter, zone: ZoneIDJSON, options: RecordAnswerOptions) throws {
        let (zoneID, desiredKeys, numbersAsStrings) = (zone.zoneID, options.desiredKeys, options.numbersAsStrings)
        guard integer(.deleted) == 0 else {
            Record(recordName: text(.name), recordType: text(.type), deleted: true, zoneID: zoneID).write(to: &writer, numbersAsStrings: numbersAsStrings)
            return
        }
        let isShare = withText(.shareInfo) { $0 != nil }
        let copied = isShare ? nil : withText(.fields) {
            StoredFieldsCopy(
                of: $0 ?? Self.empty, desiredKeys: desiredKeys, numbersAsStrings: numbersAsStrings,
                downloadPrefix: AssetService.downloadPrefix(container: options.container, serverURL: options.serverURL))
        }
        guard let copied else {
            try storedRow().wireRecord(
                zoneID: zoneID, desiredKeys: desiredKeys, numbersAsStrings: numbersAsStrings, serverURL: options.serverURL,
                container: options.container, viewer: options.viewer
            ).write(to: &writer, numbersAsStrings: numbersAsStrings)
            return
        }
        writer.beginObject()
        writer.fragment(#""recordName":"#)
        writeString(.name, to: &writer)
        writer.fragment(#","recordType":"#)
        writeString(.type, to: &writer)
        writer.fragment(#","recordChangeTag":"#)
        writeString(.changeTag, to: &writer)
        writer.fragment(#","fields":"#)
        switch copied {
        case .all: withText(.fields) { writer.raw($0 ?? Self.empty) }
        case .kept(let kept): writer.raw(kept)
        }
        writer.fragment(#","created":{"timestamp":"#)
        writeStamp(at: .createdAt, by: .createdBy, on: .createdDevice, to: &writer)
        writer.fragment(#"},"modified":{"timestamp":"#)
        writeStamp(at: .modifiedAt, by: .modifiedBy, on: .modifiedDevice, to: &writer)
        writer.fragment(#"},"deleted":false"#, endsValue: true)
        writeReference(.parent, as: "parent", to: &writer)
        writeReference(.rootShare, as: "share", to: &writer)
        writer.fragment(#","zoneID":"#)
        writer.raw(zone.json)
        writer.endObject()
    }

    /// Writes the column's text as a string value.
    private func writeString(_ column: RecordRowColumn, to writer: inout JSONWriter) {
        withText(column) { writer.string(utf8: $0 ?? Self.empty) }
    }

    private static var empty: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: nil, count: 0) }

    /// Writes the members of a `RecordStamp` from its columns, from the timestamp's value on (the object's opening
    /// and closing are the caller's fragments).
    private func writeStamp(at time: RecordRowColumn, by user: RecordRowColumn, on device: RecordRowColumn, to writer: inout JSONWriter) {
        writer.number(integer(time))
        withText(user) { text in
            guard let text else { return }
            writer.fragment(#","userRecordName":"#)
            writer.string(utf8: text)
        }
        withText(device) { text in
            guard let text else { return }
            writer.fragment(#","deviceID":"#)
            writer.string(utf8: text)
        }
    }

    /// Writes the member `key`, a reference to the record the column names (with no action), when it names one.
    private func writeReference(_ column: RecordRowColumn, as key: StaticString, to writer: inout JSONWriter) {
        withText(column) { text in
            guard let text else { return }
            writer.key(key)
            writer.beginObject()
            writer.key("recordName")
            writer.string(utf8: text)
            writer.key("action")
            writer.string(ReferenceAction.none.rawValue)
            writer.endObject()
        }
    }
}
