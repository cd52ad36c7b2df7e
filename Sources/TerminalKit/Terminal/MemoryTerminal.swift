/// A terminal in memory, for tests: it keeps the last frame presented and hands out the events a test queued.
public final class MemoryTerminal: Terminal {
    public private(set) var size: Size
    public let colorLevel: ColorLevel
    /// The last frame presented, or an empty one.
    public private(set) var frame: Canvas
    /// How many frames were presented.
    public private(set) var framesPresented = 0
    /// What was last copied to the clipboard.
    public private(set) var clipboard: String?
    /// Whether `stop()` was called.
    public private(set) var isStopped = false
    private var events: [TerminalEvent] = []

    /// A terminal of `size` showing `colorLevel`.
    public init(size: Size = Size(width: 80, height: 24), colorLevel: ColorLevel = .indexed256) {
        self.size = size
        self.colorLevel = colorLevel
        frame = Canvas(size: size)
    }

    /// The text of each row of the last frame.
    public var lines: [String] { frame.lines }

    /// Queues key presses, read in order by `nextEvent`.
    public func type(_ keys: Key...) {
        events += keys.map(TerminalEvent.key)
    }

    /// Queues typing `text`, one character key per character.
    public func type(_ text: String) {
        events += text.map { TerminalEvent.key(.character($0)) }
    }

    /// Resizes the terminal and queues the resize event.
    public func resize(to size: Size) {
        self.size = size
        events.append(.resize(size))
    }

    public func present(_ canvas: Canvas) {
        frame = canvas
        framesPresented += 1
    }

    public func nextEvent(timeout: Duration?) -> TerminalEvent? {
        events.isEmpty ? nil : events.removeFirst()
    }

    public func copyToClipboard(_ text: String) {
        clipboard = text
    }

    public func stop() {
        isStopped = true
    }
}
