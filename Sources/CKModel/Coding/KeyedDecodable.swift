/// A type read from a keyed container, written once for any container type so that CKModel's own decoder
/// can hand over its container unboxed: direct calls the compiler specializes, where the boxed
/// `KeyedDecodingContainer` costs a dynamic dispatch and a metadata lookup per key. For the types a request
/// body holds hundreds of (records, their operations).
protocol KeyedDecodable: Decodable {
    associatedtype CodingKeys: CodingKey

    init<Container: KeyedDecodingContainerProtocol>(reading container: Container) throws where Container.Key == CodingKeys
}

extension KeyedDecodable {
    public init(from decoder: any Decoder) throws {
        try self.init(membersOf: decoder)
    }

    /// Reads the value from `decoder`'s keyed container, unboxed when `decoder` is a `JSONTreeDecoder`.
    init(membersOf decoder: any Decoder) throws {
        if let tree = decoder as? JSONTreeDecoder {
            try self.init(reading: tree.keyedContainer(keyedBy: CodingKeys.self))
        } else {
            try self.init(reading: decoder.container(keyedBy: CodingKeys.self))
        }
    }
}
