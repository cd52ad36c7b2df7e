import CKSchema
import TerminalKit

/// The record types × roles grid of a schema: which of CREATE, READ and WRITE each role is granted on each type,
/// with CloudKit's defaults marked, and a selected cell.
struct PermissionGrid {
    /// The record types, in the schema's order, the built-in `Users` (who may read and change user records) too.
    let recordTypes: [RecordType]
    /// `_world`, `_icloud`, `_creator`, then the custom roles in the order declared.
    let roles: [String]
    /// The selected role, an index of `roles`.
    var selectedRole = 0

    init(schema: Schema) {
        recordTypes = schema.recordTypes
        roles = [SecurityRole.world, SecurityRole.icloud, SecurityRole.creator] + schema.roles.map(\.name)
    }

    /// The grant a new record type gets for each built-in role, as CloudKit makes one: what `*` marks.
    static let defaults: [String: Permission] = [SecurityRole.world: .read, SecurityRole.icloud: .create, SecurityRole.creator: .write]

    /// What `*` marks for `role` on the type `typeName`: CloudKit's grants of the built-in `Users` type for it (no
    /// CREATE: the system makes user records), the grant of a new type for the others.
    static func defaultGrant(of role: String, on typeName: String) -> Set<Permission>? {
        guard typeName == RecordType.usersTypeName else { return defaults[role].map { [$0] } }
        return SecurityRole.builtIn.contains(role) ? RecordType.users.permissions(of: role) : nil
    }

    /// A cell: `C R W` with `·` for a permission not granted, `*` after it when the role has exactly CloudKit's
    /// default grant on the type, in brackets when selected.
    static func cell(_ granted: Set<Permission>, role: String, typeName: String, isSelected: Bool) -> String {
        let letters = [(Permission.create, "C"), (.read, "R"), (.write, "W")].map { granted.contains($0.0) ? $0.1 : "·" }.joined(separator: " ")
        let isDefault = defaultGrant(of: role, on: typeName) == granted
        return isSelected ? "[\(letters)\(isDefault ? "*" : "")]" : " \(letters)\(isDefault ? "*" : " ") "
    }

    /// The table's columns: the type, then a column per role.
    var columns: [TableColumn] {
        [TableColumn("RECORD TYPE", width: .flexible(minimum: 12))] + roles.map { TableColumn($0, width: .fixed(max(9, $0.count))) }
    }

    /// The rows, the selected row showing its selected cell in brackets.
    func rows(selectedRow: Int?) -> TableRows {
        TableRows(recordTypes.enumerated().map { index, type in
            [TableCell(type.name)] + roles.enumerated().map { column, role in
                TableCell(Self.cell(
                    type.permissions(of: role), role: role, typeName: type.name, isSelected: index == selectedRow && column == selectedRole))
            }
        })
    }
}
