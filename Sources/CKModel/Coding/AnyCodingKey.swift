/// A coding key for dictionaries whose keys are data (field names) rather than a fixed set.
struct AnyCodingKey: CodingKey, Hashable {
    var stringValue: String
    var intValue: Int?

    init(_ stringValue: String) {
        self.stringValue = stringValue
        self.intValue = nil
    }

    init?(stringValue: String) {
        self.init(stringValue)
    }

    init?(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }

    /// The key of an array element in a coding path, spelled as Foundation's decoder spells it ("Index 3").
    init(index: Int) {
        self.stringValue = "Index \(index)"
        self.intValue = index
    }
}
