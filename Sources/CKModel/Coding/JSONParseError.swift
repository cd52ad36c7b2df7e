/// Why a byte sequence is not JSON, and where: the offset of the first byte that does not fit.
public struct JSONParseError: Error, Equatable, CustomStringConvertible {
    /// The offset in bytes from the start of the input.
    public var offset: Int
    /// What is wrong, as a phrase ("unterminated string").
    public var reason: String

    public var description: String {
        "\(reason) at byte \(offset)"
    }
}
