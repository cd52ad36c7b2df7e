import CKClient
import CKModel
import Foundation
import Synchronization

/// The files of the ASSET fields of records the dashboard deletes, kept in a temporary folder so that undoing the
/// delete can upload them again: a server removes a file once no record holds it, and a fetched asset value has
/// no receipt to save it with, so the deleted records' own values cannot simply be saved again.
///
/// A file is known by its checksum, so a file many records hold is kept once. The folder is made on the first
/// file, readable by its owner only (the files may come from a private database), and removed when ckdash quits;
/// one left by a ckdash that was killed goes when the next one starts.
final class KeptAssetFiles: Sendable {
    /// The file of an asset value that could not be kept: its record, its field, and why.
    struct Unkept: Sendable, CustomStringConvertible {
        var recordName: String
        var fieldName: String
        var reason: String

        var description: String { "\(fieldName) of \(recordName) (\(reason))" }
    }

    private let folder: URL
    /// The kept files by the checksum of their asset (its download address when it has none).
    private let files = Mutex<[String: URL]>([:])

    /// Keeps files under a new folder in `temporaryFolder`, named after this process; the folders there of
    /// ckdash processes that no longer run (killed by a signal, which ends them without cleaning up) are removed.
    init(in temporaryFolder: URL = FileManager.default.temporaryDirectory) {
        Self.removeLeftovers(in: temporaryFolder)
        folder = temporaryFolder.appendingPathComponent("\(Self.prefix)\(getpid())-\(UUID().uuidString)", isDirectory: true)
    }

    deinit {
        removeAll()
    }

    /// Removes the folder and every file kept, when the journal can no longer be undone (ckdash quitting).
    func removeAll() {
        files.withLock { $0.removeAll() }
        try? FileManager.default.removeItem(at: folder)
    }

    /// Downloads the file of every ASSET value of `records` (LIST<ASSET> elements too) not kept yet; returns those
    /// that could not be downloaded or written.
    func keep(filesOf records: [Record], with client: CloudKitClient) async -> [Unkept] {
        var unkept: [Unkept] = []
        for record in records {
            await Self.replacingAssets(of: record) { fieldName, asset in
                guard keptFile(for: asset) == nil else { return asset }
                do {
                    let bytes = try await client.downloadAsset(asset)
                    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
                    let file = folder.appendingPathComponent(UUID().uuidString)
                    try Data(bytes).write(to: file, options: .atomic)
                    files.withLock { $0[Self.key(for: asset)] = file }
                } catch {
                    unkept.append(Unkept(recordName: record.recordName ?? "", fieldName: fieldName, reason: ErrorMessage.text(for: error)))
                }
                return asset
            }
        }
        return unkept
    }

    /// `record` with each ASSET value replaced by its kept file uploaded again, ready to be saved in `zone`; a
    /// value whose file was not kept is left out (the user agreed to delete without it).
    func reuploaded(_ record: Record, with client: CloudKitClient, in zone: ZoneID?) async throws -> Record {
        let recordName = record.recordName ?? ""
        return try await Self.replacingAssets(of: record) { fieldName, asset in
            guard let file = keptFile(for: asset), let data = FileManager.default.contents(atPath: file.path) else { return nil }
            return try await client.uploadAsset(
                [UInt8](data), recordType: record.recordType ?? "", fieldName: fieldName, recordName: recordName, in: zone)
        }
    }

    /// `record` with each ASSET value (LIST<ASSET> elements one by one) replaced by what `replace` answers for it
    /// and its field's name, or left out when it answers `nil`.
    @discardableResult
    private static func replacingAssets(of record: Record, _ replace: (String, Asset) async throws -> Asset?) async rethrows -> Record {
        var record = record
        for (fieldName, value) in (record.fields ?? [:]).sorted(by: { $0.key < $1.key }) {
            switch value {
            case .asset(let asset):
                record.fields?[fieldName] = try await replace(fieldName, asset).map(FieldValue.asset)
            case .list(.asset(let assets)):
                var replaced: [Asset] = []
                for asset in assets {
                    if let kept = try await replace(fieldName, asset) { replaced.append(kept) }
                }
                record.fields?[fieldName] = .list(.asset(replaced))
            default:
                continue
            }
        }
        return record
    }

    private static let prefix = "ckdash-undo-"

    /// Removes the folders in `temporaryFolder` whose process no longer runs.
    private static func removeLeftovers(in temporaryFolder: URL) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: temporaryFolder.path)) ?? []
        for name in names where name.hasPrefix(prefix) {
            guard let process = pid_t(name.dropFirst(prefix.count).prefix { $0 != "-" }), kill(process, 0) == -1, errno == ESRCH else { continue }
            try? FileManager.default.removeItem(at: temporaryFolder.appendingPathComponent(name))
        }
    }

    private func keptFile(for asset: Asset) -> URL? {
        files.withLock { $0[Self.key(for: asset)] }
    }

    private static func key(for asset: Asset) -> String {
        asset.fileChecksum ?? asset.downloadURL ?? ""
    }
}
