import Logging
import NIOConcurrencyHelpers
import Testing

@testable import CKServer

@Suite("The server's log lines")
struct ServerLogHandlerTests {
    /// The text written to it, line by line.
    final class Lines: TextOutputStream, @unchecked Sendable {
        private let text = NIOLockedValueBox("")
        var written: [Substring] { text.withLockedValue { $0 }.split(separator: "\n") }

        func write(_ string: String) {
            text.withLockedValue { $0 += string }
        }
    }

    @Test("a line carries the logger's and the line's metadata as swift-log's stream handler writes them, and none below the level")
    func sameLines() {
        let (ours, theirs) = (Lines(), Lines())
        // The provider's metadata overrides the logger's, and the line's overrides both.
        let provider = Logger.MetadataProvider { ["trace": "provided", "shared": "provided"] }
        var server = Logger(label: "ckserver") { label, _ in
            var handler = ServerLogHandler(lines: StreamLogHandler(label: label, stream: ours), level: .info)
            handler.metadataProvider = provider
            return handler
        }
        var stream = Logger(label: "ckserver") { label, _ in
            var handler = StreamLogHandler(label: label, stream: theirs, metadataProvider: provider)
            handler.logLevel = .info
            return handler
        }
        for index in [0, 1] {
            if index == 1 {
                for key in ["hb.request.id", "shared", "port"] {
                    server[metadataKey: key] = "1234"
                    stream[metadataKey: key] = "1234"
                }
            }
            for logger in [server, stream] {
                logger.info("listening", metadata: ["port": "8080"])
                logger.warning("no metadata of its own")
                logger.debug("not written")
            }
        }
        // Each line starts with its time.
        let lines = [ours, theirs].map { $0.written.map { $0.drop { $0 != " " } } }
        #expect(lines[0].count == 4)
        #expect(lines[0] == lines[1])
        #expect(lines[0].last?.contains("hb.request.id=1234 port=1234 shared=provided trace=provided") == true)
        #expect(lines[0][2].contains("port=8080"))
    }
}
