import Foundation

/// A server's rows read and written as they are, to move the server to another engine (`ServerTransfer`). Each
/// engine implements it beside `ServerStorage`; no service uses it.
public protocol TransferStorage: Sendable {
    /// Up to `limit` rows of the table in the order of its key, after the row whose key is `key` (from the first
    /// row when `nil`), each with the table's columns in their order.
    func transferRows(of table: TransferTable, after key: [TransferValue]?, limit: Int) async throws -> [[TransferValue]]

    /// Inserts rows as they are, the numbers of their identity column included, in one transaction.
    func insertTransferRows(_ rows: [[TransferValue]], into table: TransferTable) async throws

    /// Keeps an uploaded file's contents under their checksum, unless they are kept already.
    func keepFileContents(_ contents: Data, checksum: String) async throws

    /// Makes the engine number the rows it adds to a table from past the highest number a copy inserted.
    func finishTransfer() async throws
}
