import CKModel
import Foundation

/// Fills a new container with the Party app of Apple's "Advanced CloudKit" talk (WWDC 2014): parties in the
/// public database, shoeboxes of receipts in a user's private zone, users with a custom role, a subscription,
/// a development schema with changes not yet deployed to production, and a day of made-up requests in its request
/// log and telemetry (`DemoTraffic`).
public struct DemoContainer: Sendable {
    let storage: any ServerStorage
    let configuration: ServerConfiguration

    /// Creates the filler.
    public init(storage: any ServerStorage, configuration: ServerConfiguration) {
        self.storage = storage
        self.configuration = configuration
    }

    /// The schema deployed to production.
    static let deployedSchema = """
        DEFINE SCHEMA
            CREATE ROLE Planner;
            RECORD TYPE Party (
                "___createTime" TIMESTAMP SORTABLE,
                "___recordID"   REFERENCE QUERYABLE,
                background      STRING,
                date            TIMESTAMP QUERYABLE SORTABLE,
                invitation      ASSET,
                location        LOCATION QUERYABLE,
                name            STRING QUERYABLE SEARCHABLE SORTABLE,
                tags            LIST<STRING> QUERYABLE,
                GRANT WRITE TO "_creator",
                GRANT CREATE TO "_icloud",
                GRANT READ TO "_world",
                GRANT WRITE TO Planner
            );
            RECORD TYPE Shoebox (
                "___recordID"   REFERENCE QUERYABLE,
                label           STRING QUERYABLE SORTABLE,
                GRANT WRITE TO "_creator",
                GRANT CREATE TO "_icloud",
                GRANT READ TO "_creator"
            );
            RECORD TYPE Receipt (
                "___recordID"   REFERENCE QUERYABLE,
                amount          DOUBLE QUERYABLE SORTABLE,
                merchant        STRING QUERYABLE,
                shoebox         REFERENCE QUERYABLE,
                GRANT WRITE TO "_creator",
                GRANT CREATE TO "_icloud",
                GRANT READ TO "_creator"
            );
        """

    /// Development's schema: production's plus what the next release adds.
    static var developmentSchema: String {
        deployedSchema
            .replacingOccurrences(of: "        tags            LIST<STRING> QUERYABLE,", with: """
                        rsvpCount       INT64 QUERYABLE SORTABLE,
                        tags            LIST<STRING> QUERYABLE,
                """)
            .replacingOccurrences(of: "        merchant        STRING QUERYABLE,", with: "        merchant        STRING QUERYABLE SORTABLE,")
    }

    /// What the demo holds, for the command that made it to report.
    public struct Summary: Sendable, Codable {
        /// The container.
        public var container: String
        /// The demo user's record name and web auth token.
        public var userRecordName: String
        public var webAuthToken: String
        /// How many records each place holds.
        public var publicDevelopmentParties: Int
        public var publicProductionParties: Int
        public var privateShoeboxes: Int
        public var privateReceipts: Int
    }

    /// Creates the container `id` and fills it.
    public func create(_ id: ContainerID, parties: Int = 3000, shoeboxes: Int = 50, receiptsPerShoebox: Int = 20) async throws -> Summary {
        let container = try await ContainerService(storage: storage).create(id)
        let schemas = SchemaService(storage: storage)
        _ = try await schemas.importDevelopment(Self.deployedSchema, into: id)
        _ = try await schemas.deploy(id, actor: "demo")
        _ = try await schemas.importDevelopment(Self.developmentSchema, into: id)

        let users = UserService(storage: storage, configuration: configuration)
        let (demo, token) = try await users.create(name: "demo", emailAddress: "demo@example.com", discoverable: true, in: id)
        _ = try await users.changeRole("Planner", adding: true, toUserNamed: "demo", in: id)
        _ = try await users.create(name: "guest", emailAddress: "guest@example.com", discoverable: true, in: id)

        let assets = AssetService(storage: storage, configuration: configuration)
        let records = RecordService(storage: storage, assets: assets)
        func access(_ environment: ContainerEnvironment, _ database: DatabaseScope) -> DatabaseAccess {
            DatabaseAccess(container: container, environment: environment, database: database, caller: .user(demo), serverURL: "")
        }
        let invitation = try await uploadInvitation(assets, access: access(.development, .public))
        try await save(parties: parties, invitation: invitation, records: records, access: access(.development, .public))
        try await save(parties: parties / 6, invitation: nil, records: records, access: access(.production, .public))

        let privateAccess = access(.development, .private)
        _ = try await ZoneService(storage: storage).modify(
            Zones.ModifyRequest(operations: [ZoneOperation(.create, Zone(zoneID: ZoneID(zoneName: "Receipts")))]), access: privateAccess)
        try await save(shoeboxes: shoeboxes, receipts: receiptsPerShoebox, records: records, access: privateAccess)
        _ = try await SubscriptionService(storage: storage).modify(
            Subscriptions.ModifyRequest(operations: [SubscriptionOperation(.create, Subscription(
                subscriptionID: "new-parties", subscriptionType: .query, query: Query(recordType: "Party"), firesOn: [.create],
                notificationInfo: NotificationInfo(alertBody: "A new party!")))]),
            access: access(.development, .public))
        let guest = try await users.existing(named: "guest", in: id)
        try await DemoTraffic(storage: storage).replay(
            for: id, users: [demo.userRecordName, guest.userRecordName] + (0..<40).map { String(format: "_demo%02d", $0) })
        return Summary(
            container: id.rawValue, userRecordName: demo.userRecordName, webAuthToken: token, publicDevelopmentParties: parties,
            publicProductionParties: parties / 6, privateShoeboxes: shoeboxes, privateReceipts: shoeboxes * receiptsPerShoebox)
    }

