import CKClient
import CKModel
import CKServer
import Foundation
import TerminalKit
import Testing

@testable import Dashboard

/// The dashboard driven as a user would, headless: `DashboardApp` on a `MemoryTerminal` against the embedded
/// demo server. Keys are typed, then `settle()` applies the background fetches until none is left.
final class DashboardHarness {
    let terminal: MemoryTerminal
    let app: DashboardApp

    /// A dashboard of the demo container on a terminal of `size`, dates in UTC; through `client` when given, else
    /// the demo's own management token.
    init(
        _ demo: DemoServer, size: Size = Size(width: 80, height: 24), colorLevel: ColorLevel = .indexed256, isReadOnly: Bool = false,
        themeName: String = "default", environment: ContainerEnvironment = .development, themesDirectory: URL? = nil,
        client: CloudKitClient? = nil, savedQueriesFolder: URL? = nil, schemaFile: String? = nil, database: DatabaseScope = .public
    ) {
        terminal = MemoryTerminal(size: size, colorLevel: colorLevel)
        var loader = DashboardConfiguration.themeLoader(environment: [:])
        loader.userThemesDirectory = themesDirectory
        let configuration = DashboardConfiguration(
            client: client ?? demo.client, container: EmbeddedServer.demoContainer, environment: environment, database: database, isReadOnly: isReadOnly,
            themeName: themeName, themeLoader: loader, timeZone: TimeZone(identifier: "UTC")!, savedQueriesFolder: savedQueriesFolder, schemaFile: schemaFile)
        app = DashboardApp(configuration: configuration, terminal: terminal)
    }

    /// Runs `body` on a started dashboard of a fresh demo server, on a terminal of `size`.
    static func started<Value>(size: Size = Size(width: 80, height: 24), _ body: (DashboardHarness) async throws -> Value) async throws -> Value {
        try await DemoServer.run { demo in
            let dashboard = DashboardHarness(demo, size: size)
            try await dashboard.start()
            return try await body(dashboard)
        }
    }

    /// Opens the first screens and waits for their fetches.
    func start() async throws {
        app.start()
        try await settle()
    }

    /// Hands `event` to the dashboard as its run loop would (a resize first changes the terminal's size), then
    /// applies the fetches that finished meanwhile, without waiting for the others: keys that arrive while
    /// fetches are under way.
    func send(_ event: TerminalEvent) {
        if case .resize(let size) = event {
            terminal.resize(to: size)
            while let queued = terminal.nextEvent(timeout: nil) {
                app.handle(queued)
            }
        } else {
            app.handle(event)
        }
        app.deliverFinishedWork()
    }

    /// Presses `keys` in turn, waiting after each for the fetches it started, as a user waits for the screen.
    func press(_ keys: Key...) async throws {
        for key in keys {
            app.handle(.key(key))
            try await settle()
        }
    }

    /// Types `text` a character at a time, then waits.
    func type(_ text: String) async throws {
        for character in text {
            app.handle(.key(.character(character)))
        }
        try await settle()
    }

    /// Runs a palette command: `:`, the text, Enter.
    func command(_ text: String) async throws {
        app.handle(.key(.character(":")))
        try await type(text)
        try await press(.enter)
    }

    /// Resizes the terminal and redraws.
    func resize(to size: Size) async throws {
        terminal.resize(to: size)
        app.handle(.resize(size))
        try await settle()
    }

    /// Applies finished fetches, and the ones they lead to, until nothing is under way (at most `timeout`).
    func settle(timeout: Duration = .seconds(20)) async throws {
        let deadline = ContinuousClock.now + timeout
        while app.work.isBusy {
            try #require(ContinuousClock.now < deadline, "the dashboard's fetches did not finish in \(timeout)")
            try await Task.sleep(for: .milliseconds(5))
            app.deliverFinishedWork()
        }
        app.deliverFinishedWork()
    }

    /// The text of each row of the last frame.
    var lines: [String] { terminal.lines }

    /// The whole frame as one string, for `contains` checks.
    var screen: String { lines.joined(separator: "\n") }

    /// The question of the confirmation open over the screen, whole (the dialog wraps it).
    var confirmation: Dashboard.Confirmation? {
        guard case .confirmation(let prompt)? = app.overlay else { return nil }
        return prompt.confirmation
    }
}
