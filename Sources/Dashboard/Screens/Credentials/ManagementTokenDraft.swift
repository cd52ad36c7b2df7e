import CKModel
import Foundation
import TerminalKit

/// A management token about to be made, as its form asks for it: a name for people (the audit log and the deploy
/// history record it), the one container it reaches or every container, and whether it may only read.
struct ManagementTokenDraft: Equatable {
    var name: String
    /// The one container it reaches; `nil` for every container.
    var container: ContainerID?
    var readOnly: Bool

    private static let readAndWrite = "read and change"
    private static let readOnlyAccess = "read only"
    private static let everyContainer = "every container"

    /// The form asking for a draft, offering `container` (the session's) as the token's scope first.
    static func dialog(container: ContainerID?) -> FormDialog {
        let scopes = (container.map { ["only \($0.rawValue)"] } ?? []) + [everyContainer]
        return FormDialog(
            title: "New management token",
            fields: [
                .text("name", label: "Name", placeholder: "who or what uses it: ci, ann's laptop", validate: { name in
                    name.trimmingCharacters(in: .whitespaces).isEmpty ? "A management token needs a name" : nil
                }),
                .choice("scope", label: "Reaches", options: scopes),
                .choice("access", label: "May", options: [readAndWrite, readOnlyAccess]),
            ])
    }

    /// The draft the dialog's submitted `values` describe, `container` being the one it offered.
    init(values: [String: String], container: ContainerID?) {
        name = values["name", default: ""].trimmingCharacters(in: .whitespaces)
        self.container = values["scope"] == Self.everyContainer ? nil : container
        readOnly = values["access"] == Self.readOnlyAccess
    }
}
