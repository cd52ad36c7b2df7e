import CKModel
import Foundation

/// The Core Data demo: a container written by NSPersistentCloudKitContainer for the model in
/// `Demo/Journal.xcdatamodeld` (notebooks; entries, some of them photo entries, a sub-entity; tags linked to entries
/// many-to-many; an encrypted attribute; a photo too large for its record, stored in its `_ckAsset`), in the demo
/// user's zone `com.apple.coredata.cloudkit.zone`, and a notebook in a share zone shared zone-wide with the guest,
/// who accepted it. Production's schema lacks `CD_Entry.CD_mood`, added to the model after the last deploy: the
/// classic release bug `ckdash model check` and `:model` show.
public struct DemoJournal: Sendable {
    let storage: any ServerStorage
    let configuration: ServerConfiguration

    /// Creates the filler.
    public init(storage: any ServerStorage, configuration: ServerConfiguration) {
        self.storage = storage
        self.configuration = configuration
    }

    /// What the demo holds, for the command that made it to report.
    public struct Summary: Sendable, Codable {
        public var container: String
        /// The demo user's record name and web auth token.
        public var userRecordName: String
        public var webAuthToken: String
        /// Records in the demo user's Core Data zone, and in the zone shared with the guest.
        public var privateRecords: Int
        public var sharedRecords: Int
    }

    /// Creates the container `id` and fills it.
    public func create(_ id: ContainerID) async throws -> Summary {
        let container = try await ContainerService(storage: storage).create(id)
        let schemas = SchemaService(storage: storage)
        _ = try await schemas.importDevelopment("DEFINE SCHEMA\n" + Self.deployedTypes, into: id)
        _ = try await schemas.deploy(id, actor: "demo")
        let development = Self.deployedTypes.replacingOccurrences(of: Self.fieldMissingInProduction.before, with: Self.fieldMissingInProduction.with)
        _ = try await schemas.importDevelopment("DEFINE SCHEMA\n" + development, into: id)
        let users = UserService(storage: storage, configuration: configuration)
        let (demo, token) = try await users.create(name: "demo", emailAddress: "demo@example.com", discoverable: true, in: id)
        let (guest, _) = try await users.create(name: "guest", emailAddress: "guest@example.com", discoverable: true, in: id)
        let assets = AssetService(storage: storage, configuration: configuration)
        let store = Store(records: RecordService(storage: storage, assets: assets), assets: assets, shares: ShareService(storage: storage))
        func access(_ database: DatabaseScope, _ user: UserAccount) -> DatabaseAccess {
            DatabaseAccess(container: container, environment: .development, database: database, caller: .user(user), serverURL: "")
        }
        let (privateRecords, sharedRecords) = try await store.write(access: access(.private, demo), guest: access(.public, guest), guestEmail: "guest@example.com")
        return Summary(container: id.rawValue, userRecordName: demo.userRecordName, webAuthToken: token, privateRecords: privateRecords, sharedRecords: sharedRecords)
    }
}

/// The records of the Core Data demo, written as NSPersistentCloudKitContainer writes them.
private struct Store {
    let records: RecordService
    let assets: AssetService
    let shares: ShareService

}

extension DemoJournal {
    /// The mirrored record types as production has them: the model's, one field short.
    static let deployedTypes = """
            RECORD TYPE CD_Notebook (
                "___recordID"    REFERENCE QUERYABLE,
                CD_color         STRING,
                CD_color_ckAsset ASSET,
                CD_entityName    STRING,
                CD_moveReceipt   BYTES,
                CD_title         STRING,
                CD_title_ckAsset ASSET,
                GRANT WRITE TO "_creator",
                GRANT CREATE TO "_icloud",
                GRANT READ TO "_world"
            );
            RECORD TYPE CD_Entry (
                "___recordID"      REFERENCE QUERYABLE,
                CD_caption         STRING,
                CD_caption_ckAsset ASSET,
                CD_entityName      STRING,
                CD_moveReceipt     BYTES,
                CD_notebook        STRING,
                CD_photo           BYTES,
                CD_photo_ckAsset   ASSET,
                CD_text            ENCRYPTED STRING,
                CD_text_ckAsset    ASSET,
                CD_title           STRING,
                CD_title_ckAsset   ASSET,
                CD_writtenAt       TIMESTAMP,
                GRANT WRITE TO "_creator",
                GRANT CREATE TO "_icloud",
                GRANT READ TO "_world"
            );
            RECORD TYPE CD_Tag (
                "___recordID"   REFERENCE QUERYABLE,
                CD_entityName   STRING,
                CD_moveReceipt  BYTES,
                CD_name         STRING,
                CD_name_ckAsset ASSET,
                GRANT WRITE TO "_creator",
                GRANT CREATE TO "_icloud",
                GRANT READ TO "_world"
            );
            RECORD TYPE CDMR (
                "___recordID"    REFERENCE QUERYABLE,
                CD_entityNames   STRING,
                CD_recordNames   STRING,
                CD_relationships STRING,
                GRANT WRITE TO "_creator",
                GRANT CREATE TO "_icloud",
                GRANT READ TO "_world"
            );
        """

