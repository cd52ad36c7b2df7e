import CKTestSupport
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A ckserver process killed (SIGKILL) while it writes an atomic batch: after a restart the batch is there
/// whole or not at all.
@Suite("ckserver killed in the middle of an atomic batch", .heavy)
struct CrashRecoveryTests {
    let container = "iCloud.com.example.Party"

    private func post(_ port: String, _ path: String, token: String, actingAs user: String, body: String) async throws -> Data {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)/database/1/\(container)/development/private/\(path)")!)
        request.httpMethod = "POST"
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        request.setValue(user, forHTTPHeaderField: "X-CKServer-Act-As")
        request.httpBody = Data(body.utf8)
        return try await URLSession.shared.data(for: request).0
    }

    @Test("after SIGKILL during atomic batches, each batch is there whole or not at all")
    func killDuringBatch() async throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("ckserver-crash-\(UUID().uuidString)").path
        _ = try await CommandRun.ckserver(["container", "create", container, "--data", data])
        let minted = try await CommandRun.ckserver(["token", "create", "--json", "--data", data])
        let token = try #require(try JSONSerialization.jsonObject(with: Data(minted.standardOutput.utf8)) as? [String: Any])["token"] as! String
        let created = try await CommandRun.ckserver(["user", "create", "--container", container, "mei", "--json", "--data", data])
        let user = try #require(try JSONSerialization.jsonObject(with: Data(created.standardOutput.utf8)) as? [String: Any])["userRecordName"] as! String

        var server = try await ServerProcess.start(data: data)
        _ = try await post(server.port, "zones/modify", token: token, actingAs: user, body: #"{"operations":[{"operationType":"create","zone":{"zoneID":{"zoneName":"Batch"}}}]}"#)
        let filler = String(repeating: "x", count: 2000)
        for round in 0..<4 {
            let operations = (0..<200).map { #"{"operationType":"create","record":{"recordType":"Item","recordName":"r\#(round)-\#($0)","fields":{"text":{"value":"\#(filler)"}}}}"# }
            let body = #"{"zoneID":{"zoneName":"Batch"},"atomic":true,"operations":[\#(operations.joined(separator: ","))]}"#
            let port = server.port
            let request = Task { try? await post(port, "records/modify", token: token, actingAs: user, body: body) }
            try await Task.sleep(for: .milliseconds(Int.random(in: 5...60)))
            server.process.signal(SIGKILL)
            await server.process.waitUntilExit()
            _ = await request.value
            server = try await ServerProcess.start(data: data)
            let lookup = #"{"zoneID":{"zoneName":"Batch"},"records":[\#((0..<200).map { #"{"recordName":"r\#(round)-\#($0)"}"# }.joined(separator: ","))]}"#
            let answer = try await post(server.port, "records/lookup", token: token, actingAs: user, body: lookup)
            let records = try #require(try JSONSerialization.jsonObject(with: answer) as? [String: Any])["records"] as? [[String: Any]] ?? []
            let present = records.filter { $0["serverErrorCode"] == nil }.count
            #expect(present == 0 || present == 200, "round \(round): \(present) of 200 records survived")
        }
        await server.stop()
    }
}
