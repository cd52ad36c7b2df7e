/// The styles of every role, resolved for one terminal's colours: what rendering reads, passed down as a value.
public struct Theme: Sendable {
    /// The theme's name, as `--theme` and `:theme` take it.
    public var name: String
    /// The style of each role; a role without one is drawn as `text`.
    public var styles: [ThemeRole: Style]

    /// A theme of `styles`.
    public init(name: String, styles: [ThemeRole: Style]) {
        self.name = name
        self.styles = styles
    }

    /// The style of `role`, or `text`'s when the theme gives it none.
    public func style(_ role: ThemeRole) -> Style {
        styles[role] ?? styles[.text] ?? .plain
    }

    /// A theme of attributes only, readable on any terminal: selection in reverse video, titles bold.
    public static let monochrome = Theme(name: "monochrome", styles: [
        .text: .plain, .muted: Style(attributes: .dim), .border: .plain, .title: Style(attributes: .bold),
        .columnHeader: Style(attributes: [.bold, .underline]), .selection: Style(attributes: .reverse),
        .selectionInactive: Style(attributes: .underline), .statusBar: Style(attributes: .reverse), .keyHint: .plain,
        .key: Style(attributes: .bold), .input: Style(attributes: .underline), .dialog: .plain, .error: Style(attributes: [.bold, .reverse]),
        .warning: Style(attributes: .bold), .success: .plain,
    ])
}