    /// The line development has and production lacks: `Entry.mood`, added to the model after the last deploy.
    static let fieldMissingInProduction = (
        before: "        CD_entityName      STRING,\n        CD_moveReceipt     BYTES,\n        CD_notebook        STRING,",
        with: "        CD_entityName      STRING,\n        CD_mood            INT64,\n        CD_moveReceipt     BYTES,\n        CD_notebook        STRING,")

}

extension Store {
    /// The private zone of a Core Data store, and the share zone of the notebook shared with the guest.
    static let zone = ZoneID(zoneName: "com.apple.coredata.cloudkit.zone")
    static let sharedZone = ZoneID(zoneName: "com.apple.coredata.cloudkit.share.4A1C8B2E-7D3F-4E59-9B16-2C8E5F0A6D31")

    /// Bytes of the photo stored in its asset: past the 750 KB over which Core Data stores a value in `_ckAsset`.
    static let largePhotoSize = 800 * 1024

    /// Writes the store in the demo user's private database (`access`), and shares a notebook with `guest`;
    /// returns how many records each zone holds.
    func write(access: DatabaseAccess, guest: DatabaseAccess, guestEmail: String) async throws -> (private: Int, shared: Int) {
        let zones = ZoneService(storage: records.storage)
        _ = try await zones.modify(
            Zones.ModifyRequest(operations: [Self.zone, Self.sharedZone].map { ZoneOperation(.create, Zone(zoneID: $0)) }), access: access)
        var names = DemoNames()
        let photo = try await uploadPhoto(access: access)
        let notebooks = [("Travel", "#e76f51"), ("Recipes", "#2a9d8f")].map { (names.next(), $0.0, $0.1) }
        let tags = ["family", "food", "outdoor", "work"].map { (names.next(), $0) }
        var operations = notebooks.map { name, title, color in
            Self.record(name, "Notebook", ["CD_title": .string(title), "CD_color": .string(color)])
        } + tags.map { name, tag in Self.record(name, "Tag", ["CD_name": .string(tag)]) }
        let start = Date(timeIntervalSince1970: 1_767_225_600)
        for index in 0..<12 {
            let name = names.next()
            var fields: [String: FieldValue] = [
                "CD_title": .string(Self.titles[index % Self.titles.count]), "CD_text": .string("Day \(index + 1): \(Self.texts[index % Self.texts.count])"),
                "CD_writtenAt": .timestamp(Timestamp(start.addingTimeInterval(Double(index) * 86_400))), "CD_mood": .int64(Int64(index % 5)),
                "CD_notebook": .string(notebooks[index % 2].0),
            ]
            let isPhoto = index % 3 == 2
            if isPhoto {
                fields["CD_caption"] = .string("Photo \(index + 1)")
                fields[index == 2 ? "CD_photo_ckAsset" : "CD_photo"] = index == 2 ? .asset(photo) : .bytes(Data("a small thumbnail \(index)".utf8))
            }
            operations.append(Self.record(name, isPhoto ? "PhotoEntry" : "Entry", fields, root: "Entry"))
            let linked = index % 2 == 0 ? [tags[index % 4], tags[(index + 1) % 4]] : [tags[index % 4]]
            operations += linked.map { Self.link(names.next(), entry: name, tag: $0.0) }
        }
        try DemoContainer.requireSuccess(try await records.modify(RecordsModify.Request(operations: operations, zoneID: Self.zone), access: access))
        let shared = try await share(names: &names, access: access, guest: guest, guestEmail: guestEmail)
        return (operations.count, shared)
    }

