import ArgumentParser
import Foundation

/// A reason a command could not do its job, shown as one line on standard error.
public struct CommandFailure: Error, CustomStringConvertible {
    /// The exit status for a command that could not do its job (1 is kept for "found a problem").
    public static let exitCode = ExitCode(2)

    public var description: String

    /// Creates a failure with the line to show.
    public init(_ description: String) {
        self.description = description
    }
}

/// Runs a command body; a `CommandFailure` is printed as `<tool>: <reason>` and exits with status 2.
public func reportingFailures(of tool: String, _ body: () async throws -> Void) async throws {
    do {
        try await body()
    } catch let failure as CommandFailure {
        StandardError.write("\(tool): \(failure)")
        throw CommandFailure.exitCode
    }
}

/// Runs a command body; a `CommandFailure` is printed as `<tool>: <reason>` and exits with status 2.
public func reportingFailures(of tool: String, _ body: () throws -> Void) throws {
    do {
        try body()
    } catch let failure as CommandFailure {
        StandardError.write("\(tool): \(failure)")
        throw CommandFailure.exitCode
    }
}

/// Writes lines to standard error.
public enum StandardError {
    /// Writes `line` and a newline to standard error.
    public static func write(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
