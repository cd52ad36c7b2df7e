/// Why a model's schema cannot be derived.
public enum MirroringError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The configuration asked for is not in the model.
    case unknownConfiguration(String, known: [String])

    public var description: String {
        switch self {
        case .unknownConfiguration(let name, let known):
            "the model has no configuration \(name) (it has \((["Default"] + known).joined(separator: ", ")))"
        }
    }
}
