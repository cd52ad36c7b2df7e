import CommandLineSupport
import Dashboard
import Foundation
import Hummingbird
import Logging
import ServiceLifecycle

/// The dashboard's sign-in callback: a listener on 127.0.0.1 that takes the `ckWebAuthToken` (or, as some
/// clients name it, `ckSession`) a web sign-in redirects the browser to it with, answers the browser a page
/// saying to go back to ckdash, and hands the token to the dashboard.
final class LoopbackSignInCallback: SignInCallback {
    let url: String
    private let mailbox: SignInTokenMailbox
    private let group: ServiceGroup
    private let server: Task<Void, any Error>

    private init(port: Int, mailbox: SignInTokenMailbox, group: ServiceGroup, server: Task<Void, any Error>) {
        url = "http://127.0.0.1:\(port)/"
        self.mailbox = mailbox
        self.group = group
        self.server = server
    }

    /// Listens on 127.0.0.1:`port`; a port in use or refused is a failure saying so.
    static func start(port: Int) async throws -> LoopbackSignInCallback {
        let mailbox = SignInTokenMailbox()
        let router = Router()
        let receive: @Sendable (Request, BasicRequestContext) async throws -> Response = { request, _ in
            guard let token = request.uri.queryParameters["ckWebAuthToken"] ?? request.uri.queryParameters["ckSession"], !token.isEmpty else {
                return Self.page(.badRequest, "This address takes a sign-in's ckWebAuthToken; none came.")
            }
            guard mailbox.deliver(String(token)) else {
                return Self.page(.conflict, "No ckdash sign-in is waiting for a token: start it with :db private, then sign in again.")
            }
            return Self.page(.ok, "Signed in: go back to ckdash.")
        }
        // `**` matches every path but the root, which is the callback the documentation gives.
        router.get("/", use: receive)
        router.get("**", use: receive)
        var logger = Logger(label: "ckdash.sign-in")
        logger.logLevel = .critical
        let (ports, portReady) = AsyncStream.makeStream(of: Int.self)
        let application = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: port), serverName: "ckdash"),
            onServerRunning: { channel in
                portReady.yield(channel.localAddress?.port ?? port)
                portReady.finish()
            }, logger: logger)
        let group = ServiceGroup(configuration: ServiceGroupConfiguration(services: [application], gracefulShutdownSignals: [], logger: logger))
        let server = Task {
            defer { portReady.finish() }
            try await group.run()
        }
        var waiting = ports.makeAsyncIterator()
        guard let listening = await waiting.next() else {
            _ = try? await server.value
            throw CommandFailure("cannot listen for the sign-in callback on 127.0.0.1:\(port): the port is taken or refused")
        }
        return LoopbackSignInCallback(port: listening, mailbox: mailbox, group: group, server: server)
    }

    func nextToken() async -> String? {
        await mailbox.next()
    }

    /// Stops listening and ends the wait for a token.
    func stop() async {
        mailbox.close()
        await group.triggerGracefulShutdown()
        _ = try? await server.value
    }

    private static func page(_ status: HTTPResponse.Status, _ text: String) -> Response {
        Response(status: status, headers: [.contentType: "text/plain; charset=utf-8"], body: ResponseBody(byteBuffer: ByteBuffer(string: text + "\n")))
    }
}
