import HTTPTypes
import Hummingbird

/// `GET /auth/{container}`: where `AUTHENTICATION_REQUIRED` sends people, saying how to get a web auth token.
struct SignInPageRoutes {
    func register(on router: Router<ServerRequestContext>) {
        router.get("auth/:container") { _, context in
            let container = context.parameters.get("container") ?? "CONTAINER"
            let text = """
                This ckserver signs users in with web auth tokens that its administrator issues.

                To get one for \(container), ask the administrator to run:

                    ckserver user create --container \(container) YOUR-NAME --data DATA-FOLDER

                and send the printed token as ckWebAuthToken (percent-encoded) with your ckAPIToken.
                Every response carries the next token in the X-Apple-CloudKit-Web-Auth-Token header.

                """
            return Response(
                status: .ok, headers: [.contentType: "text/plain; charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
        }
    }
}
