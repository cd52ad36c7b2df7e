import CKClient
import CKModel
import CKSchema
import CKServer
import Crypto
import Foundation
import TerminalKit
import Testing

@testable import Dashboard

/// The dashboard with CloudKit's data API credentials only, as on Apple's CloudKit: an API token, a signed-in
/// user's web auth token, the schema from a `.ckdb` file, and no management token in its client.
@Suite("The dashboard with data API credentials only", .heavy)
struct DataAPIDashboardTests {
    private static let size = Size(width: 120, height: 30)

    /// A client of the demo server with the demo container's API token and a new user's web auth token, and the
    /// development schema written to a file, made through the management API before the dashboard starts.
    private static func dataClient(_ demo: DemoServer) async throws
        -> (client: CloudKitClient, schemaFile: String, user: String, transport: DataAPIOnlyTransport)
    {
        let management = demo.client.addressing(EmbeddedServer.demoContainer, environment: .development)
        let apiToken = try await management.createAPIToken(name: "data API tests").secret
        let signedIn = try await management.createUser(ManagementUsers.CreateRequest(name: "mei"))
        let schemaFile = demo.folder.appendingPathComponent("development.ckdb").path
        try await management.schema().ckdb.write(toFile: schemaFile, atomically: true, encoding: .utf8)
        let transport = DataAPIOnlyTransport()
        let client = transport.client(
            ClientConfiguration(
                serverURL: demo.server.url, container: nil, credentials: .user(apiToken: apiToken, webAuthToken: signedIn.webAuthToken), retryPolicy: .never))
        return (client, schemaFile, signedIn.user.userRecordName, transport)
    }

    /// Fails the test if the dashboard tried the management API anywhere: a call its client refused (no management
    /// token), even one a screen did without, or the refusal in a status message or on the screen. A request that
    /// did reach `/management/` fails in `DataAPIOnlyTransport`.
    private static func expectNoManagementCall(
        _ dashboard: DashboardHarness, _ transport: DataAPIOnlyTransport, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        #expect(transport.refusedManagementCalls.isEmpty, "management calls tried: \(transport.refusedManagementCalls)", sourceLocation: sourceLocation)
        let refusal = CloudKitClientError.needsManagementAPI.description
        #expect(!dashboard.app.messageLog.entries.contains { $0.message.text == refusal }, "a status said: \(refusal)", sourceLocation: sourceLocation)
        #expect(!dashboard.screen.contains("This needs ckserver's management API, and no management token"), sourceLocation: sourceLocation)
    }

    /// A client of the demo server with a new server-to-server key: the developer, in the public database.
    private static func keyedClient(_ demo: DemoServer) async throws -> (client: CloudKitClient, transport: DataAPIOnlyTransport) {
        let management = demo.client.addressing(EmbeddedServer.demoContainer, environment: .development)
        let privateKey = P256.Signing.PrivateKey()
        let key = try await management.addServerKey(publicKeyPEM: privateKey.publicKey.pemRepresentation)
        let transport = DataAPIOnlyTransport()
        let client = transport.client(
            ClientConfiguration(
                serverURL: demo.server.url, container: nil,
                credentials: .serverToServerKey(ServerToServerKey(keyID: key.keyID, privateKey: privateKey)), retryPolicy: .never))
        return (client, transport)
    }

