import Foundation
import Testing

@testable import Dashboard

/// Paths typed in a file prompt.
@Suite("Local file paths")
struct LocalFileTests {
    @Test("~ is the home folder $HOME names, as the shell reads it; other paths are left as typed")
    func tilde() {
        let home = ["HOME": "/home/someone"]
        #expect(LocalFile.url(for: "~/party.csv", environment: home).path == "/home/someone/party.csv")
        #expect(LocalFile.url(for: "~", environment: home).path == "/home/someone")
        #expect(LocalFile.url(for: "/tmp/~x", environment: home).path == "/tmp/~x")
        #expect(LocalFile.url(for: "~root/x", environment: home).path == "/root/x")
        #expect(LocalFile.url(for: "out.jsonl", environment: home).path == FileManager.default.currentDirectoryPath + "/out.jsonl")
    }
}
