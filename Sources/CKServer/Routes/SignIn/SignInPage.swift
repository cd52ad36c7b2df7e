import Foundation

/// The HTML pages of the sign-in: the form, the token for those without a sign-in callback, and a notice.
/// Every text from outside (container, name, messages) is escaped.
enum SignInPage {
    /// The form asking for a user's name and password, with `message` above it (a failure, say), naming the API
    /// token signed in for and where the token goes, so that a look-alike link of another token shows itself.
    static func form(container: String, apiToken: CredentialRecord?, name: String = "", message: String? = nil) -> String {
        let token = apiToken.map { #"<input type="hidden" name="\#(SignInPageRoutes.apiTokenField)" value="\#(escaped($0.id))">"# } ?? ""
        let notice = message.map { #"<p class="message" role="alert">\#(escaped($0))</p>"# } ?? ""
        let destination = apiToken?.signInCallback.flatMap { URL(string: $0)?.host }
            .map { "then sends you to \(escaped($0)) signed in" } ?? "then shows you the web auth token to copy"
        let app = apiToken.map { "<p>For \(escaped($0.label)): this page checks your password, \(destination).</p>" } ?? ""
        return page(title: "Sign in to \(container)", body: """
            \(notice)
            \(app)
            <form method="post" action="">
            \(token)
            <label>Name <input name="name" autocomplete="username" value="\(escaped(name))" required autofocus></label>
            <label>Password <input name="password" type="password" autocomplete="current-password" required></label>
            <button type="submit">Sign in</button>
            </form>
            <p>No password yet? The administrator sets one with <code>ckserver user password YOUR-NAME --container \(escaped(container))</code>.</p>
            """)
    }

    /// The new web auth token, for an API token without a sign-in callback: to paste where it is asked for.
    static func token(_ token: String, user: String, container: String) -> String {
        page(title: "Signed in to \(container)", body: """
            <p>Signed in as \(escaped(user)). Paste this web auth token where your program asks for it; it is shown once.</p>
            <pre id="token">\(escaped(token))</pre>
            <p>Send it as <code>ckWebAuthToken</code> (percent-encoded) with your <code>ckAPIToken</code>; every response
            carries the next one in the <code>X-Apple-CloudKit-Web-Auth-Token</code> header.</p>
            """)
    }

    /// A page that only says something.
    static func notice(title: String, _ message: String) -> String {
        page(title: title, body: "<p>\(escaped(message))</p>")
    }

    private static func page(title: String, body: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
        <meta name="referrer" content="no-referrer"><title>\(escaped(title))</title>
        <style>body{font-family:system-ui,sans-serif;max-width:32em;margin:3em auto;padding:0 1em}label{display:block;margin:.8em 0}
        input{display:block;width:100%;padding:.4em}pre{white-space:pre-wrap;word-break:break-all;background:#eee;padding:.8em}
        .message{color:#a00}</style></head>
        <body><h1>\(escaped(title))</h1>
        \(body)
        </body></html>

        """
    }

    /// `text` with the characters HTML gives a meaning escaped.
    static func escaped(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