    @Test("the types come from the schema file (counts unknown), records browse, management screens and acting as a user are refused with the reason")
    func browsing() async throws {
        try await DemoServer.run { demo in
            let (client, schemaFile, _, transport) = try await Self.dataClient(demo)
            defer { Task { try? await client.shutdown() } }
            #expect(!client.reachesManagementAPI)
            let dashboard = DashboardHarness(demo, size: Self.size, client: client, schemaFile: schemaFile)
            try await dashboard.start()
            #expect(dashboard.lines[1].contains("Record types"))
            let party = try #require(dashboard.lines.first { $0.contains("│▸Party ") || $0.contains("│ Party ") })
            #expect(party.contains("—"), "no management API counts the records: \(party)")
            let hints = dashboard.lines[Self.size.height - 1]
            #expect(hints.contains("Fields") && !hints.contains("New") && !hints.contains("Indexes"), "no schema change is offered: \(hints)")
            try await dashboard.press(.character("n"))
            #expect(!dashboard.screen.contains("New record type"))
            try await dashboard.press(.enter)
            try await dashboard.waitUntil("the parties") { dashboard.screen.contains("│▸party-1 ") }
            #expect(dashboard.lines[1].contains("Records of Party"))

            for command in ["tokens", "logs", "deploy", "containers"] {
                try await dashboard.command(command)
                #expect(dashboard.app.status?.text == Destination.managementAPIRefusal, ":\(command)")
                #expect(dashboard.lines[1].contains("Records of Party"), ":\(command) opens nothing")
            }
            try await dashboard.command("user demo")
            #expect(dashboard.app.status?.text == Destination.managementAPIRefusal)
            try await dashboard.press(.character(":"))
            try await dashboard.type("tel")
            #expect(dashboard.screen.contains("needs ckserver's management API (CloudKit Console's)"), "the palette says why")
            try await dashboard.press(.escape, .escape)
            try await dashboard.press(.character("?"))
            #expect(dashboard.screen.contains("Keys: Record types [4] · data API only"))
            #expect(dashboard.screen.contains("on Apple's CloudKit, use CloudKit Console."), "the help says what it leaves out and why")
            #expect(!dashboard.screen.contains("Create a record type in development"), "the help offers no schema change")
            Self.expectNoManagementCall(dashboard, transport)
        }
    }

    @Test("the signed-in user's private database: zones and a custom zone made there; without a schema file the zones come first")
    func privateDatabase() async throws {
        try await DemoServer.run { demo in
            let (client, _, user, transport) = try await Self.dataClient(demo)
            defer { Task { try? await client.shutdown() } }
            let dashboard = DashboardHarness(demo, size: Self.size, client: client, database: .private)
            try await dashboard.start()
            #expect(dashboard.lines[1].contains("Zones of private"))
            try await dashboard.press(.character("n"))
            try await dashboard.type("Notes")
            try await dashboard.press(.enter)
            #expect(dashboard.app.status?.text == "Created zone Notes: Enter browses it, c watches its changes")
            let zones = try await demo.client.addressing(EmbeddedServer.demoContainer, environment: .development).database(.private)
                .actingAsUser(recordName: user).allZones().map { try $0.get().zoneID.zoneName }
            #expect(zones.contains("Notes"), "the zone is the signed-in user's")
            try await dashboard.press(.character("d"))
            try await dashboard.waitUntil("the question") { dashboard.screen.contains("Delete zone Notes?") }
            #expect(dashboard.screen.contains("It holds no records."), "counted through the data API")
            try await dashboard.press(.character("y"))
            #expect(dashboard.app.status?.text == "Deleted zone Notes and its 0 records")
            #expect(!dashboard.lines.contains { $0.contains("Notes") && $0.hasPrefix("│") }, "the zone is gone from the list")
            try await dashboard.command("types")
            #expect(dashboard.app.status?.text == Destination.managementAPIRefusal)
            Self.expectNoManagementCall(dashboard, transport)
        }
    }

    @Test("the signed-in user shares a zone of theirs and invites by email address, since no user list can be read")
    func sharing() async throws {
        try await DemoServer.run { demo in
            let (client, _, _, transport) = try await Self.dataClient(demo)
            defer { Task { try? await client.shutdown() } }
            let dashboard = DashboardHarness(demo, size: Self.size, client: client, database: .private)
            try await dashboard.start()
            try await dashboard.press(.character("n"))
            try await dashboard.type("Trips")
            try await dashboard.press(.enter)
            try await dashboard.waitUntil("the zone Trips") { dashboard.screen.contains("Trips") }
            let row = try #require(dashboard.lines.firstIndex { $0.contains("Trips") })
            let selected = try #require(dashboard.lines.firstIndex { $0.contains("▸") })
            try await dashboard.press(.character(row > selected ? "j" : "k"), .character("s"))
            #expect(dashboard.lines[1].contains("Shares of zone Trips"))
            try await dashboard.press(.character("n"))
            try await dashboard.press(.character("a"))
            #expect(dashboard.screen.contains("Email address or user record name of the user to invite to the share of zone Trips"))
            try await dashboard.type("guest@example.com")
            try await dashboard.press(.enter, .enter)
            #expect(dashboard.app.status?.text == "Invited guest@example.com (read only) to the share of zone Trips")
            Self.expectNoManagementCall(dashboard, transport)
        }
    }

