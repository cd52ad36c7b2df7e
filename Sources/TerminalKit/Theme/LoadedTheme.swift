/// The theme to draw with, and the error that made it the default theme instead of the one asked for.
public struct LoadedTheme: Sendable {
    /// The theme, resolved for the terminal.
    public var theme: Theme
    /// Why the theme asked for could not be used; `nil` when it was.
    public var error: ThemeError?

    /// A loaded `theme`, with the `error` that replaced the one asked for.
    public init(theme: Theme, error: ThemeError?) {
        self.theme = theme
        self.error = error
    }
}
