/// Why a text is not well-formed XML: where, and what was expected there.
struct XMLSyntaxError: Error, Hashable, Sendable {
    /// The line, counting from 1.
    var line: Int
    /// What was expected, or what is wrong: `expected '>' to end the tag <entity>`.
    var message: String
}
