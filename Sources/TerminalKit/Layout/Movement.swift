/// A move through rows, independent of the key that asked for it: the arithmetic tables, lists, the help
/// overlay and the text view share.
public enum Movement: Hashable, Sendable {
    /// Some rows down (positive) or up (negative).
    case rows(Int)
    /// Some pages down or up.
    case pages(Int)
    /// Some half pages down or up.
    case halfPages(Int)
    /// The first row.
    case top
    /// The last row.
    case bottom

    /// The movement `action` stands for, if it is one of the navigation actions.
    public init?(_ action: KeyAction) {
        switch action {
        case .moveDown: self = .rows(1)
        case .moveUp: self = .rows(-1)
        case .pageDown: self = .pages(1)
        case .pageUp: self = .pages(-1)
        case .halfPageDown: self = .halfPages(1)
        case .halfPageUp: self = .halfPages(-1)
        case .top: self = .top
        case .bottom: self = .bottom
        default: return nil
        }
    }

    /// The movement `key` asks for under `bindings` (by default the standard navigation keys).
    public init?(key: Key, bindings: KeyBindingTable = .navigation) {
        guard let action = bindings.action(for: key) else { return nil }
        self.init(action)
    }

    /// The row reached from `row` among `count` rows, `pageHeight` to a page, kept inside the rows.
    public func target(from row: Int, count: Int, pageHeight: Int) -> Int {
        let page = max(1, pageHeight)
        let target = switch self {
        case .rows(let rows): row + rows
        case .pages(let pages): row + pages * page
        case .halfPages(let halves): row + halves * max(1, page / 2)
        case .top: 0
        case .bottom: count - 1
        }
        return min(max(0, target), max(0, count - 1))
    }
}
