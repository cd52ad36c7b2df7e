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

    /// The last number the engine gave in each table's identity column (`TransferTable.identity`), by table, even
    /// when the row that had it was deleted since; tables that never numbered a row are left out.
    func identityCounters() async throws -> [String: Int64]

    /// Makes the engine number the rows it adds to a table from past both the highest number a copy inserted and
    /// `counters` (the source's), so that no number a deleted row had (a zone's, which its sync tokens and change
    /// tags carry) is given again.
    func finishTransfer(counters: [String: Int64]) async throws
}
