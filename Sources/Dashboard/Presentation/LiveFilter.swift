import Foundation

/// The `/` filter of the list screens: what is typed, matched anywhere in a name, ignoring case.
enum LiveFilter {
    /// The items of `items` whose name contains `filter`; all of them for an empty filter.
    static func apply<Item>(_ filter: String, to items: [Item], name: (Item) -> String) -> [Item] {
        filter.isEmpty ? items : items.filter { name($0).localizedCaseInsensitiveContains(filter) }
    }
}
