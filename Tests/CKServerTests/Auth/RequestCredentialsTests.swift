import Testing

@testable import CKServer

@Suite("Reading a request's credentials")
struct RequestCredentialsTests {
    @Test("a bearer token is read without the spaces and tabs around it, and nothing else is taken off", arguments: [
        ("", ""), (" \t", ""), ("a", "a"), (" a\t", "a"), ("\t\ta b  ", "a b"), ("é ", "é"), ("\u{A0}a", "\u{A0}a"),
    ])
    func trimming(text: String, trimmed: String) {
        #expect(RequestCredentials.trimmingSpacesAndTabs(Substring(text).utf8) == trimmed)
    }
}
