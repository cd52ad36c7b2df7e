import Foundation

/// The outcome of running one of the package's built executables, for black-box command tests.
public struct CommandRun: Sendable {
    /// The exit status.
    public var status: Int32
    /// Everything written to standard output.
    public var standardOutput: String
    /// Everything written to standard error.
    public var standardError: String

    /// Runs `.build/…/ckdash` with `arguments`, feeding `input` on standard input; `environment` adds to (or,
    /// with an empty value, removes from) the test's environment variables.
    public static func ckdash(_ arguments: [String], input: String = "", environment: [String: String] = [:]) async throws -> CommandRun {
        try await run("ckdash", arguments, input: input, environment: environment)
    }

    /// Runs `.build/…/ckserver` with `arguments`, feeding `input` on standard input.
    public static func ckserver(_ arguments: [String], input: String = "") async throws -> CommandRun {
        try await run("ckserver", arguments, input: input)
    }

    /// Runs the built executable `tool` with `arguments`, feeding `input` on standard input; `environment` adds
    /// to (or, with an empty value, removes from) the test's environment variables.
    public static func run(_ tool: String, _ arguments: [String], input: String = "", environment: [String: String] = [:]) async throws -> CommandRun {
        try await execute(productsDirectory.appendingPathComponent(tool), arguments, input: input, environment: environment)
    }

    /// Runs a program that is not one of the package's, such as `/usr/bin/tmux`, with `arguments`; `environment`
    /// as for `run`.
    public static func program(_ executable: URL, _ arguments: [String], input: String = "", environment: [String: String] = [:]) async throws -> CommandRun {
        try await execute(executable, arguments, input: input, environment: environment)
    }

    /// Runs the built executable `tool` on a pseudo-terminal, as someone at a terminal would, through util-linux's
    /// `script`; what it writes to standard output and standard error arrives together, in `standardOutput`.
    public static func onTerminal(_ tool: String, _ arguments: [String], environment: [String: String] = [:]) async throws -> CommandRun {
        let command = ([productsDirectory.appendingPathComponent(tool).path] + arguments).map(shellQuoted).joined(separator: " ")
        return try await execute(URL(fileURLWithPath: "/usr/bin/script"), ["-qefc", command, "/dev/null"], input: "", environment: environment)
    }

    /// `text` quoted for `sh`: in single quotes, with each single quote written as `'\''`.
    public static func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Runs the program, writing its input and reading its two outputs each on a thread of its own, so that a
    /// command filling one pipe cannot block on it, and the awaiting test holds no thread of the concurrency pool.
    private static func execute(_ executable: URL, _ arguments: [String], input: String, environment: [String: String]) async throws -> CommandRun {
        var variables: [String: String]?
        if !environment.isEmpty {
            variables = ProcessInfo.processInfo.environment
            for (name, value) in environment {
                variables?[name] = value.isEmpty ? nil : value
            }
        }
        let process = try SpawnedProcess(executable, arguments, environment: variables)
        async let written: Void = BlockingCall.run {
            // A command that exits without reading its input leaves it unread; that is no failure of the test's.
            try? process.standardInput?.write(contentsOf: Data(input.utf8))
            try process.standardInput?.close()
        }
        async let outputData = BlockingCall.run { process.standardOutput?.readDataToEndOfFile() ?? Data() }
        async let errorData = BlockingCall.run { process.standardError?.readDataToEndOfFile() ?? Data() }
        let status = await process.waitUntilExit()
        try await written
        return CommandRun(
            status: status, standardOutput: String(decoding: await outputData, as: UTF8.self),
            standardError: String(decoding: await errorData, as: UTF8.self))
    }

    /// The build folder holding the test bundle and the executables.
    public static var productsDirectory: URL {
        let bundle = Bundle.main.bundleURL
        return bundle.pathExtension == "xctest" ? bundle.deletingLastPathComponent() : bundle
    }
}

/// A new file in a fresh temporary folder holding `text`.
public func temporaryFile(_ text: String, named name: String = "schema.ckdb") throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ckdash-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let file = folder.appendingPathComponent(name)
    try Data(text.utf8).write(to: file)
    return file.path
}
