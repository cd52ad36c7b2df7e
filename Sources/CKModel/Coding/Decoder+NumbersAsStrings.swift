extension Decoder {
    /// Reads a request's `numbersAsStrings` flag, also under the spelling `numberAsStrings` that Apple's
    /// `changes/zone` page uses.
    func decodeNumbersAsStringsFlag() throws -> Bool? {
        let container = try container(keyedBy: AnyCodingKey.self)
        return try container.decodeIfPresent(Bool.self, forKey: AnyCodingKey("numbersAsStrings"))
            ?? container.decodeIfPresent(Bool.self, forKey: AnyCodingKey("numberAsStrings"))
    }
}
