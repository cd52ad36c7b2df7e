import CKModel
import CKSchema
import TerminalKit

/// What the screens that list and edit the schema share (the record types, a type's fields, the indexes): a
/// filtered list fed by the schema and its statistics, the questions of a change asked over it, and in
/// production the reason schema keys do nothing.
protocol SchemaListScreen: Screen, SchemaQuestioning {
    associatedtype Item
    /// The items listed, narrowed by the `/` filter.
    var list: FilteredList<Item> { get set }
    /// The schema and statistics listed.
    var data: SchemaWithStatistics { get }
}

extension SchemaListScreen {
    var statusItems: [String] { list.statusItems }
    var filterStyle: FilterStyle? { .live }
    var filterText: String { list.filter }
    var capturesKeys: Bool { question != nil }
    var isLoading: Bool { data.isLoading }
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

    func applyFilter(_ text: String, host: any ScreenHost) {
        list.applyFilter(text)
    }

    /// Passes `key` to the open question, else to the table, where Enter on a row calls `open`.
    func handleListKey(_ key: Key, host: any ScreenHost, open: () -> Void) -> Bool {
        if question != nil {
            answerQuestion(key, host: host)
            return true
        }
        return list.table.handleOpening(key, open: open)
    }
}
