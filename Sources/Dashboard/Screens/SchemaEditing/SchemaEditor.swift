import CKClient
import CKModel
import TerminalKit

/// Changes to the development schema as the schema screens make them, in the background through
/// `host.change`; and why none can be made in production, whose schema changes only by deploy.
struct SchemaEditor: Sendable {
    let client: CloudKitClient

    /// Applies `edits` to development, all or none, saying `description` while it runs; on success says what
    /// the server changed and runs `done` (to fetch the schema again).
    func apply(_ edits: [ManagementSchema.Edit], describing description: String, host: any ScreenHost, done: @escaping () -> Void) {
        let client = client
        host.change(description, { try await client.editSchema(edits) }, done: { [weak host] response in
            let summary = response.changes.map(\.summary).joined(separator: "; ")
            host?.report(StatusMessage("Development: " + (summary.isEmpty ? "nothing changed" : summary), kind: .success))
            done()
        })
    }

    /// Applies `edits` as `apply(_:describing:host:done:)` does, then fetches `screen`'s data again.
    func apply(_ edits: [ManagementSchema.Edit], describing description: String, host: any ScreenHost, reloading screen: any Screen) {
        apply(edits, describing: description, host: host) { [weak screen, weak host] in
            guard let screen, let host else { return }
            screen.load(host)
        }
    }

    /// Why the schema change `binding` makes is not possible in `environment`; `nil` outside production and for
    /// keys that change no schema.
    static func refusal(of binding: KeyBinding, in environment: ContainerEnvironment) -> String? {
        guard environment == .production else { return nil }
        return switch binding.action {
        case .deleteRecordType: "Production changes only by deploy; record types in production can never be deleted"
        case .removeField: "Production changes only by deploy; fields in production can never be removed"
        case .createRecordType, .addField: "Production changes only by deploy: make the change in development (:env dev), then deploy it"
        case .addIndex, .dropIndex, .toggleQueryable, .toggleSortable, .toggleSearchable, .addMissingIndex:
            "Production changes only by deploy: change indexes in development (:env dev), then deploy them"
        case .toggleCreate, .toggleRead, .toggleWrite, .createRole, .deleteRole:
            "Production's roles and grants change only by deploy: change them in development, then deploy"
        default: nil
        }
    }
}
