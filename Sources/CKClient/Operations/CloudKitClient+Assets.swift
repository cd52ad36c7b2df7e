import CKModel
import Foundation

extension CloudKitClient {
    /// Where to upload the files of ASSET fields (`assets/upload`): one URL per file, valid for 15 minutes.
    /// - Parameters:
    ///   - tokens: One entry per file: the record type, the field and (optionally) the record.
    ///   - zone: The records' zone; the default zone when `nil`.
    public func requestAssetUploads(_ tokens: [AssetsUpload.TokenRequest], in zone: ZoneID? = nil) async throws -> [AssetsUpload.Token] {
        let response: AssetsUpload.Response = try await send(
            .post, path: databasePath("assets/upload"), body: AssetsUpload.Request(zoneID: zone, tokens: tokens))
        return response.tokens
    }

    /// Uploads a file's bytes to an upload URL and answers the asset value to save in the record's field.
    /// - Parameters:
    ///   - bytes: The file's content.
    ///   - url: An upload URL from `requestAssetUploads(_:in:)`.
    public func uploadAsset(_ bytes: [UInt8], to url: String) async throws -> Asset {
        let response = try await sendUnauthenticated(.post, url: url, body: bytes)
        return try Self.decode(AssetsUpload.Receipt.self, from: response, operation: "asset upload").singleFile
    }

    /// Uploads a file for one ASSET field of one record, both steps in one call, and answers the asset value to
    /// save in that field.
    /// - Parameters:
    ///   - bytes: The file's content.
    ///   - recordType: The record's type.
    ///   - fieldName: The ASSET field.
    ///   - recordName: The record the file is for.
    ///   - zone: The record's zone; the default zone when `nil`.
    public func uploadAsset(
        _ bytes: [UInt8], recordType: String, fieldName: String, recordName: String, in zone: ZoneID? = nil
    ) async throws -> Asset {
        let tokens = try await requestAssetUploads(
            [AssetsUpload.TokenRequest(recordType: recordType, fieldName: fieldName, recordName: recordName)], in: zone)
        try Self.requireOneResultEach(tokens, expected: 1, operation: "assets/upload")
        return try await uploadAsset(bytes, to: tokens[0].url)
    }

    /// Downloads the file of an ASSET value as fetched (its `downloadURL`; a `${f}` placeholder in it is filled
    /// with `filename`).
    /// - Parameters:
    ///   - asset: The asset value of a fetched record.
    ///   - filename: The name put in place of `${f}`.
    public func downloadAsset(_ asset: Asset, filename: String = "file") async throws -> [UInt8] {
        guard let downloadURL = asset.downloadURL else {
            throw CloudKitClientError.invalidRequest("the asset has no downloadURL: only an asset of a fetched record can be downloaded")
        }
        let url = downloadURL.replacingOccurrences(of: "${f}", with: RequestBuilder.percentEncoded(filename))
        return try await sendUnauthenticated(.get, url: url).body
    }

    /// Asset values of saved records in the form another record can save (`assets/rereference`), in request
    /// order.
    /// - Parameters:
    ///   - fields: The ASSET fields of saved records.
    ///   - zone: The records' zone; the default zone when `nil`.
    public func rereferenceAssets(_ fields: [AssetsRereference.FieldRequest], in zone: ZoneID? = nil) async throws -> [Asset] {
        let response: AssetsRereference.Response = try await send(
            .post, path: databasePath("assets/rereference"), body: AssetsRereference.Request(zoneID: zone, assets: fields))
        return response.assets
    }

    /// `fields` of the record `recordName` with each ASSET value as read from the server (with no receipt) referenced
    /// again (`assets/rereference`), lists of assets too, so that a `replace`, which sends every field, keeps those
    /// files instead of being refused for assets without receipts. Values that have a receipt, and other types, are
    /// left as they are.
    public func keepingAssets(of fields: [String: FieldValue], recordName: String, in zone: ZoneID? = nil) async throws -> [String: FieldValue] {
        let kept = fields.keys.sorted().filter { name in
            switch fields[name] {
            case .asset(let asset)?: asset.receipt == nil
            case .list(let list)? where list.valueType == .asset: list.elements.contains { if case .asset(let asset) = $0 { asset.receipt == nil } else { false } }
            default: false
            }
        }
        guard !kept.isEmpty else { return fields }
        let requests = kept.map { AssetsRereference.FieldRequest(recordName: recordName, fieldName: $0) }
        var answered = try await rereferenceAssets(requests, in: zone)[...]
        var result = fields
        for name in kept {
            // The answer holds each field's assets in turn: one for an ASSET, one per element for a list.
            if case .list(let list)? = fields[name] {
                let assets = answered.prefix(list.elements.count)
                answered = answered.dropFirst(list.elements.count)
                result[name] = FieldValueList(valueType: .asset, elements: assets.map(FieldValue.asset)).map(FieldValue.list) ?? fields[name]
            } else if let asset = answered.popFirst() {
                result[name] = .asset(asset)
            }
        }
        return result
    }
}