    @Test("the signed-in user watches a zone of theirs change live, subscribes to it and sees its notifications arrive, through the data API alone")
    func watchingAndSubscribing() async throws {
        try await DemoServer.run { demo in
            let (client, _, user, transport) = try await Self.dataClient(demo)
            defer { Task { try? await client.shutdown() } }
            let dashboard = DashboardHarness(demo, size: Self.size, client: client, database: .private)
            try await dashboard.start()
            try await dashboard.press(.character("n"))
            try await dashboard.type("Trips")
            try await dashboard.press(.enter)
            try await dashboard.command("changes Trips")
            #expect(dashboard.lines[1].contains("Changes in Trips [0] · live"))
            let trips = ZoneID(zoneName: "Trips")
            let another = demo.client.addressing(EmbeddedServer.demoContainer, environment: .development).database(.private).actingAsUser(recordName: user)
            _ = try await another.modifyRecords(saving: [Record(recordName: "trip-1", recordType: "Trip", fields: ["city": .string("Lisbon")])], in: trips)
            try await dashboard.waitUntil("the creation of trip-1") { dashboard.screen.contains("trip-1") }
            #expect(try #require(dashboard.lines.first { $0.contains("trip-1") }).contains("created"))
            try await dashboard.press(.escape)

            try await dashboard.command("subscriptions")
            try await dashboard.press(.character("n"))
            #expect(dashboard.screen.contains("Notify of every change in the zone"))
            let row = try #require(dashboard.lines.firstIndex { $0.contains("Trips") })
            let selected = try #require(dashboard.lines.firstIndex { $0.contains("▸") })
            try await dashboard.press(.character(row > selected ? "j" : "k"), .enter, .enter, .enter)
            #expect(dashboard.app.status?.text == "Created the zone subscription Trips-changes: w watches its notifications arrive")
            let subscriptions = try await another.allSubscriptions().map { try $0.get() }
            #expect(subscriptions.contains { $0.subscriptionID == "Trips-changes" && $0.zoneID?.zoneName == "Trips" })
            try await dashboard.press(.character("w"))
            #expect(dashboard.lines[1].contains("Notifications [0] · live"), "\(dashboard.lines[1])")
            _ = try await another.modifyRecords(saving: [Record(recordName: "trip-2", recordType: "Trip", fields: ["city": .string("Porto")])], in: trips)
            try await dashboard.waitUntil("the zone's notification") { dashboard.lines[1].contains("[1]") }
            #expect(try #require(dashboard.lines.first { $0.contains("Trips-changes") }).contains("Trips (private)"))
            Self.expectNoManagementCall(dashboard, transport)
        }
    }

    @Test("a query built with / is exported with x, and a record's asset downloads with d, through the data API alone")
    func exportAndDownload() async throws {
        try await DemoServer.run { demo in
            let (client, schemaFile, _, transport) = try await Self.dataClient(demo)
            defer { Task { try? await client.shutdown() } }
            let folder = demo.folder.appendingPathComponent("out")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let dashboard = DashboardHarness(demo, size: Self.size, client: client, schemaFile: schemaFile)
            try await dashboard.start()
            try await dashboard.command("records Party")
            try await dashboard.press(.character("/"))
            try await dashboard.type("Gala")
            try await dashboard.press(.enter)
            try await dashboard.press(.character("x"), .control("u"))
            try await dashboard.type(folder.appendingPathComponent("galas.jsonl").path)
            try await dashboard.press(.enter)
            let exported = try String(contentsOf: folder.appendingPathComponent("galas.jsonl"), encoding: .utf8).split(separator: "\n")
            #expect(!exported.isEmpty && exported.allSatisfy { $0.contains("\"recordType\":\"Party\"") && $0.contains("Gala") })
            #expect(dashboard.screen.contains("Exported \(exported.count) records"))

            try await dashboard.command("record party-1")
            try await dashboard.press(.character("j"), .character("j"), .character("d"), .control("u"))
            try await dashboard.type(folder.appendingPathComponent("card.txt").path)
            try await dashboard.press(.enter)
            #expect(dashboard.screen.contains("Saved 49 B"))
            #expect(try String(contentsOf: folder.appendingPathComponent("card.txt"), encoding: .utf8).hasPrefix("You are invited"))
            Self.expectNoManagementCall(dashboard, transport)
        }
    }