    private func uploadInvitation(_ assets: AssetService, access: DatabaseAccess) async throws -> Asset {
        let slot = try await assets.requestUploads(
            AssetsUpload.Request(tokens: [AssetsUpload.TokenRequest(recordType: "Party", fieldName: "invitation")]), access: access)
        let name = String(slot.tokens[0].url.split(separator: "/").last ?? "")
        let card = Array("You are invited to the demo party. Bring snacks.\n".utf8)
        return try await assets.upload(card, for: try await assets.takeUploadSlot(name)).singleFile
    }

    private static let names = ["Picnic", "Barbecue", "Brunch", "Gala", "Karaoke", "Potluck", "Quiz night", "Rooftop dinner"]
    private static let tags = ["outdoor", "family", "music", "food", "late", "free", "kids", "formal"]
    private static let backgrounds = ["#f4a261", "#2a9d8f", "#e9c46a", "#264653", "#e76f51"]

    private func save(parties count: Int, invitation: Asset?, records: RecordService, access: DatabaseAccess) async throws {
        let start = Date(timeIntervalSince1970: 1_767_225_600)
        for batch in stride(from: 0, to: count, by: 200) {
            let operations = (batch..<min(batch + 200, count)).map { index in
                var fields: [String: FieldValue] = [
                    "name": .string("\(Self.names[index % Self.names.count]) \(index + 1)"),
                    "date": .timestamp(Timestamp(start.addingTimeInterval(Double(index) * 3600 * 7))),
                    "location": .location(Location(latitude: Double(48_800 + index % 97 * 2) / 1000, longitude: Double(2_250 + index % 89 * 3) / 1000)),
                    "background": .string(Self.backgrounds[index % Self.backgrounds.count]),
                    "tags": .list(.string([Self.tags[index % Self.tags.count], Self.tags[(index / 3) % Self.tags.count]])),
                ]
                if let invitation, index % 50 == 0 {
                    fields["invitation"] = .asset(invitation)
                }
                if access.environment == .development {
                    fields["rsvpCount"] = .int64(Int64((index * 37) % 120))
                }
                return RecordOperation(.create, Record(recordName: "party-\(index + 1)", recordType: "Party", fields: fields))
            }
            try Self.requireSuccess(try await records.modify(RecordsModify.Request(operations: operations), access: access))
        }
    }

    private func save(shoeboxes: Int, receipts: Int, records: RecordService, access: DatabaseAccess) async throws {
        let merchants = ["Bakery", "Bookshop", "Cinema", "Grocer", "Hardware", "Pharmacy"]
        for box in 0..<shoeboxes {
            var operations = [RecordOperation(.create, Record(
                recordName: "shoebox-\(box + 1)", recordType: "Shoebox", fields: ["label": .string("Shoebox \(box + 1)")]))]
            for receipt in 0..<receipts {
                let fields: [String: FieldValue] = [
                    "amount": .double(Double((box * 31 + receipt * 17) % 20_000) / 100),
                    "merchant": .string(merchants[(box + receipt) % merchants.count]),
                    "shoebox": .reference(Reference(recordName: "shoebox-\(box + 1)", action: .deleteSelf)),
                ]
                operations.append(RecordOperation(.create, Record(
                    recordName: "receipt-\(box + 1)-\(receipt + 1)", recordType: "Receipt", fields: fields)))
            }
            let request = RecordsModify.Request(operations: operations, zoneID: ZoneID(zoneName: "Receipts"))
            try Self.requireSuccess(try await records.modify(request, access: access))
        }
    }

    /// Throws the first failure of a demo's save: a demo is written whole or not at all.
    static func requireSuccess(_ response: RecordsModify.Response) throws {
        for case .failure(let error) in response.records {
            throw ServerError(.internalError, reason: "the demo could not save \(error.recordName ?? "a record"): \(error.reason ?? "")")
        }
    }
}
