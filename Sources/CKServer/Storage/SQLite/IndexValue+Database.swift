import GRDB

extension IndexValue {
    /// The value as SQLite stores it in the untyped `value` column: integers and reals compare numerically,
    /// and every number sorts before every text.
    var databaseValue: DatabaseValue {
        switch self {
        case .integer(let number): number.databaseValue
        case .real(let number): number.databaseValue
        case .text(let text): text.databaseValue
        }
    }

    /// Reads a stored value back.
    init?(_ value: DatabaseValue) {
        switch value.storage {
        case .int64(let number): self = .integer(number)
        case .double(let number): self = .real(number)
        case .string(let text): self = .text(text)
        case .null, .blob: return nil
        }
    }
}
