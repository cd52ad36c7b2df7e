import CKModel
import Foundation

/// Upload slots, the files uploaded through them and their contents. One concern of `ServerStorage`.
public protocol AssetStorage: Sendable {
    /// Opens an upload slot for `origin` that accepts one file until `expiresAt`.
    func createUploadSlot(_ slot: String, for origin: UploadOrigin, expiresAt: Date) async throws

    /// Closes an upload slot and returns whom it was for, or `nil` if there is no such slot or it expired.
    func takeUploadSlot(_ slot: String, now: Date) async throws -> UploadOrigin?

    /// Keeps an uploaded file: its contents under their checksum (once for every upload of the same contents),
    /// and the upload under its receipt, bound to its origin, together, so that collection never takes the
    /// contents of an upload being kept.
    func insertAsset(receipt: String, contents: [UInt8], checksum: String, origin: UploadOrigin, at date: Date) async throws

    /// The contents kept under this checksum, or `nil`.
    func fileContents(checksum: String) async throws -> Data?

    /// The files uploaded to the container under these receipts, by receipt.
    func assets(withReceipts receipts: [String], in container: ContainerID) async throws -> [String: UploadedFile]

    /// Forgets the uploads that no record references and that either a record held once or are older than
    /// `date`, and the contents no upload uses any more; returns the checksums of the contents removed.
    @discardableResult
    func collectUnreferencedAssets(uploadedBefore date: Date) async throws -> [String]
}
