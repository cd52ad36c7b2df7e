import CKServer
import CKTestSupport
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("ckserver serve, run as a process", .heavy)
struct ServeCommandTests {
    @Test("serve answers over HTTP, logs one line per request, and stops cleanly on SIGTERM")
    func serve() async throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("ckserver-serve-\(UUID().uuidString)").path
        #expect(try await CommandRun.ckserver(["container", "create", "iCloud.com.example.Party", "--data", data]).status == 0)
        let server = try await ServerProcess.start(data: data)
        let process = server.process
        defer {
            if process.isRunning { process.terminate() }
        }
        var output = server.startupLog
        let listening = server.port

        let url = try #require(URL(string: "http://127.0.0.1:\(listening)/database/1/iCloud.com.example.Party/development/public/users/current"))
        let (body, response) = try await URLSession.shared.data(from: url)
        #expect((response as? HTTPURLResponse)?.statusCode == 401)
        let error = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        #expect(error["serverErrorCode"] as? String == "AUTHENTICATION_FAILED")

        let status = await server.stop()
        output += await server.logAfterStartup()
        #expect(status == 0)
        #expect(output.contains("GET /database/1/iCloud.com.example.Party/development/public/users/current 401 "))
    }

    @Test("serve refuses a public URL that is not an http or https address, with one line")
    func badPublicURL() async throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("ckserver-serve-\(UUID().uuidString)").path
        let run = try await CommandRun.ckserver(["serve", "--data", data, "--public-url", "ftp://files.example.com"])
        #expect(run.status != 0)
        #expect(run.standardError.contains("--public-url must be an http:// or https:// address"))
    }

    @Test("serve on PostgreSQL needs no data folder and answers over HTTP; a database that cannot be reached stops the start with one line", .enabled(if: TestStorageEngine.postgresURL != nil, "CKSERVER_TEST_POSTGRES names no server"))
    func serveOnPostgres() async throws {
        let url = TestStorageEngine.postgresURL! + "?schema=\(TestStorageEngine.freshLocation().schema!)"
        let storage = ["--postgres", url]
        #expect(try await CommandRun.ckserver(["container", "create", "iCloud.com.example.Party"] + storage).status == 0)
        let server = try await ServerProcess.start(storage: storage)
        let containers = try #require(URL(string: "http://127.0.0.1:\(server.port)/database/1/iCloud.com.example.Party/development/public/users/current"))
        let (_, response) = try await URLSession.shared.data(from: containers)
        #expect((response as? HTTPURLResponse)?.statusCode == 401)
        #expect(await server.stop() == 0)

        let unreachable = try await CommandRun.ckserver(["serve", "--port", "0", "--postgres", "postgres://ckserver@127.0.0.1:\(try TestPorts.closed())/ckserver"])
        #expect(unreachable.status != 0)
        let lines = unreachable.standardError.split(separator: "\n")
        #expect(lines.count == 1 && lines.first?.contains("cannot connect to PostgreSQL at postgres://ckserver@127.0.0.1:") == true, "\(unreachable.standardError)")
    }
}
