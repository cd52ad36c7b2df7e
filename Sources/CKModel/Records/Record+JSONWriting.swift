import Foundation

extension Record: JSONWritable {
    public func write(to writer: inout JSONWriter, numbersAsStrings: Bool) {
        writer.beginObject()
        if let recordName { writer.key("recordName"); writer.string(recordName) }
        if let recordType { writer.key("recordType"); writer.string(recordType) }
        if let recordChangeTag { writer.key("recordChangeTag"); writer.string(recordChangeTag) }
        if let encodedFields {
            writer.key("fields")
            writer.raw(encodedFields)
        } else if let fields {
            writer.key("fields")
            writer.fields(fields, numbersAsStrings: numbersAsStrings)
        }
        if let created { writer.key("created"); created.write(to: &writer) }
        if let modified { writer.key("modified"); modified.write(to: &writer) }
        if let deleted { writer.key("deleted"); writer.bool(deleted) }
        if let parent { writer.key("parent"); parent.write(to: &writer) }
        if let share { writer.key("share"); share.write(to: &writer) }
        if let zoneID { writer.key("zoneID"); zoneID.write(to: &writer) }
        if let shortGUID { writer.key("shortGUID"); writer.string(shortGUID) }
        if let createShortGUID { writer.key("createShortGUID"); writer.bool(createShortGUID) }
        if let forRecord { writer.key("forRecord"); writer.encoded(forRecord) }
        if let publicPermission { writer.key("publicPermission"); writer.string(publicPermission.rawValue) }
        if let participants { writer.key("participants"); writer.encoded(participants) }
        if let owner { writer.key("owner"); writer.encoded(owner) }
        if let currentUserParticipant { writer.key("currentUserParticipant"); writer.encoded(currentUserParticipant) }
        writer.endObject()
    }

    /// The system fields and names of a record take about this much; its fields' JSON comes on top.
    private static let estimatedMetadataByteCount = 400

    public var estimatedByteCount: Int {
        Self.estimatedMetadataByteCount + (encodedFields?.count ?? fields.map { $0.count * 64 } ?? 0)
    }
}

extension JSONWriter {
    /// Writes a value through its `Encodable` form: for the rare parts of a record (a share's participants),
    /// where a hand-written form would repeat what `Codable` already says.
    mutating func encoded(_ value: some Encodable) {
        raw(Array((try? JSONEncoder().encode(value)) ?? Data("null".utf8)))
    }
}

extension JSONWriter {
    /// Writes a record's fields as the JSON object `{name: {"value": …, "type": …}}`, names in sorted order.
    public mutating func fields(_ fields: [String: FieldValue], numbersAsStrings: Bool = false) {
        beginObject()
        for name in fields.keys.sorted() {
            key(named: name)
            fields[name]?.write(to: &self, numbersAsStrings: numbersAsStrings)
        }
        endObject()
    }
}

extension RecordStamp {
    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("timestamp")
        writer.number(timestamp.millisecondsSince1970)
        if let userRecordName { writer.key("userRecordName"); writer.string(userRecordName) }
        if let deviceID { writer.key("deviceID"); writer.string(deviceID) }
        writer.endObject()
    }
}

extension ZoneID {
    /// Writes the zone's dictionary, as a record's `zoneID` carries it.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("zoneName")
        writer.string(zoneName)
        if let ownerRecordName { writer.key("ownerRecordName"); writer.string(ownerRecordName) }
        if let zoneType { writer.key("zoneType"); writer.string(zoneType.rawValue) }
        writer.endObject()
    }
}

extension Reference {
    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("recordName")
        writer.string(recordName)
        if let zoneID { writer.key("zoneID"); zoneID.write(to: &writer) }
        if let action { writer.key("action"); writer.string(action.rawValue) }
        writer.endObject()
    }
}

extension Asset {
    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        if let fileChecksum { writer.key("fileChecksum"); writer.string(fileChecksum) }
        if let size { writer.key("size"); writer.number(size) }
        if let referenceChecksum { writer.key("referenceChecksum"); writer.string(referenceChecksum) }
        if let wrappingKey { writer.key("wrappingKey"); writer.string(wrappingKey) }
        if let receipt { writer.key("receipt"); writer.string(receipt) }
        if let downloadURL { writer.key("downloadURL"); writer.string(downloadURL) }
        writer.endObject()
    }
}

extension Location {
    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("latitude")
        writer.number(latitude)
        writer.key("longitude")
        writer.number(longitude)
        for (name, value): (StaticString, Double?) in [
            ("horizontalAccuracy", horizontalAccuracy), ("verticalAccuracy", verticalAccuracy), ("altitude", altitude),
            ("speed", speed), ("course", course),
        ] {
            if let value { writer.key(name); writer.number(value) }
        }
        if let timestamp { writer.key("timestamp"); writer.number(timestamp.millisecondsSince1970) }
        writer.endObject()
    }
}

extension FieldValue {
    /// Writes the `{"value": …, "type": "…"}` wrapper.
    func write(to writer: inout JSONWriter, numbersAsStrings: Bool) {
        writer.beginObject()
        writer.key("type")
        writer.string(typeTag.wireName)
        writer.key("value")
        switch self {
        case .string(let text): writer.string(text)
        case .int64(let number): numbersAsStrings ? writer.string(number.description) : writer.number(number)
        case .double(let number): numbersAsStrings ? writer.string(number.description) : writer.number(number)
        case .timestamp(let time): writer.number(time.millisecondsSince1970)
        case .bytes(let data): writer.string(data.base64EncodedString())
        case .reference(let reference): reference.write(to: &writer)
        case .asset(let asset): asset.write(to: &writer)
        case .location(let location): location.write(to: &writer)
        case .list(let list):
            writer.beginArray()
            switch list {
            case .string(let values): values.forEach { writer.string($0) }
            case .int64(let values): values.forEach { numbersAsStrings ? writer.string($0.description) : writer.number($0) }
            case .double(let values): values.forEach { numbersAsStrings ? writer.string($0.description) : writer.number($0) }
            case .timestamp(let values): values.forEach { writer.number($0.millisecondsSince1970) }
            case .bytes(let values): values.forEach { writer.string($0.base64EncodedString()) }
            case .reference(let values): values.forEach { $0.write(to: &writer) }
            case .asset(let values): values.forEach { $0.write(to: &writer) }
            case .location(let values): values.forEach { $0.write(to: &writer) }
            }
            writer.endArray()
        }
        writer.endObject()
    }
}
