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
        var server = Logger(label: "ckserver") { ServerLogHandler(lines: StreamLogHandler(label: $0, stream: ours), level: .info) }
        var stream = Logger(label: "ckserver") { label in
            var handler = StreamLogHandler(label: label, stream: theirs)
            handler.logLevel = .info
            return handler
        }
        for index in [0, 1] {
            if index == 1 {
                server[metadataKey: "hb.request.id"] = "1234"
                stream[metadataKey: "hb.request.id"] = "1234"
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
        #expect(lines[0].last?.contains("hb.request.id=1234") == true)
    }
}
