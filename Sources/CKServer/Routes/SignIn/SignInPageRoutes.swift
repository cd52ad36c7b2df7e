import CKModel
import Foundation
import HTTPTypes
import Hummingbird

/// `/auth/{container}`: where `AUTHENTICATION_REQUIRED`'s `redirectURL` sends people to sign in, as Apple's
/// sign-in page does for CloudKit. `GET` shows a form asking for the user's name and password; `POST` checks
/// them and, for the API token the link names (`?apiToken=ID`), sends the browser to that token's sign-in
/// callback with `ckWebAuthToken=…`, or shows the token when the API token has no callback.
struct SignInPageRoutes {
    let services: ServerServices

    /// The most a form may carry: a name, a password of at most 1 KB and an API token's ID, encoded.
    static let formLimit = 8 * 1024

    func register(on router: Router<ServerRequestContext>) {
        router.get("auth/:container") { request, context in
            try await page(context) { container in
                let apiTokenID = request.uri.queryParameters["apiToken"].map(String.init)
                _ = try await callback(ofAPIToken: apiTokenID, in: container)
                return Self.html(.ok, SignInPage.form(container: container.rawValue, apiTokenID: apiTokenID))
            }
        }
        router.post("auth/:container") { request, context in
            try await page(context) { container in
                var request = request
                guard let body = try? await request.body.collect(upTo: Self.formLimit) else {
                    return Self.html(.contentTooLarge, SignInPage.notice(title: "Sign in to \(container)", "The form is larger than a sign-in needs."))
                }
                let fields = FormFields(String(buffer: body))
                let apiTokenID = fields?["apiToken"].flatMap { $0.isEmpty ? nil : $0 }
                let name = fields?["name"] ?? ""
                do {
                    let callback = try await callback(ofAPIToken: apiTokenID, in: container)
                    guard !name.isEmpty, let password = fields?["password"], !password.isEmpty else { throw SignInFailure.incompleteForm }
                    let (user, token) = try await SignInService(storage: services.storage, configuration: services.configuration)
                        .signIn(name: name, password: password, in: container, throttle: services.signInThrottle)
                    guard let callback else {
                        return Self.html(.ok, SignInPage.token(token, user: user.name, container: container.rawValue))
                    }
                    return Response(
                        status: .seeOther, headers: [.location: Self.address(callback, carrying: token), .cacheControl: "no-store"])
                } catch let failure as SignInFailure {
                    return Self.html(
                        Self.status(of: failure), SignInPage.form(container: container.rawValue, apiTokenID: apiTokenID, name: name, message: failure.description))
                }
            }
        }
    }

    /// Answers for the container the path names, or a page saying there is none.
    private func page(_ context: ServerRequestContext, _ answer: (ContainerID) async throws -> Response) async throws -> Response {
        let text = context.parameters.get("container") ?? ""
        guard let container = ContainerID(rawValue: text), try await services.storage.container(container) != nil else {
            return Self.html(.notFound, SignInPage.notice(title: "No such container", "There is no container \(text) on this server."))
        }
        do {
            return try await answer(container)
        } catch SignInFailure.unknownAPIToken {
            return Self.html(.badRequest, SignInPage.notice(title: "Sign in to \(container)", SignInFailure.unknownAPIToken.description))
        }
    }

    /// The sign-in callback of the container's API token whose ID is `id` (`nil` when it has none, or when no
    /// token is named); `SignInFailure.unknownAPIToken` when the container has no such token.
    private func callback(ofAPIToken id: String?, in container: ContainerID) async throws -> String? {
        guard let id else { return nil }
        guard let token = try await services.storage.credentials(of: .apiToken, container: container).first(where: { $0.id == id }) else {
            throw SignInFailure.unknownAPIToken
        }
        return token.signInCallback
    }

    /// `callback` with `ckWebAuthToken` added to its query, percent-encoded.
    static func address(_ callback: String, carrying token: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        let encoded = token.addingPercentEncoding(withAllowedCharacters: allowed) ?? token
        return callback + (callback.contains("?") ? "&" : "?") + "ckWebAuthToken=" + encoded
    }

    private static func status(of failure: SignInFailure) -> HTTPResponse.Status {
        switch failure {
        case .wrongNameOrPassword: .unauthorized
        case .tooManyFailures: .tooManyRequests
        case .busy: .serviceUnavailable
        case .incompleteForm, .unknownAPIToken: .badRequest
        }
    }

    private static func html(_ status: HTTPResponse.Status, _ text: String) -> Response {
        Response(
            status: status, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }
}
