import CKModel
import Foundation
import TerminalKit

/// The answer of the server's permission check, drawn under the grid: who, the roles they hold, and for each of
/// CREATE, READ and WRITE whether it is allowed, on which records, and by which grant.
struct PermissionCheckPanel {
    /// Whom the check is for, as the picker named them: `anyone`, `any signed-in user`, a user's name.
    let subjectName: String
    let answer: ManagementPermissions.Response

    /// The lines of the panel.
    var lines: [(text: String, role: ThemeRole)] {
        var lines: [(String, ThemeRole)] = [
            ("Permission check: \(subjectName) on \(answer.recordType), holding \(answer.roles.joined(separator: ", "))", .title)
        ]
        for verdict in answer.permissions {
            let grants = verdict.grantedBy.map { "GRANT \(verdict.permission) TO \($0)" }.joined(separator: ", ")
            let (text, role): (String, ThemeRole) = switch verdict.reach {
            case .allRecords: ("allowed on every record, by \(grants)", .success)
            case .ownRecords: ("allowed on the records they created, by \(grants)", .warning)
            case .none: ("not allowed: no role they hold is granted \(verdict.permission)", .error)
            }
            lines.append(("  " + verdict.permission.padding(toLength: 7, withPad: " ", startingAt: 0) + text, role))
        }
        return lines
    }

    /// Draws the lines from the top of `rect`.
    func draw(in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        for (offset, line) in lines.prefix(rect.height).enumerated() {
            canvas.write(line.text, in: rect.row(offset), style: theme.style(line.role))
        }
    }
}
