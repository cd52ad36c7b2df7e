import CKModel
import CKSchema
import TerminalKit

/// What the screens that list and edit the schema share (the record types, a type's fields, the indexes): a
/// filtered list fed by the schema and its statistics, the questions of a change asked over it, and in
/// production the reason schema keys do nothing.
protocol SchemaListScreen: FilteredListScreen {
    /// The schema and statistics listed.
    var data: SchemaWithStatistics { get }
}

extension SchemaListScreen {
    var isLoading: Bool { data.isLoading }
    var hasFailedToLoad: Bool { schema.hasFailed }
    /// Schema changes need the schema only, not the statistics, which count every record and often come last.
    func isLoading(for action: KeyAction) -> Bool { schema.isLoading }
    /// The schema with its `.ckdb` text.
    var schema: Remote<(schema: Schema, ckdb: String)> { data.schema }
    /// Records, bytes and index sizes per record type, by type name.
    var statistics: Remote<[String: ManagementStatistics.RecordType]> { data.statistics }

    func cancelLoading(_ host: any ScreenHost) {
        data.cancel(in: host.work)
    }

    func refusal(of binding: KeyBinding) -> String? {
        SchemaEditor.refusal(of: binding, in: session.environment)
    }
}
