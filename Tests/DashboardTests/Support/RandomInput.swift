import CKTestSupport
import TerminalKit

/// What a user could throw at the dashboard, drawn from a seeded generator so a run repeats: the keys some screen
/// binds, printable characters (wide ones and combining marks among them), Esc, Enter, Tab, arrows, Ctrl and Alt
/// keys, function keys, and resizes from 1×1 to 300×100. It never quits: `q` and Ctrl-C are left out (a quit
/// through the command palette can still happen; the caller starts again).
struct RandomInput {
    private var generator: SeededGenerator

    /// Input drawn from `seed`.
    init(seed: UInt64) {
        generator = SeededGenerator(seed: seed)
    }

    /// The keys the dashboard's screens and TerminalKit's navigation bind, except quitting.
    static let boundKeys: [Key] =
        "jkgGhl?:/rnNcsyxdefzQaRSLJC".map { Key.character($0) }
        + [.enter, .escape, .up, .down, .left, .right, .home, .end, .pageUp, .pageDown]
        + "fbdur".map { Key.control($0) }

    /// Keys few screens bind: editing keys, Tab, the remaining Ctrl keys, function keys and Alt.
    static let otherKeys: [Key] =
        [.tab, .backTab, .backspace, .delete, .insert, .control("@"), .control("\\"), .control("]"), .control("^"), .control("_")]
        + "aeghijklmnopqstvwxyz".map { Key.control($0) }
        + (1...24).map { Key.function($0) }
        + [.alt(.character("b")), .alt(.character("f")), .alt(.character("x")), .alt(.enter), .alt(.up), .alt(.escape)]

    /// Characters beyond ASCII: wide (CJK, emoji), accented, a combining sequence, a right-to-left letter.
    static let unusualCharacters: [Character] = ["漢", "字", "😀", "🎉", "é", "e\u{301}", "ß", "Ω", "א", "ｗ"]

    /// Sizes worth trying often: below the 40×10 minimum, at it, common ones, and the largest supported.
    static let notableSizes: [Size] = [
        Size(width: 1, height: 1), Size(width: 10, height: 3), Size(width: 39, height: 9), Size(width: 40, height: 10),
        Size(width: 41, height: 11), Size(width: 80, height: 24), Size(width: 120, height: 40), Size(width: 300, height: 100),
    ]

    /// The next event: a resize about one time in 25, otherwise a key.
    mutating func nextEvent() -> TerminalEvent {
        chance(1, in: 25) ? .resize(nextSize()) : .key(nextKey())
    }

    /// A key: bound keys most often, then printable characters, then the rest.
    mutating func nextKey() -> Key {
        switch Int.random(in: 0..<100, using: &generator) {
        case 0..<55: pick(Self.boundKeys)
        case 55..<80: .character(Character(Unicode.Scalar(UInt8.random(in: 0x20...0x7E, using: &generator))))
        case 80..<85: .character(pick(Self.unusualCharacters))
        default: pick(Self.otherKeys)
        }
    }

    /// A terminal size: a notable one half the time, otherwise any from 1×1 to 300×100.
    mutating func nextSize() -> Size {
        if chance(1, in: 2) { return pick(Self.notableSizes) }
        return Size(width: Int.random(in: 1...300, using: &generator), height: Int.random(in: 1...100, using: &generator))
    }

    /// True `count` times in `total`.
    mutating func chance(_ count: Int, in total: Int) -> Bool {
        Int.random(in: 0..<total, using: &generator) < count
    }

    private mutating func pick<Element>(_ elements: [Element]) -> Element {
        elements[Int.random(in: 0..<elements.count, using: &generator)]
    }
}
