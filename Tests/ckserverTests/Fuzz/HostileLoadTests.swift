import CKTestSupport
import Foundation
import Testing

/// The server process under large bodies from clients without credentials, or with credentials and bodies past
/// their endpoint's cap: its memory stays bounded (issue 20, point 1).
@Suite("ckserver under large hostile bodies, run as a process", .heavy)
struct HostileLoadTests {
    /// The most the server may hold resident at its peak: its own footprint (about 75 MB in a debug build) and
    /// some room, far below the quarter of a gigabyte the bodies add up to.
    static let peakBound = 160 * 1024 * 1024

    @Test("eight 64 MB bodies sent at once, anonymous or past their cap, leave the server's peak memory under 160 MB", .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/status")))
    func peakMemory() async throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("ckserver-hostile-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: data) }
        #expect(try await CommandRun.ckserver(["container", "create", "iCloud.com.example.Party", "--data", data]).status == 0)
        let created = try await CommandRun.ckserver(["api-token", "create", "--container", "iCloud.com.example.Party", "--data", data])
        let apiToken = try #require(created.standardOutput.split(whereSeparator: \.isWhitespace).first { $0.count == 64 }.map(String.init))
        let server = try await ServerProcess.start(data: data)
        defer { server.process.terminate() }
        let port = try #require(Int(server.port))
        let path = "/database/1/iCloud.com.example.Party/development/public/records/modify"
        let body = [UInt8](repeating: UInt8(ascii: " "), count: 64 << 20)
        let answers = try await withThrowingTaskGroup(of: String?.self) { group in
            for number in 0..<8 {
                let credentials = number.isMultiple(of: 2) ? "" : "?ckAPIToken=\(apiToken)"
                group.addTask {
                    try await BlockingCall.run {
                        let connection = try RawConnection(port: port, timeout: 30)
                        connection.send("POST \(path)\(credentials) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: \(body.count)\r\n\r\n")
                        connection.send(body)
                        return connection.readAnswer()
                    }
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        let statuses = answers.map { $0?.split(separator: " ").dropFirst().first.map(String.init) ?? "none" }
        #expect(statuses.sorted() == ["401", "401", "401", "401", "413", "413", "413", "413"], "\(statuses)")
        let status = try String(contentsOfFile: "/proc/\(server.process.processIdentifier)/status", encoding: .utf8)
        let peakLine = try #require(status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") })
        let peak = try #require(Int(peakLine.split(whereSeparator: \.isWhitespace)[1])) * 1024
        #expect(peak < Self.peakBound, "peak resident memory \(peak / 1024 / 1024) MB")
    }
}
