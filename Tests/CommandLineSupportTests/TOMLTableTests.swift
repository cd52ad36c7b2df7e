import CommandLineSupport
import Testing

@Suite("TOMLTable reads the TOML of ckdash's files")
struct TOMLTableTests {
    @Test("tables, quoted keys, every kind of value, comments and Windows line ends")
    func reads() throws {
        let table = try TOMLTable(parsing: """
            profile = "local"  # the default\r
            [profiles.local]\r
            server = "http://127.0.0.1:8080"
            "as-user" = 'mei # not a comment'
            note = "say \\"hi\\" # still text"
            retries = 1_000
            ratio = 0.5
            verbose = true

            [profiles."staging eu"]
            token = "ckm_1"
            """)
        #expect(table["profile"] == "local")
        #expect(table["profiles.local.server"] == "http://127.0.0.1:8080")
        #expect(table["profiles.local.as-user"] == "mei # not a comment")
        #expect(table["profiles.local.note"] == "say \"hi\" # still text")
        #expect(table["profiles.local.retries"] == "1_000")
        #expect(table["profiles.local.ratio"] == "0.5")
        #expect(table["profiles.local.verbose"] == "true")
        #expect(table["profiles.staging eu.token"] == "ckm_1")
        #expect(table.tableNames(under: "profiles") == ["local", "staging eu"])
    }

    @Test("each malformed line is reported with its number and what is wrong", arguments: [
        ("a = 1\nb", "line 2: expected key = value"),
        ("[profiles", "line 1: a table header is written [name]"),
        ("[[themes]]", "line 1: a table header is written [name]"),
        ("a = 1\na = 2", "line 2: a is set twice"),
        ("colour = red", "line 1: red is not a value: quote text, as \"red\""),
        ("a =", "line 1: a value is missing"),
        ("a = \"open", "line 1: a string is not closed"),
        ("a = 'open", "line 1: a string is not closed"),
        ("a = \"x\" y", "line 1: text after the closing quote"),
        ("a = \"\\q\"", "line 1: \\q is not an escape"),
        ("my key = 1", "line 1: \"my key\" is not a key"),
        ("[profiles.\"eu.west\"]", "line 1: \"eu.west\" is not a key this file may use: a quoted name may not hold a dot or a quote"),
    ])
    func reportsErrors(text: String, expected: String) {
        let error = #expect(throws: TOMLError.self) { try TOMLTable(parsing: text) }
        #expect(error?.description == expected)
    }
}
