import ArgumentParser
import CKClient
import CKModel
import CKServer
import CommandLineSupport
import Dashboard
import Foundation
import Logging
import TerminalKit

/// `ckdash` with no subcommand: the dashboard. With no server given it runs ckserver in-process on 127.0.0.1,
/// its data under `$XDG_DATA_HOME/ckdash`, with the demo container on the first run.
struct OpenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Open the dashboard (the default when no subcommand is given).",
        discussion: """
            With no --server (nor CKDASH_SERVER, nor a profile's server), ckdash starts its own server on 127.0.0.1 \
            with its data in $XDG_DATA_HOME/ckdash (~/.local/share/ckdash), and on the first run a demo container, \
            iCloud.com.example.Party. Press ? on any screen for its keys, : for commands, q to quit.
            """)

    @OptionGroup var connection: ConnectionOptions

    @Flag(help: "Refuse every change: browse only (a read-only management token does the same).")
    var readonly = false

    @Option(help: ArgumentHelp("The colour theme: default, light, high-contrast, solarized-dark, monochrome, or your own (or CKDASH_THEME).", valueName: "name"))
    var theme: String?

    @Option(
        name: .customLong("sign-in-port"),
        help: ArgumentHelp(
            "Listen on 127.0.0.1:PORT for a web sign-in's ckWebAuthToken: the API token's sign-in callback, http://127.0.0.1:PORT/ (or CKDASH_SIGN_IN_PORT).",
            valueName: "port"))
    var signInPort: Int?

    func run() async throws {
        AllocatorArenas.shareOne()
        let variables = ProcessInfo.processInfo.environment
        try await reportingFailures(of: "ckdash") {
            guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
                throw CommandFailure("the dashboard needs a terminal: run it in one, or use a subcommand (ckdash --help lists them)")
            }
            // The listener first: a port it cannot have stops ckdash before anything needs shutting down.
            let port = signInPort ?? variables["CKDASH_SIGN_IN_PORT"].flatMap(Int.init)
            var callback: LoopbackSignInCallback?
            if let port { callback = try await LoopbackSignInCallback.start(port: port) }
            let embedded = try await connection.embeddedServerIfNoneGiven(variables: variables)
            let settings = try connection.settings(environment: variables, fallbackServer: embedded.map { ($0.url, $0.managementToken) })
            if settings.token == nil, settings.actingAsUser != nil {
                throw CommandFailure("--as-user acts as a user through ckserver's management API: give --token, or sign the user in (--web-auth-token-file)")
            }
            if settings.token == nil, settings.container == nil {
                throw CommandFailure("give --container ID: without ckserver's management API (data API credentials only) the containers cannot be listed")
            }
            var clientConfiguration = ClientConfiguration(
                serverURL: settings.serverURL, container: nil, credentials: try settings.credentials(), requestTimeout: .seconds(30))
            clientConfiguration.userAgent = CKDashCommand.userAgent
            let client = CloudKitClient(configuration: clientConfiguration)
            let configuration = DashboardConfiguration(
                client: client, container: settings.container ?? (embedded != nil ? EmbeddedServer.demoContainer : nil),
                environment: settings.environment, database: settings.database, actingAs: settings.actingAsUser, isReadOnly: readonly,
                themeName: try theme ?? variables["CKDASH_THEME"] ?? connection.chosenProfile(variables: variables)["theme"] ?? ThemeLoader.defaultThemeName,
                themeLoader: DashboardConfiguration.themeLoader(environment: variables),
                savedQueriesFolder: URL(fileURLWithPath: ProfileFile.configFolder(variables: variables), isDirectory: true).appendingPathComponent("queries"),
                schemaFile: settings.schemaFile, signInCallback: callback)
            let outcome = await Self.runOnOwnThread(configuration)
            settings.dataCredentials?.keep(rotated: client.webAuthToken)
            await callback?.stop()
            try? await client.shutdown()
            await embedded?.stop()
            try outcome.get()
        }
    }

    /// Runs the dashboard's loop on a thread of its own, which owns the terminal, so that the loop's waiting for
    /// keys never holds up the tasks that fetch for it.
    private static func runOnOwnThread(_ configuration: DashboardConfiguration) async -> Result<Void, any Error> {
        await withCheckedContinuation { continuation in
            let thread = Thread {
                do {
                    let terminal = try NcursesTerminal.start()
                    DashboardApp(configuration: configuration, terminal: terminal).run()
                    terminal.stop()
                    continuation.resume(returning: .success(()))
                } catch {
                    continuation.resume(returning: .failure(CommandFailure("cannot start the terminal: \(error)")))
                }
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
    }
}