    /// A notebook with two entries in a share zone, shared zone-wide with the guest, who accepts it; returns how many
    /// records it shares.
    private func share(names: inout DemoNames, access: DatabaseAccess, guest: DatabaseAccess, guestEmail: String) async throws -> Int {
        let notebook = names.next()
        let operations = [Self.record(notebook, "Notebook", ["CD_title": .string("Shared with guest"), "CD_color": .string("#e9c46a")])]
            + (0..<2).map { index in
                Self.record(names.next(), "Entry", [
                    "CD_title": .string("Plans \(index + 1)"), "CD_text": .string("What we said we would do, part \(index + 1)"), "CD_mood": .int64(3),
                    "CD_notebook": .string(notebook),
                ])
            }
        try DemoContainer.requireSuccess(try await records.modify(RecordsModify.Request(operations: operations, zoneID: Self.sharedZone), access: access))
        var share = Record(recordName: "cloudkit.zoneshare", recordType: "cloudkit.share")
        share.publicPermission = SharePermission.none
        share.participants = [ShareParticipant(userIdentity: UserIdentity(lookupInfo: .init(emailAddress: guestEmail)), permission: .readWrite, type: .user)]
        let saved = try await records.modify(RecordsModify.Request(operations: [RecordOperation(.create, share)], zoneID: Self.sharedZone), access: access)
        try DemoContainer.requireSuccess(saved)
        guard case .success(let record)? = saved.records.first, let shortGUID = record.shortGUID else {
            throw ServerError(.internalError, reason: "the demo's share has no short GUID")
        }
        _ = try await shares.accept(RecordsShares.Request(shortGUIDs: [RecordsShares.ShortGUID(value: shortGUID)]), access: guest)
        return operations.count
    }

    private func uploadPhoto(access: DatabaseAccess) async throws -> Asset {
        let slot = try await assets.requestUploads(
            AssetsUpload.Request(zoneID: Self.zone, tokens: [AssetsUpload.TokenRequest(recordType: "CD_Entry", fieldName: "CD_photo_ckAsset")]), access: access)
        let name = String(slot.tokens[0].url.split(separator: "/").last ?? "")
        let pixels = (0..<Self.largePhotoSize).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) }
        return try await assets.upload(pixels, for: try await assets.takeUploadSlot(name)).singleFile
    }

    /// A record of `entity` as Core Data writes it: of its root entity's `CD_` type (`root`, the entity itself when
    /// `nil`), naming the entity in `CD_entityName`.
    private static func record(_ name: String, _ entity: String, _ fields: [String: FieldValue], root: String? = nil) -> RecordOperation {
        var fields = fields
        fields["CD_entityName"] = .string(entity)
        return RecordOperation(.create, Record(recordName: name, recordType: "CD_" + (root ?? entity), fields: fields))
    }

    /// The `CDMR` record linking an entry and a tag.
    private static func link(_ name: String, entry: String, tag: String) -> RecordOperation {
        RecordOperation(.create, Record(recordName: name, recordType: "CDMR", fields: [
            "CD_entityNames": .string("Entry:Tag"), "CD_recordNames": .string("\(entry):\(tag)"), "CD_relationships": .string("tags:entries"),
        ]))
    }

    private static let titles = ["Harbour walk", "Soup night", "Trail at dawn", "Market finds", "Rainy museum day", "Bread again"]
    private static let texts = [
        "We walked until the lights came on.", "Too much pepper, nobody minded.", "Fog first, then the whole valley.",
        "Three kinds of tomatoes and a lamp.", "The dinosaurs were closed; the café was not.", "The crust finally cracked right.",
    ]
}

/// Record names as Core Data makes them, UUIDs, but the same on every run: the demo and its tests stay alike.
struct DemoNames {
    private var generator = SeededGenerator(seed: 2_014)

    mutating func next() -> String {
        let bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let hex = bytes.map { String(format: "%02X", $0) }.joined()
        let parts = [hex.prefix(8), hex.dropFirst(8).prefix(4), hex.dropFirst(12).prefix(4), hex.dropFirst(16).prefix(4), hex.dropFirst(20)]
        return parts.joined(separator: "-")
    }
}
