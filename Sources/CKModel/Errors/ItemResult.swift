/// One entry of a response array that mixes successes and per-item errors (`records`, `zones` …).
///
/// Decoding tries the error shape first, because the success shapes are permissive: an entry with a
/// `serverErrorCode` is a failure.
public enum ItemResult<Item: Codable & Hashable & Sendable>: Hashable, Sendable, Codable {
    case success(Item)
    case failure(ServerError)

    /// The entry as a `Result`, the form callers switch over.
    public var result: Result<Item, ServerError> {
        switch self {
        case .success(let item): .success(item)
        case .failure(let error): .failure(error)
        }
    }

    private enum ProbeKeys: String, CodingKey {
        case serverErrorCode
    }

    public init(from decoder: any Decoder) throws {
        let probe = try decoder.container(keyedBy: ProbeKeys.self)
        if probe.contains(.serverErrorCode) {
            self = .failure(try ServerError(from: decoder))
        } else {
            self = .success(try Item(from: decoder))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .success(let item): try item.encode(to: encoder)
        case .failure(let error): try error.encode(to: encoder)
        }
    }
}
