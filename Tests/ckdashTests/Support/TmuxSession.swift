import CKTestSupport
import Foundation

/// The real `ckdash` binary on the pseudo-terminal of a private tmux server, driven as a user would: keys sent
/// with `send-keys`, the screen read with `capture-pane`, waiting by polling the screen for what should appear.
///
/// Every session has its own tmux server (its own socket, `-L`, with no configuration file) and its own
/// temporary folder for the dashboard's data (`XDG_DATA_HOME`), configuration (`XDG_CONFIG_HOME`) and working
/// directory. ckdash runs in a clean environment under the shell, which prints `EXITED <status>` when it ends
/// and then waits, so the screen after ckdash stays readable. `stop()` kills the server and removes the folder:
/// call it on every way out (`defer`).
///
/// Every wait (for tmux, for the screen) suspends the test instead of blocking its thread: the tmux suites run
/// for minutes, and a blocked thread of the concurrency pool would be one of the two that every other test and
/// in-process server needs.
final class TmuxSession {
    /// tmux on `PATH`, or `nil` when it is not installed.
    static let tmux: URL? = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        .split(separator: ":")
        .map { URL(fileURLWithPath: String($0)).appendingPathComponent("tmux") }
        .first { FileManager.default.isExecutableFile(atPath: $0.path) }

    /// Whether tmux is installed.
    static var isAvailable: Bool { tmux != nil }

    /// The temporary folder of this session.
    let folder: URL
    private let tmux: URL
    private let socket: String
    private var isStopped = false
    /// The server's socket file, which `stop()` removes.
    private var socketPath: String?
    /// The server's process ID, which `stop()` sends SIGTERM (what `tmux kill-server` does).
    private var serverProcess: pid_t?

    /// What went wrong: tmux missing or failing, or a wait that never saw what it waited for.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Starts `ckdash arguments` on a `width`×`height` terminal. The environment is only `HOME` (the session's
    /// folder), `PATH`, `TERM=xterm-256color`, `LANG=C.UTF-8` and the XDG folders, then `environment`.
    init(_ arguments: [String] = [], environment: [String: String] = [:], width: Int = 100, height: Int = 30) async throws {
        guard let tmux = Self.tmux else { throw Failure(description: "tmux is not installed") }
        self.tmux = tmux
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("ckdash-tmux-\(UUID().uuidString)")
        socket = "ckdash-tests-\(UUID().uuidString.prefix(8))"
        let work = folder.appendingPathComponent("work")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let variables = [
            "HOME": folder.path, "PATH": "/usr/bin:/bin", "TERM": "xterm-256color", "LANG": "C.UTF-8",
            "XDG_DATA_HOME": folder.appendingPathComponent("data").path, "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path,
        ].merging(environment) { $1 }
        let ckdash = CommandRun.productsDirectory.appendingPathComponent("ckdash").path
        let command = (["env", "-i"] + variables.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" } + [ckdash] + arguments)
            .map(CommandRun.shellQuoted).joined(separator: " ")
        do {
            try await startServer(["new-session", "-d", "-s", "dash", "-x", "\(width)", "-y", "\(height)", "-c", work.path, "\(command); echo EXITED $?; exec sleep 600"])
        } catch {
            stop()
            throw error
        }
    }

    /// Runs the tmux command that starts the server, as a `SpawnedProcess`: with no signal blocked, so that the
    /// shell and ckdash under it take the SIGHUP that the server sends them when it ends, instead of outliving the
    /// test. Then asks the server for its process ID and socket, which `stop()` needs.
    private func startServer(_ arguments: [String]) async throws {
        let environment = ProcessInfo.processInfo.environment.filter { $0.key != "TMUX" }
        try await SpawnedProcess(tmux, ["-L", socket, "-f", "/dev/null"] + arguments, environment: environment, piping: []).waitUntilExit()
        let server = try await run(["display-message", "-p", "-t", "dash", "#{pid} #{socket_path}"]).standardOutput
            .trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ", maxSplits: 1)
        guard server.count == 2, let process = pid_t(server[0]) else {
            throw Failure(description: "tmux did not say its process ID and socket: \(server.joined(separator: " "))")
        }
        serverProcess = process
        socketPath = String(server[1])
    }

    deinit {
        stop()
    }

    /// Kills the tmux server, and with it ckdash, and removes the folder and the server's socket, without
    /// waiting (so that `defer` can call it). Calling it again does nothing.
    func stop() {
        guard !isStopped else { return }
        isStopped = true
        if let serverProcess {
            kill(serverProcess, SIGTERM)
        } else {
            // A server that started without saying its process ID is ended by its socket's name.
            Task { [tmux, socket] in _ = try? await CommandRun.program(tmux, ["-L", socket, "kill-server"], environment: ["TMUX": ""]) }
        }
        try? FileManager.default.removeItem(at: folder)
        if let socketPath { try? FileManager.default.removeItem(atPath: socketPath) }
    }

    /// Presses keys by tmux's names (`Enter`, `Escape`, `Up`, `C-f`, `F5`, `j`), in one go.
    func press(_ keys: String...) async throws {
        try await run(["send-keys", "-t", "dash"] + keys)
    }

    /// Types `text` as it is.
    func type(_ text: String) async throws {
        try await run(["send-keys", "-t", "dash", "-l", text])
    }

    /// Runs a command of the palette: `:`, the text, Enter.
    func command(_ text: String) async throws {
        try await press(":")
        try await type(text)
        try await press("Enter")
    }

    /// Resizes the window, which the pane follows.
    func resize(width: Int, height: Int) async throws {
        try await run(["resize-window", "-t", "dash", "-x", "\(width)", "-y", "\(height)"])
    }

    /// The visible screen, with the SGR sequences of its colours and attributes when `escapes`.
    func screen(escapes: Bool = false) async throws -> String {
        try await run(["capture-pane", "-p", "-t", "dash"] + (escapes ? ["-e"] : [])).standardOutput
    }

    /// One of the pane's flags among tmux's formats: `alternate_on` (on the alternate screen), `cursor_flag`
    /// (cursor shown), `keypad_cursor_flag` and `keypad_flag` (application cursor and keypad keys).
    func flag(_ name: String) async throws -> Bool {
        try await run(["display-message", "-p", "-t", "dash", "#{\(name)}"]).standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) == "1"
    }