    @Test("the record form saves with the change tag, shows a conflict and uploads an asset; i imports a file and :undo takes it back, through the data API alone")
    func formAndImport() async throws {
        try await DemoServer.run { demo in
            let (signedIn, schemaFile, _, _) = try await Self.dataClient(demo)
            try await signedIn.shutdown()
            let (client, transport) = try await Self.keyedClient(demo)
            defer { Task { try? await client.shutdown() } }
            let card = demo.folder.appendingPathComponent("card.txt")
            try Data("an invitation".utf8).write(to: card)
            let dashboard = DashboardHarness(demo, size: Self.size, client: client, schemaFile: schemaFile)
            try await dashboard.start()
            try await dashboard.command("records Party")
            try await dashboard.press(.character("e"))
            #expect(dashboard.lines[1].contains("Edit party-1"))
            try await RecordFormTests.select("name", in: dashboard)
            try await dashboard.press(.enter, .control("u"))
            try await dashboard.type("Mine")
            try await dashboard.press(.enter)
            try await RecordFormTests.select("invitation", in: dashboard)
            try await dashboard.press(.enter, .control("u"))
            try await dashboard.type(card.path)
            try await dashboard.press(.enter)
            let before = try await RecordFormTests.record("party-1", demo)
            let theirs = Record(recordName: "party-1", recordType: "Party", recordChangeTag: before.recordChangeTag, fields: ["rsvpCount": .int64(77)])
            _ = try await RecordFormTests.publicClient(demo).modifyRecords([RecordOperation(.update, theirs)]).first!.get()
            try await dashboard.press(.character("S"))
            #expect(dashboard.lines[1].contains("Edit party-1: conflict on"), "\(dashboard.lines[1])")
            try await dashboard.press(.character("S"))
            #expect(dashboard.app.status?.text.hasPrefix("Saved party-1") == true, "\(dashboard.app.status?.text ?? "")")
            let saved = try await RecordFormTests.record("party-1", demo)
            #expect(saved.fields?["name"] == .string("Mine") && saved.fields?["rsvpCount"] == .int64(77))
            guard case .asset(let invitation)? = saved.fields?["invitation"] else {
                Issue.record("no asset saved")
                return
            }
            #expect(try await RecordFormTests.publicClient(demo).downloadAsset(invitation) == Array("an invitation".utf8))
            try await dashboard.press(.escape)

            let file = demo.folder.appendingPathComponent("parties.csv")
            try "recordName,name,rsvpCount\nparty-new-1,Opening,5\nparty-new-2,Closing,7\n".write(to: file, atomically: true, encoding: .utf8)
            try await dashboard.press(.character("i"), .control("u"))
            try await dashboard.type(file.path)
            try await dashboard.press(.enter, .character("i"))
            #expect(dashboard.app.status?.text.hasPrefix("Imported 2 records") == true, "\(dashboard.app.status?.text ?? "")")
            #expect(try await RecordFormTests.record("party-new-2", demo).fields?["rsvpCount"] == .int64(7))
            try await dashboard.command("undo")
            try await dashboard.press(.character("y"))
            let left = try await RecordFormTests.publicClient(demo).lookupRecords(named: ["party-new-1", "party-new-2"])
            #expect(left.allSatisfy { (try? $0.get()) == nil }, "undo deleted what the import created")
            Self.expectNoManagementCall(dashboard, transport)
        }
    }

