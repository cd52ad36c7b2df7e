import CKTestSupport
import Foundation
import Testing

/// A running ckserver under a stream of malformed HTTP and JSON (issue 20): every answer is CloudKit's error JSON
/// or a success, none a 5xx or an empty body, the process survives, and its memory stays bounded.
///
/// The seed is the same on every run (`FuzzSeed`); `CKSERVER_FUZZ_SEED=random swift test --filter ServerFuzzTests`
/// tries another, `CKSERVER_FUZZ_SEED=<seed>` repeats one, and `CKSERVER_FUZZ_REQUESTS` sends more (2,000 by
/// default, about ten seconds).
@Suite("ckserver under fuzzed HTTP and JSON, run as a process", .heavy)
struct ServerFuzzTests {
    /// The most the server may hold resident at its peak, its own footprint included.
    static let peakBound = 400 * 1024 * 1024

    @Test("malformed requests get a 4xx with CloudKit's error JSON or a success, never a 5xx, an empty answer or a crash", .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/status")))
    func fuzz() async throws {
        let seed = FuzzSeed.from("CKSERVER_FUZZ_SEED", fixed: 0x5EED_C4A5_E4E7, printedAs: "ServerFuzzTests")
        let count = ProcessInfo.processInfo.environment["CKSERVER_FUZZ_REQUESTS"].flatMap(Int.init) ?? 2_000
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("ckserver-fuzz-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: data) }
        let container = "iCloud.com.example.Fuzz"
        #expect(try await CommandRun.ckserver(["container", "create", container, "--data", data]).status == 0)
        let apiToken = try #require(try await CommandRun.ckserver(["api-token", "create", "--container", container, "--data", data])
            .standardOutput.split(whereSeparator: \.isWhitespace).first.map(String.init))
        let managementToken = try #require(try await CommandRun.ckserver(["token", "create", "--name", "fuzz", "--data", data])
            .standardOutput.split(whereSeparator: \.isWhitespace).first.map(String.init))
        let server = try await ServerProcess.start(data: data)
        defer { server.process.terminate() }
        let port = try #require(Int(server.port))

        var requests = MalformedRequests(container: container, apiToken: apiToken, managementToken: managementToken, random: SeededGenerator(seed: seed))
        let batches = (0..<4).map { worker in (0..<count).filter { $0 % 4 == worker } }
        var all: [[UInt8]] = []
        for _ in 0..<count {
            all.append(requests.next())
        }
        let sent = all
        let failures = try await withThrowingTaskGroup(of: [String].self) { group in
            for batch in batches {
                group.addTask {
                    await BlockingCall.run { batch.compactMap { index in Self.problem(with: sent[index], port: port).map { "request \(index): \($0)" } } }
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        #expect(failures.isEmpty, "seed \(seed): \(failures.count) bad answers, such as \(failures.prefix(5))")
        #expect(server.process.isRunning, "seed \(seed): the server died")
        let status = try String(contentsOfFile: "/proc/\(server.process.processIdentifier)/status", encoding: .utf8)
        let peakLine = try #require(status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") })
        let peak = try #require(Int(peakLine.split(whereSeparator: \.isWhitespace)[1])) * 1024
        #expect(peak < Self.peakBound, "seed \(seed): peak resident memory \(peak / 1024 / 1024) MB")
    }

    /// What is wrong with the server's answer to `request`: none, a 5xx, an empty answer, or an error without
    /// CloudKit's JSON; `nil` when the answer is right.
    private static func problem(with request: [UInt8], port: Int) -> String? {
        guard let connection = try? RawConnection(port: port, timeout: 30) else { return "no connection" }
        connection.send(request)
        // A request cut short waits for the rest: the server's idle timeout (20 s) answers nothing, or the test
        // stops waiting; say it is over so that the server answers what it has.
        connection.finishSending()
        guard let answer = connection.readAnswer(), !answer.isEmpty else { return "no answer to \(describe(request))" }
        let status = Int(answer.split(separator: " ", maxSplits: 2).dropFirst().first ?? "") ?? 0
        if status >= 500 {
            return "\(status) to \(describe(request)): \(answer.prefix(300))"
        }
        guard status >= 400 else { return status >= 200 ? nil : "status \(status) to \(describe(request))" }
        guard let body = answer.range(of: "\r\n\r\n").map({ answer[$0.upperBound...] }),
            let json = try? JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any], json["serverErrorCode"] is String
        else { return "\(status) without CloudKit's error JSON to \(describe(request)): \(answer.prefix(300))" }
        return nil
    }

    private static func describe(_ request: [UInt8]) -> String {
        String(decoding: request.prefix(120), as: UTF8.self).debugDescription
    }
}