    /// The shell's `EXITED <status>` line once ckdash has ended (quit, crashed or killed), `nil` while it runs.
    var exitLine: String? {
        get async throws {
            try await screen().split(separator: "\n").first { $0.contains("EXITED ") }.map(String.init)
        }
    }

    /// Waits until the screen shows each of `texts` at once (at most `timeout`), and returns the screen.
    @discardableResult
    func waitFor(_ texts: String..., timeout: Duration = .seconds(20)) async throws -> String {
        try await waitUntil("the screen shows \(texts.joined(separator: " and "))", timeout: timeout) { screen in texts.allSatisfy { screen.contains($0) } }
    }

    /// Polls the screen (with its SGR sequences when `escapes`) until `condition` holds for it (at most
    /// `timeout`), and returns the screen; throws with `what` and the last screen when it never did.
    @discardableResult
    func waitUntil(_ what: String, escapes: Bool = false, timeout: Duration = .seconds(20), _ condition: (String) -> Bool) async throws -> String {
        let deadline = ContinuousClock.now + timeout
        while true {
            let screen = try await screen(escapes: escapes)
            if condition(screen) { return screen }
            guard ContinuousClock.now < deadline else { throw Failure(description: "waited \(timeout) until \(what); the screen was:\n\(screen)") }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    /// Runs `tmux -L <socket> arguments…` (several commands when separated by `;` arguments).
    @discardableResult
    func run(_ arguments: [String]) async throws -> CommandRun {
        let run = try await CommandRun.program(tmux, ["-L", socket, "-f", "/dev/null"] + arguments, environment: ["TMUX": ""])
        guard run.status == 0 else { throw Failure(description: "tmux \(arguments.joined(separator: " ")) failed: \(run.standardError)") }
        return run
    }
}
