extension ColorLevel {
    /// This level, or monochrome when `environment` sets `NO_COLOR` to anything but the empty string (the
    /// NO_COLOR convention: the user asks for no colour, whatever the terminal can show).
    public func honouringNoColor(in environment: [String: String]) -> ColorLevel {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty {
            return .monochrome
        }
        return self
    }
}
