/// A small animation beside a label while something loads; the run loop calls `tick()` on its timer, so the
/// spinner itself knows nothing of time.
public struct Spinner: Hashable, Sendable {
    /// Braille dots, for terminals with Unicode.
    public static let dots = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
    /// ASCII, readable everywhere.
    public static let line = ["|", "/", "-", "\\"]

    /// What is happening: `Loading records…`.
    public var label: String
    /// The frames, shown in turn.
    public let frames: [String]
    /// The frame shown.
    public private(set) var frame = 0

    /// A spinner beside `label` cycling through `frames`.
    public init(label: String = "", frames: [String] = Spinner.dots) {
        self.label = label
        self.frames = frames.isEmpty ? [" "] : frames
    }

    /// Shows the next frame.
    public mutating func tick() {
        frame = (frame + 1) % frames.count
    }

    /// Draws the frame and the label on the first row of `rect`.
    public func draw(in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        let text = label.isEmpty ? frames[frame] : "\(frames[frame]) \(label)"
        canvas.write(text, in: rect.row(0), style: theme.style(.muted))
    }
}
