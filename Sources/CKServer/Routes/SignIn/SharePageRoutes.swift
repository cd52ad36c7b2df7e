import Hummingbird

/// `/share/{shortGUID}`: the page a share's link (`webpageURL`) opens in a browser, as Apple's share links open a
/// page that sends people to the app. It says how to join with the link and reads nothing about the share, so the
/// link tells no one without an account more than it already says.
struct SharePageRoutes {
    /// The link of the share with `shortGUID` on the server at `serverURL`.
    static func address(of shortGUID: String, serverURL: String) -> String {
        "\(serverURL)/share/\(shortGUID)"
    }

    func register(on router: Router<ServerRequestContext>) {
        router.get("share/:shortGUID") { _, context in
            let shortGUID = context.parameters.get("shortGUID") ?? ""
            guard Self.isShortGUID(shortGUID) else {
                return SignInPageRoutes.html(.notFound, SignInPage.notice(title: "No such share", "This is not a share's link."))
            }
            return SignInPageRoutes.html(.ok, SignInPage.notice(
                title: "A shared CloudKit record",
                "Someone shared records with you. Open this link in the app they were shared from, signed in, to join; "
                    + "in ckdash, :accept \(shortGUID) joins as the user you act as."))
        }
    }

    /// Whether `text` can be a short GUID: letters and digits, as shares are given (`SharePlanning.newShortGUID`).
    private static func isShortGUID(_ text: String) -> Bool {
        (1...64).contains(text.count) && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
    }
}
