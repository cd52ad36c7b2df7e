import CKModel
import CKSchema
import Foundation
import Testing

@testable import Dashboard

@Suite("A built query as a ckdash records query command and as its JSON request")
struct QueryCommandLineTests {
    private let session = Session(
        container: ContainerID(rawValue: "iCloud.com.example.Party"), environment: .development, database: .private,
        zone: ZoneID(zoneName: "Receipts"), user: ActingUser(userRecordName: "_demo", name: "demo"))

    private let query = Query(
        recordType: "Receipt",
        filterBy: [
            Filter(.field("merchant"), .beginsWith, .string("Book")),
            Filter(.field("merchant"), .notEquals, .string("it's")),
            Filter(.field("amount"), .greaterThanOrEquals, .double(12.5)),
            Filter(.field("merchant"), .in, .list(.string(["Bakery", "Grocer"]))),
        ],
        sortBy: [SortDescriptor(.field("amount"), ascending: false), SortDescriptor(.system(.createdTimestamp))])

    @Test("every option the command needs, each word quoted for a POSIX shell only when it has to be")
    func command() {
        let paging = QueryPaging(query: query, zone: session.zone, desiredKeys: ["amount", "merchant"], resultsLimit: 50)
        #expect(QueryCommandLine.command(for: paging, session: session) == """
            ckdash records query --container iCloud.com.example.Party --environment development --database private --as-user _demo \
            --zone Receipts --type Receipt --filter 'merchant BEGINS_WITH Book' --filter 'merchant != it'\\''s' \
            --filter 'amount >= 12.5' --filter 'merchant IN ["Bakery","Grocer"]' --sort amount:desc --sort createdTimestamp \
            --fields amount,merchant --limit 50
            """)
        let everything = QueryPaging(query: Query(recordType: "Party"), zone: nil, desiredKeys: nil, resultsLimit: nil)
        #expect(QueryCommandLine.command(for: everything, session: Session(container: ContainerID(rawValue: "iCloud.x"))) == """
            ckdash records query --container iCloud.x --environment development --database public --type Party --all
            """)
    }

    @Test("the command's words, split as a shell splits them, give back the same filters, sort keys, fields and limit")
    func commandRoundTrip() throws {
        let paging = QueryPaging(query: query, zone: session.zone, desiredKeys: ["amount"], resultsLimit: 7)
        let words = Self.shellSplit(QueryCommandLine.command(for: paging, session: session))
        func values(_ option: String) -> [String] {
            words.indices.filter { words[$0] == option && $0 + 1 < words.count }.map { words[$0 + 1] }
        }
        let receipt = RecordType(
            "Receipt", fields: [Field("merchant", .value(.string)), Field("amount", .value(.double)), Field("___createTime", .value(.timestamp))])
        #expect(try values("--filter").map { try FilterExpression.parse($0, recordType: receipt) } == query.filterBy)
        #expect(values("--sort") == ["amount:desc", "createdTimestamp"])
        #expect(values("--fields") == ["amount"] && values("--limit") == ["7"] && values("--as-user") == ["_demo"])
    }

    @Test("the JSON is the body of the first request the records screen sends: fields, zone, and a page size capped by the limit")
    func json() throws {
        let paging = QueryPaging(query: query, zone: session.zone, desiredKeys: ["amount"], resultsLimit: 50)
        let text = QueryRequestJSON.text(for: paging)
        let request = try JSONValueDecoder().decode(RecordsQuery.Request.self, from: Array(text.utf8))
        #expect(request == paging.request(from: 0, marker: nil))
        #expect(request.resultsLimit == 50 && request.desiredKeys == ["amount"] && request.zoneID?.zoneName == "Receipts" && request.query == query)
        #expect(text.contains("\n"))
        #expect(QueryRequestJSON.endpoint(for: session) == "POST /database/1/iCloud.com.example.Party/development/private/records/query")
        let unlimited = QueryPaging(query: query, zone: nil, desiredKeys: nil, resultsLimit: nil)
        #expect(try JSONValueDecoder().decode(RecordsQuery.Request.self, from: Array(QueryRequestJSON.text(for: unlimited).utf8)).resultsLimit == 200)
    }

    @Test("a limit caps the pages: the last one asks for what is left, and nothing is asked past it")
    func paging() {
        let paging = QueryPaging(query: query, zone: nil, desiredKeys: nil, resultsLimit: 250)
        #expect(paging.request(from: 0, marker: nil)?.resultsLimit == 200)
        #expect(paging.request(from: 200, marker: "m")?.resultsLimit == 50 && paging.request(from: 200, marker: "m")?.continuationMarker == "m")
        #expect(paging.request(from: 250, marker: "m") == nil)
        #expect(paging.marker(after: 0, count: 200, answered: "m") == "m")
        #expect(paging.marker(after: 200, count: 50, answered: "m") == nil)
    }

    /// `text` split into words as a POSIX shell does for plain words and single quotes (all the command uses).
    static func shellSplit(_ text: String) -> [String] {
        var words: [String] = []
        var word = ""
        var inWord = false
        var quoted = false
        var characters = text.makeIterator()
        while let character = characters.next() {
            if quoted {
                if character == "'" { quoted = false } else { word.append(character) }
            } else if character == "'" {
                quoted = true
                inWord = true
            } else if character == "\\" {
                if let next = characters.next() { word.append(next) }
                inWord = true
            } else if character == " " {
                if inWord { words.append(word) }
                word = ""
                inWord = false
            } else {
                word.append(character)
                inWord = true
            }
        }
        if inWord { words.append(word) }
        return words
    }
}
