/// Where text sits in a space wider than itself.
public enum TextAlignment: Hashable, Sendable {
    /// Against the left edge: names and prose.
    case leading
    /// Against the right edge: numbers and sizes.
    case trailing
    /// In the middle: titles and messages.
    case center
}
