/// One value of a row copied between engines, in the kind its column declares (`TransferTable.Column.Kind`),
/// whatever type each engine stores it as (SQLite keeps a boolean as an integer, PostgreSQL as a boolean).
public enum TransferValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case boolean(Bool)
    case text(String)
    case bytes([UInt8])
}
