import CKTestSupport
import Foundation
import Testing

/// `ckdash` with no subcommand opens the dashboard, which needs a terminal.
@Suite("ckdash open: the dashboard's command", .heavy)
struct OpenCommandTests {
    @Test("without a terminal the dashboard refuses with one line and status 2, before starting any server")
    func needsTerminal() async throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("ckdash-open-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        let run = try await CommandRun.ckdash(["--data-dir", data.path])
        #expect(run.status == 2)
        #expect(run.standardError == "ckdash: the dashboard needs a terminal: run it in one, or use a subcommand (ckdash --help lists them)\n")
        #expect(!FileManager.default.fileExists(atPath: data.path))
    }

    @Test("ckdash --help names the dashboard as what runs with no subcommand, and its options")
    func help() async throws {
        let run = try await CommandRun.ckdash(["open", "--help"])
        #expect(run.status == 0)
        for option in ["--readonly", "--theme <name>", "--data-dir <path>", "--server <url>", "--as-user <user>"] {
            #expect(run.standardOutput.contains(option), "\(option)")
        }
        let root = try await CommandRun.ckdash(["--help"])
        #expect(root.standardOutput.contains("open (default)"))
    }
}
