import CKClient
import CKModel
import CKSchema
import Foundation

/// What the record form fetches and sends: the record to edit, the records a reference can point to, and the
/// save itself, with the files of ASSET fields uploaded first.
struct RecordFormLoader: Sendable {
    /// How a save ended.
    enum SaveOutcome: Sendable {
        /// The record as the server saved it.
        case saved(Record)
        /// The record changed on the server since editing began; this is it now.
        case conflict(serverRecord: Record)
    }

    let client: CloudKitClient

    /// The most records a reference picker lists.
    static let candidateLimit = 200

    /// The record named `recordName` in `zone`, as the server has it now.
    func record(named recordName: String, in zone: ZoneID?) async throws -> Record {
        try await RecordLoader(client: client).record(named: recordName, in: zone)
    }

    /// Up to `candidateLimit` records of `recordType` in `zone` a reference can point to, each with its first text
    /// field to tell them apart; for `Users`, whose records cannot be queried, the container's users with their
    /// names and email addresses (without the management API, the users the signed-in user can discover).
    func candidates(ofType recordType: String, in zone: ZoneID?) async throws -> [(recordName: String, detail: String?)] {
        if recordType == RecordType.usersTypeName, !client.reachesManagementAPI {
            return try await client.discoverAllUserIdentities().prefix(Self.candidateLimit).compactMap { identity in
                let user = DiscoveredUser(identity: identity, isCaller: false)
                return identity.userRecordName.map { ($0, [user.name, identity.lookupInfo?.emailAddress].compactMap { $0 }.joined(separator: ", ")) }
            }
        }
        if recordType == RecordType.usersTypeName {
            return try await client.users().prefix(Self.candidateLimit).map { user in
                (user.userRecordName, [user.name, user.emailAddress].compactMap { $0 }.joined(separator: ", "))
            }
        }
        let page = try await client.queryRecords(Query(recordType: recordType), in: zone, resultsLimit: Self.candidateLimit)
        return page.records.compactMap { try? $0.get() }.compactMap { record in
            let texts = (record.fields ?? [:]).sorted { $0.key < $1.key }.compactMap { field -> String? in
                if case .string(let text) = field.value { text } else { nil }
            }
            return record.recordName.map { ($0, texts.first) }
        }
    }

    /// Creates or replaces `draft`'s record in `zone`, uploading the files chosen for its ASSET fields first; the
    /// files of ASSET fields left as they were are referenced again (`assets/rereference`), since a save replaces
    /// every field.
    func save(_ draft: RecordDraft, in zone: ZoneID?) async throws -> SaveOutcome {
        let recordName = draft.recordName.isEmpty ? UUID().uuidString : draft.recordName
        var uploaded: [String: Asset] = [:]
        for (field, path) in draft.assetFiles {
            let file = LocalFile.url(for: path)
            guard let data = FileManager.default.contents(atPath: file.path) else {
                throw RecordFormError.unreadableFile(field: field, path: file.path)
            }
            uploaded[field] = try await client.uploadAsset(
                [UInt8](data), recordType: draft.recordType.name, fieldName: field, recordName: recordName, in: zone)
        }
        var record = draft.record(uploaded: uploaded)
        record.recordName = recordName
        if !draft.isNew {
            record.fields = try await client.keepingAssets(of: record.fields ?? [:], recordName: recordName, in: zone)
        }
        let operation = RecordOperation(draft.isNew ? .create : .replace, record)
        guard let result = try await client.modifyRecords([operation], in: zone).first else {
            throw CloudKitClientError.decoding(operation: "records/modify", httpStatus: 200, detail: "the server answered no result for \(recordName)")
        }
        switch result {
        case .success(let saved):
            return .saved(saved)
        case .failure(.server(let error, _, let serverRecord?)) where error.serverErrorCode == .conflict:
            return .conflict(serverRecord: serverRecord)
        case .failure(let error):
            throw error
        }
    }
}

/// Why the record form cannot save, in words for its user.
enum RecordFormError: Error, CustomStringConvertible {
    /// The file chosen for an ASSET field cannot be read.
    case unreadableFile(field: String, path: String)
    /// The type of the form is not in the schema.
    case unknownRecordType(String)

    var description: String {
        switch self {
        case .unknownRecordType(let name): "\(name) is not a record type of this environment"
        case .unreadableFile(let field, let path): "cannot read \(path), the file chosen for \(field)"
        }
    }
}
