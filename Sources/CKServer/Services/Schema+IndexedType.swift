import CKModel
import CKSchema

extension Schema {
    /// The type whose indexes the records of `name` are written and queried by: the schema's, or for
    /// `cloudkit.share`, which no schema declares, its system fields (`RecordType.shares`).
    func indexedType(named name: String) -> RecordType? {
        recordType(named: name) ?? (name == ShareRecord.recordType ? .shares : nil)
    }
}
