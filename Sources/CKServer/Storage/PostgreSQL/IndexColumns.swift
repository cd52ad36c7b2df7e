/// An index value as `record_index` holds it in PostgreSQL: a number in `number` (NUMERIC: every integer exact,
/// a double as the shortest decimal that reads back as it, so integers and reals compare by value, except that
/// beyond 2^53 a double may compare with an integer as its decimal rather than its exact binary value), a text in
/// `text` (COLLATE "C": byte order, as in SQLite). Numbers come before texts.
///
/// The index holds a text's first `keyLength` characters (`text_key`), since an index entry holds at most about
/// 2,700 bytes: a prefix keeps byte order, so a scan reads a range of keys, compares the full texts beside it,
/// and orders texts that share their key by the texts themselves.
struct IndexColumns {
    /// The characters of a text the index holds, as the migration "index keys of long texts" declares them.
    static let keyLength = 400

    /// The number as NUMERIC reads it (for a double, the shortest decimal that reads back as it), or `nil` for a text.
    var number: String?
    /// Whether the number is a double, so that it reads back as one.
    var isReal: Bool
    /// The text, or `nil` for a number.
    var text: String?

    init(_ value: IndexValue) {
        switch value {
        case .integer(let integer):
            (number, isReal, text) = ("\(integer)", false, nil)
        case .real(let real):
            let written = real.isNaN ? "NaN" : real.isInfinite ? (real < 0 ? "-Infinity" : "Infinity") : "\(real)"
            (number, isReal, text) = (written, true, nil)
        case .text(let string):
            (number, isReal, text) = (nil, false, string)
        }
    }

    /// The value read back from the columns (`number` as text).
    static func value(number: String?, isReal: Bool, text: String?) -> IndexValue? {
        if let text { return .text(text) }
        guard let number else { return nil }
        return isReal ? Double(number).map(IndexValue.real) : Int64(number).map(IndexValue.integer)
    }
}
