import TerminalKit

/// The keys of every screen as the Markdown tables of `docs/dashboard.md`, made from the same binding tables
/// the hint bar and the help overlay read, so the document cannot drift from the program.
enum KeyBindingsDocument {
    /// The screens, in the order the document lists them, with their tables.
    static let screens: [(title: String, keys: KeyBindingTable)] = [
        ("Everywhere", AppBindings.table),
        ("Containers", ContainersScreen.keys),
        ("Record types", RecordTypesScreen.keys),
        ("Fields of a record type", FieldsScreen.keys),
        ("Schema (.ckdb text)", SchemaTextScreen.keys),
        ("Indexes", IndexesScreen.keys),
        ("Zones", ZonesScreen.keys),
        ("Zone changes (live)", ZoneChangesScreen.keys),
        ("Shares", SharesScreen.keys),
        ("A share to accept (:accept)", ShareInvitationScreen.keys),
        ("Subscriptions", SubscriptionsScreen.keys),
        ("Notifications (live)", NotificationsScreen.keys),
        ("Records", RecordsScreen.keys),
        ("A record", RecordScreen.keys),
        ("Record form (new or edited record)", RecordFormScreen.keys),
        ("Record form, during a conflict", RecordFormScreen.conflictKeys),
        ("Query builder", QueryBuilderScreen.keys),
        ("Roles and permissions", PermissionsScreen.keys),
        ("Users", UsersScreen.keys),
        ("Deploy (promotion to production)", DeployScreen.keys),
        ("Tokens and keys", CredentialsScreen.keys),
        ("Audit log", AuditScreen.keys),
        ("Request log (live)", LogsScreen.keys),
        ("Telemetry", TelemetryScreen.keys),
        ("Alert rules", AlertsScreen.keys),
        ("Developer notifications", DeveloperNotificationsScreen.keys),
        ("Core Data model", ModelScreen.keys),
        ("Signing a user in (data API credentials)", SignInScreen.keys),
    ]

    /// A `###` section per screen with a table of keys and what they do.
    static var markdown: String {
        screens.map { title, keys in
            let rows = keys.bindings.map { "| \($0.keys.map { "`\($0.name)`" }.joined(separator: " ")) | \($0.help) |" }
            return (["### \(title)", "", "| Keys | What they do |", "|---|---|"] + rows).joined(separator: "\n")
        }.joined(separator: "\n\n") + "\n"
    }
}