    @Test("signed in as the demo user, with the schema file, Enter follows a receipt's reference to its shoebox, which lists the receipts pointing to it")
    func references() async throws {
        try await DemoServer.run { demo in
            let management = demo.client.addressing(EmbeddedServer.demoContainer, environment: .development)
            let apiToken = try await management.createAPIToken(name: "references").secret
            let signedIn = try await management.issueWebAuthToken(userRecordName: try await demo.demoUser().userRecordName)
            let transport = DataAPIOnlyTransport()
            let client = transport.client(
                ClientConfiguration(
                    serverURL: demo.server.url, container: nil, credentials: .user(apiToken: apiToken, webAuthToken: signedIn.webAuthToken),
                    retryPolicy: .never))
            defer { Task { try? await client.shutdown() } }
            let schemaFile = demo.folder.appendingPathComponent("development.ckdb").path
            try await management.schema().ckdb.write(toFile: schemaFile, atomically: true, encoding: .utf8)
            let dashboard = DashboardHarness(demo, size: Self.size, client: client, schemaFile: schemaFile, database: .private)
            try await dashboard.start()
            try await dashboard.command("zone Receipts")
            try await dashboard.command("record receipt-3-2")
            try await dashboard.press(.character("j"), .character("j"), .enter)
            #expect(dashboard.lines[1].contains("Record shoebox-3"))
            #expect(dashboard.screen.contains("← receipt-3-1"))
            try await dashboard.press(.escape)
            #expect(dashboard.lines[1].contains("Record receipt-3-2"))
            Self.expectNoManagementCall(dashboard, transport)
        }
    }

    @Test("without a schema file a type's records show the fields they carry, sort and filter, and open; the records pointing to one are not guessed")
    func withoutSchema() async throws {
        try await DemoServer.run { demo in
            let (client, _, _, transport) = try await Self.dataClient(demo)
            defer { Task { try? await client.shutdown() } }
            let dashboard = DashboardHarness(demo, size: Self.size, client: client)
            try await dashboard.start()
            #expect(dashboard.lines[1].contains("Zones of public"))
            try await dashboard.command("records Party")
            try await dashboard.waitUntil("the parties") { dashboard.screen.contains("│▸party-1 ") }
            let header = dashboard.lines[2]
            #expect(header.contains("background") && header.contains("name") && header.contains("rsvpCoun"), "\(header)")
            try await dashboard.press(.character("/"))
            try await dashboard.type("rsvpCount > 110")
            try await dashboard.press(.enter)
            try await dashboard.waitUntil("the filtered parties") { dashboard.lines[1].contains("rsvpCount > 110") }
            let rows = dashboard.lines.filter { $0.hasPrefix("│ party-") || $0.hasPrefix("│▸party-") }
            #expect(!rows.isEmpty && rows.allSatisfy { Int($0.split(separator: " ").last?.dropLast() ?? "") ?? 0 > 110 }, "\(rows)")
            try await dashboard.press(.enter)
            try await dashboard.waitUntil("a party") { dashboard.lines[1].contains("Record party-") }
            #expect(dashboard.lines.contains { $0.contains("rsvpCount") && $0.contains("INT64") })
            #expect(dashboard.screen.contains("not known without the schema: start ckdash with --schema FILE.ckdb"))
            Self.expectNoManagementCall(dashboard, transport)
        }
    }

