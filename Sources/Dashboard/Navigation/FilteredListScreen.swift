import TerminalKit

/// A screen that lists items in a `FilteredList` narrowed by a live `/` filter, and asks the steps of a change
/// over the list one `SchemaQuestion` at a time: the zones, the subscriptions, and the schema's lists.
protocol FilteredListScreen: Screen, SchemaQuestioning {
    associatedtype Item
    /// The items listed, narrowed by the `/` filter.
    var list: FilteredList<Item> { get set }
}

extension FilteredListScreen {
    var statusItems: [String] { list.statusItems }
    var filterStyle: FilterStyle? { .live }
    var filterText: String { list.filter }
    var capturesKeys: Bool { question != nil }

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
