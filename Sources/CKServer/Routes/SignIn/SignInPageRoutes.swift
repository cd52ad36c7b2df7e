import CKModel
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// `/auth/{container}`: where `AUTHENTICATION_REQUIRED`'s `redirectURL` sends people to sign in, as Apple's
/// sign-in page does for CloudKit. `GET` shows a form asking for the user's name and password; `POST` checks
/// them and, for the API token the link names (`?apiTokenID=ID`), sends the browser to that token's sign-in
/// callback with `ckWebAuthToken=…`, or shows the token when the API token has no callback. Every answer is an
/// HTML page, failures included: a person reads it, not a CloudKit client.
struct SignInPageRoutes {
    let services: ServerServices

    /// The most a form may carry: a name, a password of at most 1 KB and an API token's ID, encoded.
    static let formLimit = 8 * 1024
    /// The query parameter and form field naming the API token (its ID, never the token).
    static let apiTokenField = "apiTokenID"

    func register(on router: Router<ServerRequestContext>) {
        router.get("auth/:container") { request, context in
            try await page(context) { container in
                let apiToken = try await apiToken(Self.nonEmpty(request.uri.queryParameters[Substring(Self.apiTokenField)].map(String.init)), in: container)
                return Self.html(.ok, SignInPage.form(container: container.rawValue, apiToken: apiToken))
            }
        }
        router.post("auth/:container") { request, context in
            try await page(context) { container in
                guard try Self.comesFromThisServer(request, configuration: services.configuration) else {
                    return Self.html(.forbidden, SignInPage.notice(title: "Sign in to \(container)", "This form was sent from another site: sign in on this server's own page."))
                }
                var request = request
                let body: ByteBuffer
                do {
                    body = try await request.body.collect(upTo: Self.formLimit)
                } catch is NIOTooManyBytesError {
                    return Self.html(.contentTooLarge, SignInPage.notice(title: "Sign in to \(container)", "The form is larger than a sign-in needs."))
                } catch let expired as BodyDeadline.Expired {
                    return Self.html(
                        .badRequest, SignInPage.notice(title: "Sign in to \(container)", "The form did not arrive within \(expired.deadline): send it again."))
                }
                let fields = FormFields(String(buffer: body))
                let name = fields?["name"] ?? ""
                var apiToken: CredentialRecord?
                do {
                    apiToken = try await self.apiToken(Self.nonEmpty(fields?[Self.apiTokenField]), in: container)
                    guard !name.isEmpty, let password = fields?["password"], !password.isEmpty else { throw SignInFailure.incompleteForm }
                    let (user, token) = try await SignInService(storage: services.storage, configuration: services.configuration)
                        .signIn(name: name, password: password, in: container, throttle: services.signInThrottle)
                    guard let callback = apiToken?.signInCallback else {
                        return Self.html(.ok, SignInPage.token(token, user: user.name, container: container.rawValue))
                    }
                    return Response(
                        status: .seeOther, headers: [.location: Self.address(callback, carrying: token), .cacheControl: "no-store"])
                } catch let failure as SignInFailure where failure != .unknownAPIToken {
                    var response = Self.html(
                        Self.status(of: failure),
                        SignInPage.form(container: container.rawValue, apiToken: apiToken, name: name, message: failure.description))
                    if let wait = failure.retryAfter { response.headers[.retryAfter] = String(wait) }
                    return response
                }
            }
        }
    }

    /// Answers for the container the path names, or a page saying there is none; a failure that is not the
    /// visitor's (storage unreachable, say) is a page asking to try again, never CloudKit's JSON.
    private func page(_ context: ServerRequestContext, _ answer: (ContainerID) async throws -> Response) async throws -> Response {
        let text = context.parameters.get("container") ?? ""
        do {
            guard let container = ContainerID(rawValue: text), try await services.storage.container(container) != nil else {
                return Self.html(.notFound, SignInPage.notice(title: "No such container", "There is no container \(text) on this server."))
            }
            do {
                return try await answer(container)
            } catch SignInFailure.unknownAPIToken {
                return Self.html(.badRequest, SignInPage.notice(title: "Sign in to \(container)", SignInFailure.unknownAPIToken.description))
            }
        } catch {
            var response = Self.html(.serviceUnavailable, SignInPage.notice(title: "Cannot sign in now", "The server cannot sign you in now: try again in a moment."))
            response.headers[.retryAfter] = "5"
            return response
        }
    }

    /// The container's API token whose ID is `id` (`nil` when none is named); `SignInFailure.unknownAPIToken`
    /// when the container has no such token.
    private func apiToken(_ id: String?, in container: ContainerID) async throws -> CredentialRecord? {
        guard let id else { return nil }
        guard let token = try await services.storage.credentials(of: .apiToken, container: container).first(where: { $0.id == id }) else {
            throw SignInFailure.unknownAPIToken
        }
        return token
    }

    /// Whether a form comes from this server's own page: a browser names the page's origin in `Origin`, which
    /// must be this server's; a request without one (not from a browser's form) is let through.
    private static func comesFromThisServer(_ request: Request, configuration: ServerConfiguration) throws -> Bool {
        guard let origin = request.headers[.origin] else { return true }
        return origin == Self.origin(of: try PublicAddress.url(for: request, configuration: configuration))
    }

    /// The origin (`scheme://host[:port]`, the scheme's own port left out) of `address`.
    static func origin(of address: String) -> String? {
        guard let url = URL(string: address), let scheme = url.scheme?.lowercased(), let host = url.host else { return nil }
        let usual = ["http": 80, "https": 443][scheme]
        let port = url.port.flatMap { $0 == usual ? nil : ":\($0)" } ?? ""
        let bracketed = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        return "\(scheme)://\(bracketed)\(port)"
    }

    /// `callback` with `ckWebAuthToken` added to its query, percent-encoded.
    static func address(_ callback: String, carrying token: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        let encoded = token.addingPercentEncoding(withAllowedCharacters: allowed) ?? token
        return callback + (callback.contains("?") ? "&" : "?") + "ckWebAuthToken=" + encoded
    }

    private static func nonEmpty(_ text: String?) -> String? {
        text.flatMap { $0.isEmpty ? nil : $0 }
    }

    private static func status(of failure: SignInFailure) -> HTTPResponse.Status {
        switch failure {
        case .wrongNameOrPassword: .unauthorized
        case .tooManyFailures: .tooManyRequests
        case .busy: .serviceUnavailable
        case .incompleteForm, .unknownAPIToken: .badRequest
        }
    }

    private static let frameOptions = HTTPField.Name("X-Frame-Options")!

    /// A page that no other site may frame and that loads nothing, never cached. (No `form-action`: browsers
    /// apply it to the redirect to the sign-in callback too.)
    static func html(_ status: HTTPResponse.Status, _ text: String) -> Response {
        Response(
            status: status,
            headers: [
                .contentType: "text/html; charset=utf-8", .cacheControl: "no-store", Self.frameOptions: "DENY",
                .contentSecurityPolicy: "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
            ],
            body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }
}
