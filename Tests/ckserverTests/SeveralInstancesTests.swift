import CKServer
import CKTestSupport
import Foundation
import Synchronization
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Three `ckserver serve --postgres` processes on one database, clients spread over them, as behind a load
/// balancer: conflicting writers, a change feed read through every instance while others write, a subscriber on
/// one instance, and an instance killed in the middle of atomic batches.
@Suite("Three ckserver processes on one PostgreSQL database", .heavy, .enabled(if: TestStorageEngine.postgresURL != nil, "CKSERVER_TEST_POSTGRES names no server"))
struct SeveralInstancesTests {
    let container = "iCloud.com.example.Party"

    /// What the test set up: the storage options, the management token and the user's record name and tokens.
    struct Setup {
        var storage: [String]
        var managementToken: String
        var user: String
        var apiToken: String
        var webAuthToken: String
    }

    private func setUp() async throws -> Setup {
        let url = TestStorageEngine.postgresURL!
        let storage = ["--postgres", url + (url.contains("?") ? "&" : "?") + "schema=\(TestStorageEngine.freshLocation().schema!)"]
        #expect(try await CommandRun.ckserver(["container", "create", container] + storage).status == 0)
        let token = try json(try await CommandRun.ckserver(["token", "create", "--json"] + storage))["token"] as! String
        let user = try json(try await CommandRun.ckserver(["user", "create", "--container", container, "mei", "--json"] + storage))
        let apiToken = try await CommandRun.ckserver(["api-token", "create", "--container", container] + storage)
            .standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        return Setup(
            storage: storage, managementToken: token, user: user["userRecordName"] as! String, apiToken: apiToken,
            webAuthToken: user["webAuthToken"] as! String)
    }

