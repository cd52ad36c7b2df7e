import CKModel
import Crypto
import Foundation

/// The files of ASSET fields: upload URLs, uploads, downloads, and removing files no record holds any more.
///
/// Files live in the data folder's `assets/`, named by the SHA-256 of their content, so the same file
/// uploaded twice is stored once. An upload answers a receipt bound to whom the upload URL was for (its
/// `UploadOrigin`); a record saved with it holds the file. A file no record holds is removed once its upload is
/// 15 minutes old, or as soon as the records that held it are gone.
public struct AssetService: Sendable {
    /// How long an upload URL accepts a file, and how long an upload waits for a record to hold it.
    public static let uploadWindow: TimeInterval = 15 * 60

    let storage: any ServerStorage
    let configuration: ServerConfiguration

    /// Creates the service.
    public init(storage: any ServerStorage, configuration: ServerConfiguration) {
        self.storage = storage
        self.configuration = configuration
    }

    /// `assets/upload`: one upload URL per file asked for.
    public func requestUploads(_ request: AssetsUpload.Request, access: DatabaseAccess) async throws -> AssetsUpload.Response {
        try ItemLimit.check(request.tokens.count, "tokens")
        try access.requireWriter()
        _ = try access.zone(request.zoneID)
        var tokens: [AssetsUpload.Token] = []
        for token in request.tokens {
            let slot = SecretGenerator.hex(SecretGenerator.randomBytes(16))
            try await storage.createUploadSlot(slot, for: Self.origin(of: access), expiresAt: Date().addingTimeInterval(Self.uploadWindow))
            tokens.append(AssetsUpload.Token(
                recordName: token.recordName ?? UUID().uuidString, fieldName: token.fieldName,
                url: "\(access.serverURL)/assets/upload/\(slot)"))
        }
        return AssetsUpload.Response(tokens: tokens)
    }

    /// `assets/rereference`: the stored ASSET values of records the caller may read, with their receipts, so
    /// another record can hold the same files. Any field that is not there or holds no asset fails the request.
    public func rereference(_ request: AssetsRereference.Request, access: DatabaseAccess) async throws -> AssetsRereference.Response {
        try ItemLimit.check(request.assets.count, "assets")
        let zone = try await storage.existingZone(request.zoneID, for: access)
        let readable = try await RecordService(storage: storage).readableRecords(named: request.assets.map(\.recordName), in: zone, access: access)
        var assets: [Asset] = []
        for item in request.assets {
            guard let found = readable[item.recordName] else {
                throw RecordRefusal.notFound(item.recordName)
            }
            let record = try found.get().decoded()
            let held = FilterEvaluator.elements(record.fields[item.fieldName]).compactMap { value -> Asset? in
                if case .asset(let asset) = value { asset } else { nil }
            }
            guard !held.isEmpty else {
                throw ServerError(.badRequest, reason: "the field '\(item.fieldName)' of \(item.recordName) holds no asset", recordName: item.recordName)
            }
            assets += held
        }
        return AssetsRereference.Response(assets: assets)
    }

    /// Whom an upload URL asked for by `access` is for.
    static func origin(of access: DatabaseAccess) -> UploadOrigin {
        UploadOrigin(
            container: access.container.id, environment: access.environment, database: access.database,
            uploader: access.caller.userRecordName ?? "")
    }

    /// Whom an upload URL's `slot` was handed out for, used up by this call: checked before the upload's bytes
    /// are read, so an unknown URL costs nothing.
    public func takeUploadSlot(_ slot: String) async throws -> UploadOrigin {
        guard let origin = try await storage.takeUploadSlot(slot, now: Date()) else {
            throw ServerError(.notFound, reason: "this upload URL is unknown or older than 15 minutes; ask assets/upload for a new one")
        }
        return origin
    }

    /// Stores the bytes POSTed to an upload URL for `origin` and answers the `singleFile` receipt to save in the
    /// record.
    public func upload(_ bytes: [UInt8], for origin: UploadOrigin) async throws -> AssetsUpload.Receipt {
        guard bytes.count <= configuration.maximumAssetSize else {
            throw ServerError(.quotaExceeded, reason: "the file is \(bytes.count) bytes; this server accepts at most \(configuration.maximumAssetSize)")
        }
        let digest = Array(SHA256.hash(data: bytes))
        let checksum = SecretGenerator.hex(digest)
        let receipt = SecretGenerator.hex(SecretGenerator.randomBytes(16))
        try await storage.insertAsset(receipt: receipt, contents: bytes, checksum: checksum, origin: origin, at: Date())
        let fileChecksum = Data(digest).base64EncodedString()
        return AssetsUpload.Receipt(singleFile: Asset(
            fileChecksum: fileChecksum, size: Int64(bytes.count), referenceChecksum: fileChecksum,
            wrappingKey: Data(SecretGenerator.randomBytes(32)).base64EncodedString(), receipt: receipt))
    }

    /// The bytes of the file uploaded under `receipt` to `container`, for a `downloadURL`.
    public func download(receipt: String, container: ContainerID) async throws -> Data {
        guard let file = try await storage.assets(withReceipts: [receipt], in: container)[receipt],
            let data = try await storage.fileContents(checksum: file.checksum)
        else {
            throw ServerError(.notFound, reason: "there is no such asset")
        }
        return data
    }

    /// The ASSET value to store for a value a client saves through `access`: the checksum and size of the file its
    /// receipt names (never what the client claims), or `nil` when the receipt is not one `access` may save: not of
    /// this container, environment and database, or not yet held by a record and uploaded by someone else.
    static func stored(_ asset: Asset, files: [String: UploadedFile], access: DatabaseAccess) -> Asset? {
        guard let receipt = asset.receipt, let file = files[receipt], let digest = bytes(hex: file.checksum) else { return nil }
        if let origin = file.origin {
            let saver = Self.origin(of: access)
            guard origin.environment == saver.environment, origin.database == saver.database,
                origin.uploader == saver.uploader || file.wasHeld
            else { return nil }
        }
        let checksum = Data(digest).base64EncodedString()
        return Asset(
            fileChecksum: checksum, size: file.size, referenceChecksum: asset.referenceChecksum ?? checksum,
            wrappingKey: asset.wrappingKey, receipt: receipt)
    }

    private static func bytes(hex: String) -> [UInt8]? {
        guard hex.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            guard let byte = UInt8(hex[index..<next], radix: 16) else { return nil }
            bytes.append(byte)
            index = next
        }
        return bytes
    }

    /// Removes the uploads no record holds that a record held once or that are older than the upload window, and
    /// their files.
    public func collectGarbage(now: Date = Date()) async throws {
        try await storage.collectUnreferencedAssets(uploadedBefore: now.addingTimeInterval(-Self.uploadWindow))
    }

    /// An ASSET value as a fetch returns it: its checksum, size and where to download it (by its receipt, a
    /// random name that only this container's records carry).
    static func fetched(_ asset: Asset, container: ContainerID, serverURL: String) -> Asset {
        Asset(fileChecksum: asset.fileChecksum, size: asset.size, downloadURL: asset.receipt.map { downloadPrefix(container: container, serverURL: serverURL) + $0 })
    }

    /// Where the files of `container` are downloaded, up to a receipt.
    static func downloadPrefix(container: ContainerID, serverURL: String) -> String {
        "\(serverURL)/assets/download/\(container)/"
    }
}
