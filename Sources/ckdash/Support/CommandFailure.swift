import ArgumentParser
import Foundation

/// A reason a command could not do its job, shown as one line on standard error.
struct CommandFailure: Error, CustomStringConvertible {
    /// The exit status for a command that could not do its job (1 is kept for "found a problem").
    static let exitCode = ExitCode(2)

    var description: String

    init(_ description: String) {
        self.description = description
    }
}

/// Runs a command body; a `CommandFailure` is printed as `ckdash: <reason>` and exits with status 2.
func reportingFailures(_ body: () throws -> Void) throws {
    do {
        try body()
    } catch let failure as CommandFailure {
        StandardError.write("ckdash: \(failure)")
        throw CommandFailure.exitCode
    }
}

/// Writes lines to standard error.
enum StandardError {
    static func write(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
