import CKModel
import CKServer
import CKTestSupport
import Foundation
import HummingbirdTesting
import NIOCore
import Testing

@Suite("Assets over HTTP: upload URLs, receipts, downloads, and removal of files no record holds", .heavy)
struct AssetsRoutesTests {
    /// The path part of a URL the server handed out.
    private func path(_ url: String) -> String {
        String(url.drop { $0 != "/" }.dropFirst(2).drop { $0 != "/" })
    }

    @Test("a file uploaded, saved in a record and fetched back comes with a downloadURL serving its bytes")
    func roundTrip() async throws {
        let server = try await TestServer()
        let me = TestCredentials.user(server.webAuthToken)
        let content = Array("a picnic photo".utf8)
        try await server.live { client in
            let tokens = try #require(try await server.post(client, "assets/upload", #"{"tokens":[{"recordType":"Party","fieldName":"photo","recordName":"p1"}]}"#, as: me).json["tokens"] as? [[String: Any]])
            #expect(tokens.first?["recordName"] as? String == "p1")
            let uploadURL = try #require(tokens.first?["url"] as? String)
            let uploaded = try await client.execute(uri: path(uploadURL), method: .post, body: ByteBuffer(bytes: content))
            #expect(uploaded.status == .ok)
            let singleFile = try #require(try uploaded.json["singleFile"] as? [String: Any])
            #expect(singleFile["size"] as? Int == content.count)
            let receipt = try #require(singleFile["receipt"] as? String)
            let again = try await client.execute(uri: path(uploadURL), method: .post, body: ByteBuffer(bytes: content))
            #expect(again.status == .notFound)

            let asset = String(decoding: try JSONSerialization.data(withJSONObject: singleFile), as: UTF8.self)
            let saved = try TestServer.records(try await server.post(client, "records/modify", #"{"operations":[{"operationType":"create","record":{"recordType":"Party","recordName":"p1","fields":{"photo":{"value":\#(asset),"type":"ASSET"}}}}]}"#, as: me))[0]
            #expect(saved["serverErrorCode"] == nil)
            let fetched = try TestServer.records(try await server.post(client, "records/lookup", #"{"records":[{"recordName":"p1"}]}"#, as: .world))[0]
            let value = try #require(((fetched["fields"] as? [String: Any])?["photo"] as? [String: Any])?["value"] as? [String: Any])
            #expect(value["receipt"] == nil)
            let downloadURL = try #require(value["downloadURL"] as? String)
            let download = try await client.execute(uri: path(downloadURL), method: .get)
            #expect(Array(download.body.readableBytesView) == content)

            let forged = try TestServer.records(try await server.post(client, "records/modify", #"{"operations":[{"operationType":"create","record":{"recordType":"Party","recordName":"p3","fields":{"photo":{"value":{"fileChecksum":"forged","size":99,"receipt":"\#(receipt)"},"type":"ASSET"}}}}]}"#, as: me))[0]
            let kept = try #require(((forged["fields"] as? [String: Any])?["photo"] as? [String: Any])?["value"] as? [String: Any])
            #expect(kept["size"] as? Int == content.count)
            #expect(kept["fileChecksum"] as? String == singleFile["fileChecksum"] as? String)
            #expect(try await client.execute(uri: "/assets/download/iCloud.other/\(receipt)", method: .get).status == .notFound)
            let bogus = try TestServer.records(try await server.post(client, "records/modify", #"{"operations":[{"operationType":"create","record":{"recordType":"Party","recordName":"p2","fields":{"photo":{"value":{"fileChecksum":"x","size":1,"receipt":"forged"},"type":"ASSET"}}}}]}"#, as: me))[0]
            #expect(bogus["serverErrorCode"] as? String == "BAD_REQUEST")
        }
    }

    @Test("a file larger than the limit is refused with 413, and a file no record holds is removed after the upload window")
    func limitsAndCollection() async throws {
        let server = try await TestServer()
        let me = TestCredentials.user(server.webAuthToken)
        try await server.live { client in
            func uploadURL() async throws -> String {
                let tokens = try await server.post(client, "assets/upload", #"{"tokens":[{"recordType":"Party","fieldName":"photo"}]}"#, as: me).json["tokens"] as? [[String: Any]]
                return try #require(tokens?.first?["url"] as? String)
            }
            let uploaded = try await client.execute(uri: path(try await uploadURL()), method: .post, body: ByteBuffer(string: "orphan"))
            let checksum = try #require((try uploaded.json["singleFile"] as? [String: Any])?["fileChecksum"] as? String)
            let receipt = try #require((try uploaded.json["singleFile"] as? [String: Any])?["receipt"] as? String)
            let hex = Data(base64Encoded: checksum)!.map { String(format: "%02x", $0) }.joined()
            let storage = server.temporary.storage
            #expect(try await storage.fileContents(checksum: hex) == Data("orphan".utf8))
            let assets = AssetService(storage: storage, configuration: server.temporary.configuration)
            try await assets.collectGarbage()
            #expect(try await storage.fileContents(checksum: hex) != nil)
            try await assets.collectGarbage(now: Date().addingTimeInterval(16 * 60))
            #expect(try await storage.fileContents(checksum: hex) == nil)
            if case .sqlite = server.temporary.engine {
                #expect(!FileManager.default.fileExists(atPath: server.temporary.configuration.assetsDirectory.appendingPathComponent(hex).path))
            }
            #expect(try await client.execute(uri: "/assets/download/\(server.container)/\(receipt)", method: .get).status == .notFound)
            let world = try await server.post(client, "assets/upload", #"{"tokens":[{"recordType":"Party","fieldName":"photo"}]}"#, as: .world)
            #expect(world.status.code == 421)
            // Last: the refusal of a body over 1 MB closes the connection, the test client's only one.
            let tooBig = try await client.execute(uri: path(try await uploadURL()), method: .post, body: ByteBuffer(bytes: [UInt8](repeating: 1, count: 1024 * 1024 + 10)))
            #expect(tooBig.status.code == 413)
            #expect(try tooBig.json["serverErrorCode"] as? String == "QUOTA_EXCEEDED")
            #expect(tooBig.headers[.connection] == "close")
        }
    }

    @Test("assets/rereference gives a saved file back with its receipt, so another record can hold it; fetches say ASSETID")
    func rereference() async throws {
        let server = try await TestServer()
        let me = TestCredentials.user(server.webAuthToken)
        try await server.live { client in
            let tokens = try #require(try await server.post(client, "assets/upload", #"{"tokens":[{"recordType":"Party","fieldName":"photo","recordName":"p1"}]}"#, as: me).json["tokens"] as? [[String: Any]])
            let uploaded = try await client.execute(uri: path(try #require(tokens.first?["url"] as? String)), method: .post, body: ByteBuffer(string: "cake"))
            let singleFile = String(decoding: try JSONSerialization.data(withJSONObject: try #require(try uploaded.json["singleFile"] as? [String: Any])), as: UTF8.self)
            _ = try await server.post(client, "records/modify", #"{"operations":[{"operationType":"create","record":{"recordType":"Party","recordName":"p1","fields":{"photo":{"value":\#(singleFile),"type":"ASSET"},"title":{"value":"Cake"}}}}]}"#, as: me)
            let fetched = try TestServer.records(try await server.post(client, "records/lookup", #"{"records":[{"recordName":"p1"}]}"#, as: me))[0]
            #expect(((fetched["fields"] as? [String: Any])?["photo"] as? [String: Any])?["type"] as? String == "ASSETID")

            let answer = try await server.post(client, "assets/rereference", #"{"assets":[{"recordName":"p1","fieldName":"photo"}]}"#, as: me)
            let asset = try #require((try answer.json["assets"] as? [[String: Any]])?.first)
            #expect(asset["receipt"] as? String != nil)
            #expect(asset["size"] as? Int == 4)
            let reused = String(decoding: try JSONSerialization.data(withJSONObject: asset), as: UTF8.self)
            let copy = try TestServer.records(try await server.post(client, "records/modify", #"{"operations":[{"operationType":"create","record":{"recordType":"Party","recordName":"p2","fields":{"photo":{"value":\#(reused),"type":"ASSETID"}}}}]}"#, as: me))[0]
            #expect(copy["serverErrorCode"] == nil)
            let copyURL = try #require((((copy["fields"] as? [String: Any])?["photo"] as? [String: Any])?["value"] as? [String: Any])?["downloadURL"] as? String)
            #expect(String(buffer: try await client.execute(uri: path(copyURL), method: .get).body) == "cake")

            for body in [#"{"assets":[{"recordName":"p1","fieldName":"title"}]}"#, #"{"assets":[{"recordName":"nope","fieldName":"photo"}]}"#] {
                let refused = try await server.post(client, "assets/rereference", body, as: me)
                #expect(refused.status != .ok, "\(body)")
                #expect(try refused.json["serverErrorCode"] as? String != nil)
            }
        }
    }

    /// Uploads `content` for the caller `as` in `database` and returns the `singleFile` value as JSON text.
    private func upload(
        _ content: String, _ server: TestServer, _ client: any TestClientProtocol, as credentials: TestCredentials, database: String = "public",
        zone: String = "_defaultZone"
    ) async throws -> String {
        let body = #"{"zoneID":{"zoneName":"\#(zone)"},"tokens":[{"recordType":"Note","fieldName":"file"}]}"#
        let tokens = try await server.post(client, "assets/upload", body, as: credentials, database: database).json["tokens"] as? [[String: Any]]
        let url = try #require(tokens?.first?["url"] as? String)
        let uploaded = try await client.execute(uri: path(url), method: .post, body: ByteBuffer(string: content))
        let singleFile = try #require(try uploaded.json["singleFile"] as? [String: Any])
        return String(decoding: try JSONSerialization.data(withJSONObject: singleFile), as: UTF8.self)
    }

    /// Saves a `Note` named `name` holding `asset` and returns the per-record answer.
    private func save(
        _ asset: String, as name: String, _ server: TestServer, _ client: any TestClientProtocol, by credentials: TestCredentials,
        database: String = "public", zone: String = "_defaultZone"
    ) async throws -> [String: Any] {
        let body = #"{"zoneID":{"zoneName":"\#(zone)"},"operations":[{"operationType":"create","record":{"recordType":"Note","recordName":"\#(name)","fields":{"file":{"value":\#(asset),"type":"ASSET"}}}}]}"#
        return try TestServer.records(try await server.post(client, "records/modify", body, as: credentials, database: database))[0]
    }

    /// The download URL's path of the file the record `name` holds.
    private func downloadPath(of name: String, _ server: TestServer, _ client: any TestClientProtocol, as credentials: TestCredentials,
                              database: String = "public", zone: String = "_defaultZone") async throws -> String {
        let body = #"{"zoneID":{"zoneName":"\#(zone)"},"records":[{"recordName":"\#(name)"}]}"#
        let fetched = try TestServer.records(try await server.post(client, "records/lookup", body, as: credentials, database: database))[0]
        let value = try #require(((fetched["fields"] as? [String: Any])?["file"] as? [String: Any])?["value"] as? [String: Any])
        return path(try #require(value["downloadURL"] as? String))
    }

    @Test("a receipt is saved only by its uploader, in the database it was uploaded for, until a record holds it; then readers may reuse it")
    func receiptsBoundToTheirUpload() async throws {
        let server = try await TestServer()
        let me = TestCredentials.user(server.webAuthToken)
        let ann = TestCredentials.user(try await server.secondUser().token)
        try await server.live { client in
            let mine = try await upload("mei's notes", server, client, as: me)
            let stolen = try await save(mine, as: "ann-1", server, client, by: ann)
            #expect(stolen["serverErrorCode"] as? String == "BAD_REQUEST")
            let elsewhere = try await save(mine, as: "mei-private", server, client, by: me, database: "private")
            #expect(elsewhere["serverErrorCode"] as? String == "BAD_REQUEST")
            #expect(try await save(mine, as: "mei-1", server, client, by: me)["serverErrorCode"] == nil)
            // Held by a record anyone may read, the file may be saved again, as assets/rereference offers.
            #expect(try await save(mine, as: "ann-2", server, client, by: ann)["serverErrorCode"] == nil)
        }
    }

    @Test("deleting a zone or resetting development removes the files its records held at once: their download URLs answer NOT_FOUND")
    func filesGoWithTheirRecords() async throws {
        let server = try await TestServer()
        let me = TestCredentials.user(server.webAuthToken)
        try await server.live { client in
            _ = try await server.post(client, "zones/modify", #"{"operations":[{"operationType":"create","zone":{"zoneID":{"zoneName":"Notes"}}}]}"#, as: me, database: "private")
            let zoned = try await upload("a private note", server, client, as: me, database: "private", zone: "Notes")
            #expect(try await save(zoned, as: "n1", server, client, by: me, database: "private", zone: "Notes")["serverErrorCode"] == nil)
            let zonedDownload = try await downloadPath(of: "n1", server, client, as: me, database: "private", zone: "Notes")
            #expect(try await client.execute(uri: zonedDownload, method: .get).status == .ok)
            _ = try await server.post(client, "zones/modify", #"{"operations":[{"operationType":"delete","zone":{"zoneID":{"zoneName":"Notes"}}}]}"#, as: me, database: "private")
            #expect(try await client.execute(uri: zonedDownload, method: .get).status == .notFound)

            let shared = try await upload("a public note", server, client, as: me)
            #expect(try await save(shared, as: "p1", server, client, by: me)["serverErrorCode"] == nil)
            let publicDownload = try await downloadPath(of: "p1", server, client, as: me)
            #expect(try await client.execute(uri: publicDownload, method: .get).status == .ok)
            let reset = try await client.execute(
                uri: "/management/1/containers/\(server.container)/schema/reset", method: .post,
                headers: [.authorization: "Bearer \(server.managementToken)"], body: ByteBuffer(string: "{}"))
            #expect(reset.status == .ok)
            #expect(try await client.execute(uri: publicDownload, method: .get).status == .notFound)
        }
    }
}
