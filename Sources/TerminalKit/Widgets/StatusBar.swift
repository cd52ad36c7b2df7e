/// The line at the bottom: a message on the left in the colour of its kind, and short items on the right such
/// as `[RO]` or a row count, which keep their room when the message is long.
public struct StatusBar: Hashable, Sendable {
    /// The message, if any.
    public var message: StatusMessage?
    /// Items on the right, left to right.
    public var items: [String]
    /// What follows a message cut to fit, to say where it can be read in full (such as ` :messages`).
    public var overflowHint: String

    /// A status bar showing `message` and `items`, and `overflowHint` after a message cut to fit.
    public init(message: StatusMessage? = nil, items: [String] = [], overflowHint: String = "") {
        self.message = message
        self.items = items
        self.overflowHint = overflowHint
    }

    /// Draws the bar on the first row of `rect` in the `status-bar` style.
    public func draw(in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        let line = rect.row(0)
        guard !line.isEmpty else { return }
        let style = theme.style(.statusBar)
        canvas.fill(line, style: style)
        let right = items.isEmpty ? "" : items.joined(separator: " ") + " "
        let (left, itemsRect) = line.splitRight(min(line.width, DisplayWidth.of(right)))
        canvas.write(right, in: itemsRect, style: style)
        if let message, left.width > 2 {
            let room = left.inset(horizontal: 1)
            let fits = DisplayWidth.of(message.text) <= room.width || DisplayWidth.of(overflowHint) * 2 > room.width
            let text = fits ? message.text : DisplayWidth.truncated(message.text, toFit: room.width - DisplayWidth.of(overflowHint)) + overflowHint
            canvas.write(text, in: room, style: theme.style(message.kind.role))
        }
    }
}

/// A message for the status bar and the kind that colours it.
public struct StatusMessage: Hashable, Sendable {
    /// How a message is meant: its kind picks its theme role.
    public enum Kind: Hashable, Sendable {
        /// Neutral news, in the status bar's own style.
        case info
        /// Something failed.
        case error
        /// Something needs care.
        case warning
        /// Something worked.
        case success

        /// The theme role it is drawn in.
        public var role: ThemeRole {
            switch self {
            case .info: .statusBar
            case .error: .error
            case .warning: .warning
            case .success: .success
            }
        }
    }

    /// The text.
    public var text: String
    /// Its kind.
    public var kind: Kind

    /// A message of `kind` saying `text`.
    public init(_ text: String, kind: Kind = .info) {
        self.text = text
        self.kind = kind
    }
}
