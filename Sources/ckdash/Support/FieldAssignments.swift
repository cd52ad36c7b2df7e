import CKModel
import CKSchema
import CommandLineSupport

/// `--field name=value` options read into field values, typed by the record type's fields (values of
/// fields the schema does not have are guessed as cktool does).
enum FieldAssignments {
    /// The fields `assignments` set.
    static func fields(_ assignments: [String], typed recordType: RecordType?) throws -> [String: FieldValue] {
        var fields: [String: FieldValue] = [:]
        for assignment in assignments {
            guard let equals = assignment.firstIndex(of: "="), equals != assignment.startIndex else {
                throw CommandFailure("--field \(assignment): write name=value")
            }
            let name = String(assignment[..<equals])
            let text = String(assignment[assignment.index(after: equals)...])
            fields[name] = try value(text, field: name, typed: recordType, context: "--field \(assignment)")
        }
        return fields
    }

    /// `text` as the value of field `name`; `context` starts the message when it is not one.
    static func value(_ text: String, field name: String, typed recordType: RecordType?, context: String) throws -> FieldValue {
        do {
            return try FieldValueText.parse(text, as: recordType?.field(named: name)?.type)
        } catch {
            throw CommandFailure("\(context): \(error)")
        }
    }
}