    @Test(":db private with the API token alone signs a user in: the server's sign-in address, the token pasted back as dots, refused then accepted")
    func signIn() async throws {
        try await DemoServer.run { demo in
            let management = demo.client.addressing(EmbeddedServer.demoContainer, environment: .development)
            let apiToken = try await management.createAPIToken(name: "sign-in tests").secret
            let signedIn = try await management.createUser(ManagementUsers.CreateRequest(name: "mei"))
            let transport = DataAPIOnlyTransport()
            let client = transport.client(
                ClientConfiguration(serverURL: demo.server.url, container: nil, credentials: .apiToken(apiToken), retryPolicy: .never))
            defer { Task { try? await client.shutdown() } }
            let dashboard = DashboardHarness(demo, size: Self.size, client: client)
            try await dashboard.start()
            try await dashboard.command("db private")
            #expect(dashboard.lines[1].contains("Sign in to iCloud.com.example.Party"))
            try await dashboard.press(.escape)
            #expect(dashboard.lines[1].contains("Zones of public"), "Esc leaves the sign-in")
            try await dashboard.command("db private")
            #expect(dashboard.screen.contains("/auth/iCloud.com.example.Party"))
            try await dashboard.type("not-a-token")
            #expect(dashboard.screen.contains("•••••••••••  (11 characters)") && !dashboard.screen.contains("not-a-token"))
            try await dashboard.press(.enter)
            #expect(dashboard.app.status?.text.hasPrefix("The server did not accept the token:") == true)
            try await dashboard.type(signedIn.webAuthToken)
            #expect(!dashboard.screen.contains(String(signedIn.webAuthToken.prefix(12))), "the token never shows")
            try await dashboard.press(.enter)
            #expect(dashboard.app.status?.text == "Signed in as \(signedIn.user.userRecordName): the private database is theirs")
            #expect(dashboard.lines[1].contains("Zones of private"))
            let kept = demo.folder.appendingPathComponent("mei-token").path
            try await dashboard.command("keep-sign-in \(kept)")
            #expect(dashboard.app.status?.text == "Keeping the signed-in user's token in \(kept) (mode 0600), up to date until you quit")
            #expect(try FileManager.default.attributesOfItem(atPath: kept)[.posixPermissions] as? Int == 0o600)
            let token = try String(contentsOfFile: kept, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
            let again = CloudKitClient(configuration: ClientConfiguration(
                serverURL: demo.server.url, container: EmbeddedServer.demoContainer, credentials: .user(apiToken: apiToken, webAuthToken: token),
                retryPolicy: .never))
            #expect(try await again.currentUser().userRecordName == signedIn.user.userRecordName, "the kept token signs the user in")
            try await again.shutdown()
            Self.expectNoManagementCall(dashboard, transport)
        }
    }

    @Test(":deploy PROD.ckdb DEV.ckdb shows the diff of two exports with its classes and lint, and deploys nothing")
    func schemaFilesDiff() async throws {
        try await DemoServer.run { demo in
            let management = demo.client.addressing(EmbeddedServer.demoContainer, environment: .development)
            let production = demo.folder.appendingPathComponent("production.ckdb").path
            let development = demo.folder.appendingPathComponent("development.ckdb").path
            try await management.schema(of: .production).ckdb.write(toFile: production, atomically: true, encoding: .utf8)
            try await management.schema(of: .development).ckdb.write(toFile: development, atomically: true, encoding: .utf8)
            let (client, _, _, transport) = try await Self.dataClient(demo)
            defer { Task { try? await client.shutdown() } }
            let dashboard = DashboardHarness(demo, size: Size(width: 160, height: 40), client: client)
            try await dashboard.start()
            try await dashboard.command("deploy \(production) \(development)")
            #expect(dashboard.lines[1].contains("Changes from production.ckdb to development.ckdb"))
            #expect(dashboard.screen.contains("2 changes, none blocked"))
            #expect(dashboard.screen.contains("+ add field Party.rsvpCount INT64 QUERYABLE SORTABLE"))
            #expect(dashboard.screen.contains("Lint warnings of development"))
            try await dashboard.press(.character("D"))
            #expect(dashboard.app.status?.text.hasPrefix("These are two files: a deploy happens on the server") == true)
            #expect(try await management.schemaDiff().changes.count == 2, "nothing was deployed")
            Self.expectNoManagementCall(dashboard, transport)
        }
    }

    @Test("with a server-to-server key the public database's records browse as the developer; a user's database is refused")
    func serverToServerKey() async throws {
        try await DemoServer.run { demo in
            let (client, transport) = try await Self.keyedClient(demo)
            defer { Task { try? await client.shutdown() } }
            let dashboard = DashboardHarness(demo, size: Self.size, client: client)
            try await dashboard.start()
            try await dashboard.command("records Party")
            try await dashboard.waitUntil("the parties") { dashboard.screen.contains("│▸party-1 ") }
            try await dashboard.command("db private")
            #expect(dashboard.app.status?.text.hasSuffix("a server-to-server key reaches the public database only") == true)
            Self.expectNoManagementCall(dashboard, transport)
        }
    }

    @Test(":users with data API credentials lists the signed-in user and the users they can discover")
    func discoveredUsers() async throws {
        try await DemoServer.run { demo in
            let (client, _, user, transport) = try await Self.dataClient(demo)
            defer { Task { try? await client.shutdown() } }
            let dashboard = DashboardHarness(demo, size: Self.size, client: client)
            try await dashboard.start()
            try await dashboard.command("users")
            #expect(dashboard.lines[1].contains("Users you can discover [3]"))
            #expect(dashboard.lines.contains { $0.contains("(you)") && $0.contains(user) })
            #expect(dashboard.lines.contains { $0.contains("demo@example.com") } && dashboard.lines.contains { $0.contains("guest@example.com") })
            Self.expectNoManagementCall(dashboard, transport)
        }
    }

    @Test("records change through the data API alone (a server-to-server key): = sets a field of marked records, d deletes them, u saves them again")
    func recordChanges() async throws {
        try await DemoServer.run { demo in
            let (signedIn, schemaFile, _, _) = try await Self.dataClient(demo)
            try await signedIn.shutdown()
            let (client, transport) = try await Self.keyedClient(demo)
            defer { Task { try? await client.shutdown() } }
            let publicRecords = demo.client.addressing(EmbeddedServer.demoContainer, environment: .development)
            func rsvpCount(_ name: String) async throws -> FieldValue? {
                try await publicRecords.lookupRecords(named: [name]).onlyResult(of: "records/lookup").fields?["rsvpCount"]
            }
            let dashboard = DashboardHarness(demo, size: Self.size, client: client, schemaFile: schemaFile)
            try await dashboard.start()
            try await dashboard.command("records Party")
            try await dashboard.press(.character(" "), .character(" "), .character("="))
            #expect(dashboard.screen.contains("Set which field of 2 records?"))
            try await dashboard.press(.character("j"), .character("j"), .character("j"), .character("j"), .enter)
            try await dashboard.type("99")
            try await dashboard.press(.enter, .character("y"))
            #expect(dashboard.app.status?.text == "Set rsvpCount on 2 records")
            #expect(try await rsvpCount("party-1") == .int64(99))
            #expect(try await rsvpCount("party-10") == .int64(99))

            try await dashboard.press(.character(" "), .character(" "), .character("d"))
            #expect(dashboard.screen.contains("Delete 2 Party records?"))
            try await dashboard.press(.character("y"))
            let deleted = try await publicRecords.lookupRecords(named: ["party-1", "party-10"])
            #expect(deleted.allSatisfy { if case .failure(let error) = $0 { error.serverErrorCode == .notFound } else { false } })
            try await dashboard.press(.character("u"))
            try await dashboard.press(.character("y"))
            #expect(try await rsvpCount("party-1") == .int64(99), "undo saves the deleted records again")
            Self.expectNoManagementCall(dashboard, transport)
        }
    }

    @Test("started on the private database with the API token alone, the dashboard asks the user to sign in first; :sign-in signs one in for the public database")
    func startsWithSignIn() async throws {
        try await DemoServer.run { demo in
            let apiToken = try await demo.client.addressing(EmbeddedServer.demoContainer, environment: .development).createAPIToken(name: "start").secret
            let transport = DataAPIOnlyTransport()
            let client = transport.client(
                ClientConfiguration(serverURL: demo.server.url, container: nil, credentials: .apiToken(apiToken), retryPolicy: .never))
            defer { Task { try? await client.shutdown() } }
            let dashboard = DashboardHarness(demo, size: Self.size, client: client, database: .private)
            try await dashboard.start()
            #expect(dashboard.lines[1].contains("Sign in to iCloud.com.example.Party"))
            try await dashboard.press(.escape)
            #expect(dashboard.lines[1].contains("Zones of public"))

            try await dashboard.command("subscriptions")
            try await dashboard.waitUntil("the sign-in, opened by the refusal") { dashboard.lines[1].contains("Sign in to iCloud.com.example.Party") }
            #expect(dashboard.app.status?.text == "This needs a signed-in user: sign in, or Esc")
            try await dashboard.press(.escape)
            #expect(dashboard.screen.contains("AUTHENTICATION_REQUIRED") && dashboard.screen.contains("sign in at"), "the refusal names the sign-in page")
            try await dashboard.press(.character("r"))
            #expect(dashboard.lines[1].contains("Subscriptions of public"), "the sign-in is offered once per refusal, not again on every retry")
            try await dashboard.press(.escape)
            let signedIn = try await demo.client.addressing(EmbeddedServer.demoContainer, environment: .development)
                .createUser(ManagementUsers.CreateRequest(name: "mei"))
            try await dashboard.command("sign-in")
            #expect(dashboard.lines[1].contains("Sign in to iCloud.com.example.Party"))
            try await dashboard.type(signedIn.webAuthToken)
            try await dashboard.press(.enter)
            #expect(dashboard.app.status?.text == "Signed in as \(signedIn.user.userRecordName): what needs a user in the public database is theirs")
            try await dashboard.command("subscriptions")
            #expect(dashboard.lines[1].contains("Subscriptions of public"), "the signed-in user's subscriptions, in the public database")
            Self.expectNoManagementCall(dashboard, transport)
        }
    }

    @Test("a signed-in user's token the server no longer accepts opens the sign-in by itself: Ctrl-Y copies the address, a new token carries on where the user was")
    func lapsedSignIn() async throws {
        try await DemoServer.run { demo in
            let management = demo.client.addressing(EmbeddedServer.demoContainer, environment: .development)
            let apiToken = try await management.createAPIToken(name: "lapsed sign-in").secret
            let transport = DataAPIOnlyTransport()
            let lapsed = String(repeating: "A", count: 128)
            let client = transport.client(
                ClientConfiguration(serverURL: demo.server.url, container: nil, credentials: .user(apiToken: apiToken, webAuthToken: lapsed), retryPolicy: .never))
            defer { Task { try? await client.shutdown() } }
            let dashboard = DashboardHarness(demo, size: Self.size, client: client, database: .private)
            try await dashboard.start()
            try await dashboard.waitUntil("the sign-in, opened by the refused token") { dashboard.lines[1].contains("Sign in to iCloud.com.example.Party") }
            let status = try #require(dashboard.app.status?.text)
            #expect(status.hasPrefix("The server no longer accepts the signed-in user's token (AUTHENTICATION_FAILED"), "\(status)")
            #expect(status.hasSuffix(": sign in again, or Esc"), "\(status)")
            try await dashboard.waitUntil("the sign-in address") { dashboard.screen.contains("/auth/iCloud.com.example.Party") }
            try await dashboard.press(.control("y"))
            let copied = try #require(dashboard.terminal.clipboard)
            #expect(copied.hasPrefix("\(demo.server.url)/auth/iCloud.com.example.Party?apiTokenID="), "\(copied)")
            #expect(dashboard.app.status?.text.hasPrefix("Copied the sign-in address") == true)

            let signedIn = try await management.createUser(ManagementUsers.CreateRequest(name: "mei"))
            try await dashboard.type(signedIn.webAuthToken)
            try await dashboard.press(.enter)
            #expect(dashboard.app.status?.text == "Signed in as \(signedIn.user.userRecordName): the private database is theirs")
            try await dashboard.waitUntil("the user's zones") { dashboard.screen.contains("_defaultZone") }
            #expect(dashboard.lines[1].contains("Zones of private"))
            Self.expectNoManagementCall(dashboard, transport)
        }
    }

    @Test("a reference to Users offers, without the management API, the users the signed-in user can discover")
    func userReferenceCandidates() async throws {
        try await DemoServer.run { demo in
            let (client, _, _, transport) = try await Self.dataClient(demo)
            defer { Task { try? await client.shutdown() } }
            let loader = RecordFormLoader(client: client.addressing(EmbeddedServer.demoContainer, environment: .development))
            let candidates = try await loader.candidates(ofType: RecordType.usersTypeName, in: nil)
            #expect(candidates.contains { $0.detail?.contains("demo@example.com") == true })
            #expect(candidates.contains { $0.detail?.contains("guest@example.com") == true })
            #expect(transport.refusedManagementCalls.isEmpty, "\(transport.refusedManagementCalls)")
        }
    }
}
