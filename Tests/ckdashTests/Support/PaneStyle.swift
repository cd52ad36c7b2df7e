/// The colours and attributes of a cell as `tmux capture-pane -e` writes them: SGR sequences that change the style
/// of the cell before, carried from one line to the next. The tests of the real binary read colours and reverse
/// video through it.
struct PaneStyle: Hashable, CustomStringConvertible {
    /// How a colour was given.
    enum ColorKind: Hashable {
        /// One of the 16 ANSI colours (`31`, `44`, `93`).
        case ansi
        /// An index of xterm's 256 (`38;5;N`).
        case indexed
        /// 24-bit (`38;2;R;G;B`).
        case direct
    }

    /// The text colour's SGR parameters (`31`, `38;5;252`), `nil` for the terminal's own.
    var foreground: String?
    /// The background's SGR parameters (`44`, `48;5;234`), `nil` for the terminal's own.
    var background: String?
    /// The attributes on: 1 bold, 2 dim, 3 italic, 4 underline, 5 blink, 7 reverse, 8 hidden, 9 crossed out.
    var attributes: Set<Int> = []

    /// Whether the text is drawn in its background's colour, so only bold (if the terminal brightens it) shows it.
    var textBlendsIntoBackground: Bool {
        guard let foreground = foreground.flatMap(Self.colorNumber), let background = background.flatMap(Self.colorNumber) else { return false }
        return foreground == background
    }

    /// The xterm colour number SGR `parameters` set, text or background alike: `31` and `41` are 1, `91` is 9,
    /// `38;5;234` is 234.
    private static func colorNumber(_ parameters: String) -> Int? {
        let numbers = parameters.split(separator: ";").compactMap { Int($0) }
        switch numbers.first {
        case (30...37)?, (40...47)?: return numbers[0] % 10
        case (90...97)?: return numbers[0] - 90 + 8
        case (100...107)?: return numbers[0] - 100 + 8
        case 38?, 48?: return numbers.count == 3 && numbers[1] == 5 ? numbers[2] : nil
        default: return nil
        }
    }

    var description: String {
        "fg \(foreground ?? "default"), bg \(background ?? "default"), attributes \(attributes.sorted())"
    }

    /// The style of the first character of `text` where it first appears on a line of `capture`; `nil` when no
    /// line shows it.
    static func of(_ text: String, in capture: String) -> PaneStyle? {
        for cells in styledLines(of: capture) {
            let characters = cells.map(\.character)
            let wanted = Array(text)
            guard wanted.count <= characters.count else { continue }
            for start in 0...(characters.count - wanted.count) where Array(characters[start..<(start + wanted.count)]) == wanted {
                return cells[start].style
            }
        }
        return nil
    }

    /// The kinds of colour any SGR sequence of `capture` sets.
    static func colorKinds(in capture: String) -> Set<ColorKind> {
        var kinds: Set<ColorKind> = []
        for parameters in sequences(in: capture) {
            var index = 0
            while index < parameters.count {
                switch parameters[index] {
                case 30...37, 40...47, 90...97, 100...107:
                    kinds.insert(.ansi)
                case 38, 48:
                    let isIndexed = index + 1 < parameters.count && parameters[index + 1] == 5
                    kinds.insert(isIndexed ? .indexed : .direct)
                    index += isIndexed ? 2 : 4
                default:
                    break
                }
                index += 1
            }
        }
        return kinds
    }

    /// The parameters of every SGR sequence in `text`, in order (`ESC [ m` gives `[0]`).
    static func sequences(in text: String) -> [[Int]] {
        var found: [[Int]] = []
        var rest = Substring(text)
        while let start = rest.range(of: "\u{1B}[") {
            rest = rest[start.upperBound...]
            guard let end = rest.firstIndex(where: { !($0.isNumber || $0 == ";") }) else { break }
            if rest[end] == "m" {
                let parameters = rest[..<end].split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
                found.append(parameters.isEmpty ? [0] : parameters)
            }
            rest = rest[end...]
        }
        return found
    }

    /// Each line of a capture as the characters it shows, each with the style it is shown in.
    private static func styledLines(of capture: String) -> [[(character: Character, style: PaneStyle)]] {
        var lines: [[(Character, PaneStyle)]] = [[]]
        var style = PaneStyle()
        var rest = Substring(capture)
        while let first = rest.first {
            if first == "\u{1B}", rest.dropFirst().first == "[", let end = rest.dropFirst(2).firstIndex(where: { !($0.isNumber || $0 == ";") }) {
                if rest[end] == "m", let parameters = sequences(in: String(rest[...end])).first { style.apply(parameters) }
                rest = rest[rest.index(after: end)...]
                continue
            }
            if first == "\n" { lines.append([]) } else { lines[lines.count - 1].append((first, style)) }
            rest = rest.dropFirst()
        }
        return lines
    }

    /// Applies one SGR sequence's parameters.
    private mutating func apply(_ parameters: [Int]) {
        var index = 0
        while index < parameters.count {
            let parameter = parameters[index]
            switch parameter {
            case 0: self = PaneStyle()
            case 1...9: attributes.insert(parameter)
            case 22: attributes.subtract([1, 2])
            case 23...29: attributes.remove(parameter - 20)
            case 30...37, 90...97: foreground = "\(parameter)"
            case 39: foreground = nil
            case 40...47, 100...107: background = "\(parameter)"
            case 49: background = nil
            case 38, 48:
                let count = index + 1 < parameters.count && parameters[index + 1] == 5 ? 3 : 5
                let colour = parameters[index..<min(parameters.count, index + count)].map(String.init).joined(separator: ";")
                if parameter == 38 { foreground = colour } else { background = colour }
                index += count - 1
            default: break
            }
            index += 1
        }
    }
}
