/// What a key did to a widget that selects rows (table, list, tabs), so the view knows whether to act on it.
public enum SelectionOutcome: Hashable, Sendable {
    /// The key is not the widget's; the view may use it.
    case ignored
    /// The widget used the key but nothing the view cares about changed (j on the last row).
    case consumed
    /// The selection moved to this row.
    case moved(to: Int)
    /// Enter was pressed on this row.
    case chosen(Int)
}
