import CKTestSupport
import Foundation
import Testing

/// The test processes' own way of starting children, which every black-box test goes through.
@Suite("SpawnedProcess, the tests' way of starting programs")
struct SpawnedProcessTests {
    @Test("a child gets its three standard streams and none of the test process's other descriptors", .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/fd")))
    func onlyStandardStreams() throws {
        let inheritable = open("/dev/null", O_RDONLY)
        try #require(inheritable > 2)
        defer { close(inheritable) }
        let listing = try CommandRun.program(URL(fileURLWithPath: "/bin/ls"), ["/proc/self/fd"])
        let descriptors = listing.standardOutput.split(separator: "\n").compactMap { Int32($0) }
        // ls holds one more of its own: the folder it lists.
        #expect(descriptors.filter { $0 > 2 }.count == 1, "\(descriptors)")
    }

    @Test("a child takes SIGTERM even when started from a task, and its status says which signal ended it")
    func terminate() async throws {
        let sleeper = try SpawnedProcess(URL(fileURLWithPath: "/bin/sleep"), ["30"], piping: [])
        #expect(sleeper.isRunning)
        sleeper.terminate()
        #expect(sleeper.waitUntilExit() == SIGTERM)
        #expect(!sleeper.isRunning)
    }

    @Test("standard input, output and error each reach the test, with the exit status")
    func streams() throws {
        let run = try CommandRun.program(URL(fileURLWithPath: "/bin/sh"), ["-c", "read line; echo \"out $line\"; echo err >&2; exit 3"], input: "hello\n")
        #expect(run.standardOutput == "out hello\n")
        #expect(run.standardError == "err\n")
        #expect(run.status == 3)
    }
}
