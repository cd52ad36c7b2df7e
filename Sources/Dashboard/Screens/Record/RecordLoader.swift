import CKClient
import CKCoreData
import CKModel
import CKSchema
import Foundation

/// Fetches what the record screen shows: the record itself, and the records that point to it.
struct RecordLoader: Sendable {
    let client: CloudKitClient

    /// The record named `recordName` in `zone`; `NOT_FOUND` and other refusals are thrown.
    func record(named recordName: String, in zone: ZoneID?) async throws -> Record {
        guard let result = try await client.lookupRecords(named: [recordName], in: zone).first else {
            throw CloudKitClientError.decoding(operation: "records/lookup", httpStatus: 200, detail: "the server answered no record for \(recordName)")
        }
        return try result.get()
    }

    /// The records whose reference fields point to `recordName` (back references): for every queryable
    /// reference field of every type, the first `limit` records, by type and field.
    func backReferences(to recordName: String, in zone: ZoneID?, schema: Schema, limit: Int = 50) async throws -> [BackReference] {
        var found: [BackReference] = []
        let target = FieldValue.reference(Reference(recordName: recordName))
        for recordType in schema.recordTypes {
            for field in recordType.fields where field.type.valueType == .reference && field.indexes.contains(.queryable) && !field.isSystemField {
                let comparator: FilterComparator = field.type.isList ? .listContains : .equals
                let query = Query(recordType: recordType.name, filterBy: [Filter(.field(field.name), comparator, target)])
                let page = try await client.queryRecords(query, in: zone, desiredKeys: [], resultsLimit: limit)
                let names = page.records.compactMap { try? $0.get().recordName }
                if !names.isEmpty {
                    found.append(BackReference(recordType: recordType.name, field: field.name, recordNames: names, hasMore: page.continuationMarker != nil))
                }
            }
        }
        return found
    }
}

/// Records of one type that point to a record through one field.
struct BackReference: Equatable, Sendable {
    /// Their type.
    var recordType: String
    /// The reference field that points.
    var field: String
    /// Their names.
    var recordNames: [String]
    /// Whether more records point than were fetched.
    var hasMore: Bool
}

extension RecordLoader {
    /// Downloads `asset` into `file` (replacing it) and returns its size in bytes.
    func download(_ asset: Asset, to file: URL) async throws -> Int {
        let bytes = try await client.downloadAsset(asset, filename: file.lastPathComponent)
        do {
            try Data(bytes).write(to: file, options: .atomic)
        } catch {
            throw ExportError.cannotWrite(file.path)
        }
        return bytes.count
    }
}

extension RecordLoader {
    /// The most `CDMR` links read when looking for a record's many-to-many relationships.
    static let linkLimit = 2_000

    /// The many-to-many links of `recordName` in `zone`: the `CDMR` records naming it, read a page at a time up to
    /// `linkLimit` (their fields carry no index to query by).
    func coreDataLinks(of recordName: String, in zone: ZoneID?) async throws -> [CoreDataLink] {
        var links: [CoreDataLink] = []
        var marker: String?
        var read = 0
        repeat {
            let page = try await client.queryRecords(
                Query(recordType: MirroredNames.linkType), in: zone, desiredKeys: MirroredNames.linkFields, resultsLimit: 200, continuationMarker: marker)
            let records = page.records.compactMap { try? $0.get() }
            links += records.compactMap { CoreDataLink($0, from: recordName) }
            read += records.count
            marker = page.continuationMarker
        } while marker != nil && read < Self.linkLimit
        return links
    }
}
