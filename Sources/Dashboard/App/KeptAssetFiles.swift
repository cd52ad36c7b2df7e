import CKClient
import CKModel
import Foundation
import Synchronization

/// The files of the ASSET fields of records the dashboard deletes, kept in a temporary folder so that undoing the
/// delete can upload them again: a server removes a file once no record holds it, and a fetched asset value has
/// no receipt to save it with, so the deleted records' own values cannot simply be saved again.
///
/// A file is known by its checksum, so a file many records hold is kept once. The folder is made on the first
/// file, readable by its owner only (the files may come from a private database), and removed with this object,
/// when the undo journal goes (ckdash quitting).
final class KeptAssetFiles: Sendable {
    /// Why a file cannot be kept or given back.
    enum Failure: Error, CustomStringConvertible {
        /// The file of an asset value could not be downloaded or written, so the delete was not made.
        case notKept(recordName: String, fieldName: String, reason: String)
        /// The kept file of an asset value is gone from the temporary folder.
        case missing(recordName: String, fieldName: String)

        var description: String {
            switch self {
            case .notKept(let record, let field, let reason):
                "cannot keep the file of \(field) of \(record) for :undo, so nothing was deleted (\(reason))"
            case .missing(let record, let field):
                "the file kept for \(field) of \(record) is no longer in the temporary folder"
            }
        }
    }

    private let folder: URL
    /// The kept files by the checksum of their asset (its download address when it has none).
    private let files = Mutex<[String: URL]>([:])

    /// Keeps files under a new folder in `temporaryFolder`.
    init(in temporaryFolder: URL = FileManager.default.temporaryDirectory) {
        folder = temporaryFolder.appendingPathComponent("ckdash-undo-\(UUID().uuidString)", isDirectory: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Downloads the file of every ASSET value of `records` (LIST<ASSET> elements too) not kept yet.
    func keep(filesOf records: [Record], with client: CloudKitClient) async throws {
        for record in records {
            _ = try await Self.replacingAssets(of: record) { fieldName, asset in
                guard keptFile(for: asset) == nil else { return asset }
                do {
                    let bytes = try await client.downloadAsset(asset)
                    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
                    let file = folder.appendingPathComponent(UUID().uuidString)
                    try Data(bytes).write(to: file, options: .atomic)
                    files.withLock { $0[Self.key(for: asset)] = file }
                    return asset
                } catch {
                    throw Failure.notKept(recordName: record.recordName ?? "", fieldName: fieldName, reason: ErrorMessage.text(for: error))
                }
            }
        }
    }

    /// `record` with each ASSET value replaced by its kept file uploaded again, ready to be saved in `zone`.
    func reuploaded(_ record: Record, with client: CloudKitClient, in zone: ZoneID?) async throws -> Record {
        let recordName = record.recordName ?? ""
        return try await Self.replacingAssets(of: record) { fieldName, asset in
            guard let file = keptFile(for: asset), let data = FileManager.default.contents(atPath: file.path) else {
                throw Failure.missing(recordName: recordName, fieldName: fieldName)
            }
            return try await client.uploadAsset(
                [UInt8](data), recordType: record.recordType ?? "", fieldName: fieldName, recordName: recordName, in: zone)
        }
    }

    /// `record` with each ASSET value (LIST<ASSET> elements one by one) replaced by what `replace` answers for it
    /// and its field's name.
    private static func replacingAssets(of record: Record, _ replace: (String, Asset) async throws -> Asset) async throws -> Record {
        var record = record
        for (fieldName, value) in (record.fields ?? [:]).sorted(by: { $0.key < $1.key }) {
            switch value {
            case .asset(let asset):
                record.fields?[fieldName] = .asset(try await replace(fieldName, asset))
            case .list(.asset(let assets)):
                var replaced: [Asset] = []
                for asset in assets { replaced.append(try await replace(fieldName, asset)) }
                record.fields?[fieldName] = .list(.asset(replaced))
            default:
                continue
            }
        }
        return record
    }

    private func keptFile(for asset: Asset) -> URL? {
        files.withLock { $0[Self.key(for: asset)] }
    }

    private static func key(for asset: Asset) -> String {
        asset.fileChecksum ?? asset.downloadURL ?? ""
    }
}