    private func json(_ run: CommandRun) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any], "\(run.standardError)")
    }

    /// Posts to `/database/1/<container>/development/private/<operation>` on the server at `port`, as the developer
    /// acting as the user, and returns the answer as JSON (`nil` when the server could not be reached).
    private func post(_ port: String, _ operation: String, _ body: String, _ setup: Setup) async throws -> [String: Any]? {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)/database/1/\(container)/development/private/\(operation)")!)
        request.httpMethod = "POST"
        request.setValue("Bearer \(setup.managementToken)", forHTTPHeaderField: "Authorization")
        request.setValue(setup.user, forHTTPHeaderField: "X-CKServer-Act-As")
        request.httpBody = Data(body.utf8)
        guard let (data, _) = try? await URLSession.shared.data(for: request) else { return nil }
        return try JSONSerialization.jsonObject(with: data) as? [String: Any]
    }

    private func records(_ answer: [String: Any]?) -> [[String: Any]] {
        answer?["records"] as? [[String: Any]] ?? []
    }

    private func create(_ names: [String], atomic: Bool = false) -> String {
        let operations = names.map { #"{"operationType":"create","record":{"recordType":"Note","recordName":"\#($0)","fields":{"title":{"value":"\#($0)"}}}}"# }
        return #"{"zoneID":{"zoneName":"Box"},"atomic":\#(atomic),"operations":[\#(operations.joined(separator: ","))]}"#
    }

    @Test("conflicting writers, a change feed read through every instance, a subscriber, and an instance killed mid-batch")
    func scenario() async throws {
        let setup = try await setUp()
        var servers: [ServerProcess] = []
        for _ in 0..<3 { servers.append(try await ServerProcess.start(storage: setup.storage)) }
        defer { for server in servers where server.process.isRunning { server.process.signal(SIGKILL) } }
        let ports = servers.map(\.port)
        _ = try await post(ports[0], "zones/modify", #"{"operations":[{"operationType":"create","zone":{"zoneID":{"zoneName":"Box"}}}]}"#, setup)

        // Writers on one record through three instances with the same change tag: one winner a round.
        let contested = records(try await post(ports[0], "records/modify", create(["contested"]), setup))
        var tag = try #require(contested.first?["recordChangeTag"] as? String)
        for round in 0..<4 {
            // Each answer as its error code, or the new change tag of a save.
            let answers = try await withThrowingTaskGroup(of: [(error: String?, tag: String?)].self) { group in
                for (writer, port) in ports.enumerated() {
                    let body = #"{"zoneID":{"zoneName":"Box"},"operations":[{"operationType":"update","record":{"recordType":"Note","recordName":"contested","recordChangeTag":"\#(tag)","fields":{"title":{"value":"round \#(round) writer \#(writer)"}}}}]}"#
                    group.addTask {
                        records(try await post(port, "records/modify", body, setup)).map {
                            ($0["serverErrorCode"] as? String, $0["recordChangeTag"] as? String)
                        }
                    }
                }
                return try await group.reduce(into: []) { $0 += $1 }
            }
            let winners = answers.filter { $0.error == nil }
            #expect(winners.count == 1, "round \(round): \(answers)")
            #expect(answers.filter { $0.error == "CONFLICT" }.count == 2, "round \(round): \(answers)")
            tag = try #require(winners.first?.tag)
        }

        // A change feed read page by page, alternating between instances, while a writer writes through all of them:
        // every change exactly once, in order.
        let written = (0..<60).map { "w\($0)" }
        let finished = Mutex(false)
        let writers = Task {
            for (index, batch) in stride(from: 0, to: written.count, by: 3).map({ Array(written[$0..<$0 + 3]) }).enumerated() {
                _ = try await post(ports[index % 3], "records/modify", create(batch), setup)
            }
            finished.withLock { $0 = true }
        }
        var read: [String] = []
        var syncToken: String?
        var page = 0
        // Pages are read until the feed has no more after the writers finished: a last pass then drains what they
        // wrote last.
        var drained = false
        while !drained {
            let writersDone = finished.withLock { $0 }
            var moreComing = true
            while moreComing {
                let tokenPart = syncToken.map { #","syncToken":"\#($0)""# } ?? ""
                let answer = try await post(ports[page % 3], "changes/zone", #"{"zones":[{"zoneID":{"zoneName":"Box"}\#(tokenPart),"resultsLimit":5}]}"#, setup)
                let zone = try #require((answer?["zones"] as? [[String: Any]])?.first, "\(answer ?? [:])")
                read += records(zone).compactMap { $0["recordName"] as? String }.filter { $0.hasPrefix("w") }
                syncToken = try #require(zone["syncToken"] as? String)
                moreComing = zone["moreComing"] as? Bool == true
                page += 1
            }
            drained = writersDone
            if !drained { try await Task.sleep(for: .milliseconds(20)) }
        }
        try await writers.value
        // One writer after another, so the records were committed in name order: the feed gives each once, in that order.
        #expect(read == written, "read \(read.count) changes: \(read)")

        // A subscriber polling one instance hears of a save through another.
        let created = try await courier(port: ports[2], setup)
        let subscribe = #"{"operations":[{"operationType":"create","subscription":{"subscriptionType":"zone","subscriptionID":"box","zoneID":{"zoneName":"Box"}}}]}"#
        _ = try await post(ports[2], "subscriptions/modify", subscribe, setup)
        async let notification = poll(created, port: ports[2])
        try await Task.sleep(for: .milliseconds(300))
        _ = try await post(ports[0], "records/modify", create(["heard"]), setup)
        #expect(try await notification?.contains(#""sid":"box""#) == true)

        // An instance killed in the middle of atomic batches: each batch whole or not at all, and the others serve on.
        let victim = servers[1]
        let batches = Task {
            var sent = 0
            for batch in 0..<50 {
                sent = batch + 1
                guard try await post(victim.port, "records/modify", create((0..<40).map { "k\(batch)-\($0)" }, atomic: true), setup) != nil else { break }
            }
            return sent
        }
        try await Task.sleep(for: .milliseconds(Int.random(in: 150...400)))
        victim.process.signal(SIGKILL)
        await victim.process.waitUntilExit()
        let sent = try await batches.value
        #expect(sent < 50, "every batch was written before the kill: nothing was interrupted")
        for batch in 0..<sent {
            let names = (0..<40).map { #"{"recordName":"k\#(batch)-\#($0)"}"# }.joined(separator: ",")
            let found = records(try await post(ports[batch % 2 == 0 ? 0 : 2], "records/lookup", #"{"zoneID":{"zoneName":"Box"},"records":[\#(names)]}"#, setup))
            let present = found.filter { $0["serverErrorCode"] == nil }.count
            #expect(found.count == 40 && (present == 0 || present == 40), "batch \(batch): \(present) of 40 records")
        }
        for server in [servers[0], servers[2]] {
            #expect(await server.stop() == 0)
        }
    }

    /// Creates and registers a push token for the user through the server at `port`; its courier URL.
    private func courier(port: String, _ setup: Setup) async throws -> String {
        let query = "ckAPIToken=\(setup.apiToken)&ckWebAuthToken=\(setup.webAuthToken.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)"
        var create = URLRequest(url: URL(string: "http://127.0.0.1:\(port)/device/1/\(container)/development/tokens/create?\(query)")!)
        create.httpMethod = "POST"
        create.httpBody = Data(#"{"apnsEnvironment":"development"}"#.utf8)
        let created = try #require(try JSONSerialization.jsonObject(with: try await URLSession.shared.data(for: create).0) as? [String: Any])
        let token = try #require(created["apnsToken"] as? String)
        _ = try await post(port, "tokens/register", #"{"apnsEnvironment":"development","apnsToken":"\#(token)"}"#, setup)
        return try #require(created["webcourierURL"] as? String)
    }

    /// Polls a courier URL on the server at `port`: the notification's JSON text, or `nil` when none came.
    private func poll(_ courierURL: String, port: String) async throws -> String? {
        let path = String(courierURL.drop { $0 != "/" }.dropFirst(2).drop { $0 != "/" })
        let (data, _) = try await URLSession.shared.data(from: URL(string: "http://127.0.0.1:\(port)\(path)")!)
        return data.isEmpty ? nil : String(decoding: data, as: UTF8.self)
    }

    @Test(
        "behind nginx configured as docs/ckserver.md says, a client's requests spread over the three instances and all work",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/sbin/nginx"), "nginx is not installed"))
    func behindNginx() async throws {
        let setup = try await setUp()
        let front = try TestPorts.closed()
        var servers: [ServerProcess] = []
        for _ in 0..<3 {
            servers.append(try await ServerProcess.start(storage: setup.storage + ["--public-url", "http://127.0.0.1:\(front)"]))
        }
        defer { for server in servers where server.process.isRunning { server.process.signal(SIGKILL) } }
        let nginx = try NginxProcess(configuration: try documentedConfiguration(listening: front, upstream: servers.map(\.port)))
        do {
            try await throughNginx(front, setup)
        } catch {
            await nginx.stop()
            throw error
        }
        await nginx.stop()
        var answered: [Int] = []
        for server in servers {
            #expect(await server.stop() == 0)
            answered.append(await server.logAfterStartup().components(separatedBy: "/records/modify 200").count - 1)
        }
        #expect(answered.reduce(0, +) == 12 && answered.allSatisfy { $0 > 0 }, "saves answered by each instance: \(answered)")
    }

    /// A client's requests through nginx at `front`: a zone, twelve saves, a file uploaded and downloaded.
    private func throughNginx(_ front: Int, _ setup: Setup) async throws {
        try await NginxProcess.waitUntilListening(on: front)
        let port = String(front)

        _ = try await post(port, "zones/modify", #"{"operations":[{"operationType":"create","zone":{"zoneID":{"zoneName":"Box"}}}]}"#, setup)
        for index in 0..<12 {
            let saved = records(try await post(port, "records/modify", create(["n\(index)"]), setup))
            #expect(saved.count == 1 && saved.first?["serverErrorCode"] == nil, "\(saved)")
        }
        let tokens = try await post(port, "assets/upload", #"{"tokens":[{"recordType":"Note","fieldName":"photo"}]}"#, setup)?["tokens"] as? [[String: Any]]
        let handedOut = try #require(tokens?.first?["url"] as? String)
        let uploadURL = try #require(URL(string: handedOut))
        #expect(uploadURL.port == front, "the upload URL names the address clients use: \(uploadURL)")
        var upload = URLRequest(url: uploadURL)
        upload.httpMethod = "POST"
        upload.httpBody = Data("cake".utf8)
        let receipt = try JSONSerialization.jsonObject(with: try await URLSession.shared.data(for: upload).0) as? [String: Any]
        let saved = try #require((receipt?["singleFile"] as? [String: Any])?["receipt"] as? String)
        let download = URL(string: "http://127.0.0.1:\(front)/assets/download/\(container)/\(saved)")!
        #expect(String(decoding: try await URLSession.shared.data(from: download).0, as: UTF8.self) == "cake")
    }

    /// The nginx configuration docs/ckserver.md gives, with its ports replaced by the test's.
    private func documentedConfiguration(listening front: Int, upstream ports: [String]) throws -> String {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/ckserver.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        let start = try #require(text.range(of: "```nginx\n"))
        let end = try #require(text.range(of: "\n```", range: start.upperBound..<text.endIndex))
        var block = String(text[start.upperBound..<end.lowerBound])
        for (documented, port) in zip(["8081", "8082", "8083"], ports) {
            block = block.replacingOccurrences(of: "127.0.0.1:\(documented);", with: "127.0.0.1:\(port);")
        }
        return block.replacingOccurrences(of: "listen 127.0.0.1:8080;", with: "listen 127.0.0.1:\(front);")
    }
}
