import CKModel
import Foundation

/// Upload slots and the files uploaded through them. One concern of `ServerStorage`.
public protocol AssetStorage: Sendable {
    /// Opens an upload slot for `origin` that accepts one file until `expiresAt`.
    func createUploadSlot(_ slot: String, for origin: UploadOrigin, expiresAt: Date) async throws

    /// Closes an upload slot and returns whom it was for, or `nil` if there is no such slot or it expired.
    func takeUploadSlot(_ slot: String, now: Date) async throws -> UploadOrigin?

    /// Records an uploaded file under its receipt, bound to its origin.
    func insertAsset(receipt: String, checksum: String, size: Int64, origin: UploadOrigin, at date: Date) async throws

    /// The files uploaded to the container under these receipts, by receipt.
    func assets(withReceipts receipts: [String], in container: ContainerID) async throws -> [String: UploadedFile]

    /// Forgets the uploads that no record references and that either a record held once or are older than
    /// `date`, and returns the checksums of the files no upload uses any more, to remove from disk.
    func collectUnreferencedAssets(uploadedBefore date: Date) async throws -> [String]
}
