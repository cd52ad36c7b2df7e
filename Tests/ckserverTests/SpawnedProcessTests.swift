import CKTestSupport
import Foundation
import Testing

/// The test processes' own way of starting children, which every black-box test goes through.
@Suite("SpawnedProcess, the tests' way of starting programs", .heavy)
struct SpawnedProcessTests {
    @Test("a child gets its three standard streams and none of the test process's other descriptors", .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/fd")))
    func onlyStandardStreams() async throws {
        let inheritable = open("/dev/null", O_RDONLY)
        try #require(inheritable > 2)
        defer { close(inheritable) }
        let listing = try await CommandRun.program(URL(fileURLWithPath: "/bin/ls"), ["/proc/self/fd"])
        let descriptors = listing.standardOutput.split(separator: "\n").compactMap { Int32($0) }
        // ls holds one more of its own: the folder it lists.
        #expect(descriptors.filter { $0 > 2 }.count == 1, "\(descriptors)")
    }

    @Test("a child takes SIGTERM even when started from a task, and its status says which signal ended it")
    func terminate() async throws {
        let sleeper = try SpawnedProcess(URL(fileURLWithPath: "/bin/sleep"), ["30"], piping: [])
        #expect(sleeper.isRunning)
        sleeper.terminate()
        #expect(await sleeper.waitUntilExit() == SIGTERM)
        #expect(!sleeper.isRunning)
    }

    @Test("commands waiting at once hold no thread of the concurrency pool: eight a core all end when the test, still running, lets them")
    func waitsOffThePool() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ckdash-waits-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let release = folder.appendingPathComponent("release").path
        // Each says it is waiting, then waits up to 20 s for the release: status 0 if it came, 1 if not.
        let script = #"touch "$1/waiting-$2"; i=0; while [ ! -e "$1/release" ] && [ $i -lt 400 ]; do sleep 0.05; i=$((i+1)); done; [ -e "$1/release" ]"#
        let count = 8 * ProcessInfo.processInfo.activeProcessorCount
        try await withThrowingTaskGroup(of: Int32.self) { group in
            for number in 0..<count {
                group.addTask { try await CommandRun.program(URL(fileURLWithPath: "/bin/sh"), ["-c", script, "sh", folder.path, "\(number)"]).status }
            }
            // Were the commands' waits holding the pool's threads, this task could not run until they gave up.
            let deadline = ContinuousClock.now + .seconds(20)
            while try FileManager.default.contentsOfDirectory(atPath: folder.path).count < count, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(20))
            }
            FileManager.default.createFile(atPath: release, contents: nil)
            var statuses: [Int32] = []
            for try await status in group { statuses.append(status) }
            #expect(statuses == Array(repeating: 0, count: count), "1 is a command that waited 20 s in vain")
        }
    }

    @Test("standard input, output and error each reach the test, with the exit status")
    func streams() async throws {
        let run = try await CommandRun.program(URL(fileURLWithPath: "/bin/sh"), ["-c", "read line; echo \"out $line\"; echo err >&2; exit 3"], input: "hello\n")
        #expect(run.standardOutput == "out hello\n")
        #expect(run.standardError == "err\n")
        #expect(run.status == 3)
    }
}
