import CKModel
import CKSchema

/// A record as the form edits it: the fields its type declares with the values typed so far, the files chosen
/// for its ASSET fields, and the version it started from, so it knows what changed and what to save.
struct RecordDraft: Equatable {
    /// The record's type as the schema declares it.
    let recordType: RecordType
    /// The record as the server had it when editing began; `nil` for a new record.
    private(set) var original: Record?
    /// The record's name; editable only while the record is new (empty: the server names it).
    var recordName: String
    /// The value of each field that has one.
    private(set) var values: [String: FieldValue]
    /// The local file chosen for each ASSET field, uploaded when the record is saved.
    private(set) var assetFiles: [String: String] = [:]

    /// A new record of `recordType` with no values.
    init(newOf recordType: RecordType, recordName: String = "") {
        self.recordType = recordType
        self.recordName = recordName
        values = [:]
    }

    /// `record` as it is, ready to be changed.
    init(editing record: Record, of recordType: RecordType) {
        self.recordType = recordType
        original = record
        recordName = record.recordName ?? ""
        values = record.fields ?? [:]
    }

    /// Whether the record is not on the server yet.
    var isNew: Bool { original == nil }

    /// The fields the form shows: the type's own, in the schema's order.
    var fields: [Field] { recordType.fields.filter { !$0.isSystemField } }

    /// The fields whose value differs from the version editing began with (every field given, for a new record).
    var changedFields: Set<String> {
        let before = original?.fields ?? [:]
        return Set(fields.map(\.name).filter { values[$0] != before[$0] || assetFiles[$0] != nil })
    }

    /// Whether anything was typed that is not saved.
    var hasChanges: Bool { !changedFields.isEmpty || (isNew && !recordName.isEmpty) }

    /// Sets (or with `nil` clears) the value of field `name`; a value typed replaces a file chosen before.
    mutating func set(_ name: String, to value: FieldValue?) {
        values[name] = value
        assetFiles[name] = nil
    }

    /// Chooses the file at `path` for ASSET field `name`; it is read and uploaded when the record is saved.
    mutating func attach(file path: String, to name: String) {
        values[name] = nil
        assetFiles[name] = path
    }

    /// Starts again from `server`'s version with the values `values` (a conflict resolved), so the next save
    /// carries the server's change tag.
    mutating func rebase(on server: Record, values merged: [String: FieldValue]) {
        original = server
        values = merged
    }

    /// The record to send: every field of the form (a save replaces the record's fields), the server's change tag
    /// when it exists, and `uploaded` assets in place of the files chosen.
    func record(uploaded: [String: Asset] = [:]) -> Record {
        var fields = values
        for (name, asset) in uploaded { fields[name] = .asset(asset) }
        return Record(
            recordName: recordName.isEmpty ? nil : recordName, recordType: recordType.name, recordChangeTag: original?.recordChangeTag,
            fields: fields, zoneID: original?.zoneID)
    }
}
