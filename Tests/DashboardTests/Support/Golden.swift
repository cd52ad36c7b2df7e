import Foundation
import Testing

/// Screens compared line by line with files in `Tests/DashboardTests/Goldens`, updated deliberately: run the
/// tests with `CKDASH_UPDATE_GOLDENS=1` to rewrite them, then review the diff.
enum Golden {
    /// The folder of the golden files, beside this file's folder.
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Goldens")

    /// Expects `lines` to be the golden `name`'s (after masking what changes from run to run).
    static func expect(_ lines: [String], matches name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let file = folder.appendingPathComponent(name + ".txt")
        let actual = masked(lines).joined(separator: "\n") + "\n"
        if ProcessInfo.processInfo.environment["CKDASH_UPDATE_GOLDENS"] == "1" {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try actual.write(to: file, atomically: true, encoding: .utf8)
            return
        }
        guard let expected = try? String(contentsOf: file, encoding: .utf8) else {
            Issue.record("no golden \(name).txt: run with CKDASH_UPDATE_GOLDENS=1 to write it", sourceLocation: sourceLocation)
            return
        }
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for (index, (want, got)) in zip(expectedLines, actualLines).enumerated() where want != got {
            Issue.record("\(name) line \(index + 1) differs:\n  golden: \(want)\n  screen: \(got)", sourceLocation: sourceLocation)
            return
        }
        #expect(expectedLines.count == actualLines.count, "\(name) has \(actualLines.count) lines, the golden \(expectedLines.count)", sourceLocation: sourceLocation)
    }

    /// `lines` with what differs between runs replaced by `#`: when the demo was made (a container's creation,
    /// a record's created and modified stamps, the demo's deploy), the demo user's random record name, and in a
    /// link to the server its loopback port and a share's random short GUID.
    static func masked(_ lines: [String]) -> [String] {
        lines.map { line in
            var line = line
            if line.contains("iCloud.") || line.contains("created ") || line.contains("modified ") || line.contains("deployed ") {
                line = line.replacing(/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/) { match in String(repeating: "#", count: match.output.count) }
            }
            line = line.replacing(/127\.0\.0\.1:\d+/) { match in "127.0.0.1:" + String(repeating: "#", count: match.output.count - 10) }
            line = line.replacing(/\/share\/[0-9A-Za-z]+/) { match in "/share/" + String(repeating: "#", count: match.output.count - 7) }
            return line.replacing(/_[0-9a-f]{8,}…?/) { match in String(repeating: "#", count: match.output.count) }
        }
    }
}
