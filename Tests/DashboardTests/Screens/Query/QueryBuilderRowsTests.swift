import CKModel
import CKSchema
import Foundation
import Testing

@testable import Dashboard

@Suite("The query builder's rows: index notes, values, and how a draft changes")
struct QueryBuilderRowsTests {
    static let party = RecordType(
        "Party",
        fields: [
            Field("___recordID", .value(.reference), indexes: [.queryable]), Field("___createTime", .value(.timestamp), indexes: [.sortable]),
            Field("name", .value(.string), indexes: [.queryable, .searchable, .sortable]), Field("background", .value(.string)),
            Field("date", .value(.timestamp), indexes: [.queryable, .sortable]), Field("location", .value(.location), indexes: [.queryable]),
            Field("tags", .list(.string), indexes: [.queryable]), Field("invitation", .value(.asset)),
        ])
    private let display = FieldValueDisplay(timeZone: TimeZone(identifier: "UTC")!)

    @Test("beside each filter and sort key: ✓, the index it needs, or that the field is not in this environment")
    func indexNotes() {
        var draft = QueryDraft(recordType: "Party")
        draft.filters = [
            .init(field: .field("name"), comparator: .beginsWith, value: .string("Pic")),
            .init(field: .field("background"), comparator: .equals, value: .string("#264653")),
            .init(field: .field("rsvpCount"), comparator: .greaterThan, value: .int64(10)),
            .init(field: .field("location"), comparator: .near, value: .location(Location(latitude: 48.8, longitude: 2.25)), distance: 5000),
        ]
        draft.sorts = [SortDescriptor(.system(.modifiedTimestamp), ascending: false)]
        let lines = QueryBuilderRows.lines(of: draft, recordType: Self.party, display: display)
        let notes = lines.compactMap { line in line.note.map { (line.row, $0.text(environment: .production)) } }
        #expect(notes.map(\.1) == ["✓", "needs QUERYABLE on background", "no field rsvpCount in production", "✓", "needs SORTABLE on ___modTime"])
        #expect(lines.first { $0.row == .filter(3) }?.parts == ["location", "NEAR", "within 5 km of 48.80000, 2.25000"])
        #expect(lines.first { $0.row == .sort(0) }?.parts == ["modifiedTimestamp", "descending ▼"])
    }

    @Test("without filters the query reads every record, which needs QUERYABLE on ___recordID")
    func unfiltered() {
        let draft = QueryDraft(recordType: "Party")
        let add = QueryBuilderRows.lines(of: draft, recordType: Self.party, display: display).first { $0.row == .addFilter }
        #expect(add?.note == .present)
        let bare = RecordType("Bare", fields: [Field("x", .value(.string))])
        #expect(QueryBuilderRows.lines(of: draft, recordType: bare, display: display).first { $0.row == .addFilter }?.note
            == .missing(.queryable, field: "___recordID"))
    }

    @Test("a row without its value is shown as such and keeps the query from running, saying which row")
    func incompleteRow() {
        var draft = QueryDraft(recordType: "Party")
        draft.filters = [.init(field: .field("date"), comparator: .greaterThanOrEquals)]
        #expect(QueryBuilderRows.lines(of: draft, recordType: Self.party, display: display).first { $0.row == .filter(0) }?.isPlaceholder == true)
        #expect(throws: QueryDraftError.self) { try draft.query() }
        #expect((try? draft.query()) == nil)
        do {
            _ = try draft.query()
        } catch {
            #expect(error.description == "filter 1 (date >=) has no value: Enter on it types one")
        }
    }

    @Test("changing a row's field keeps what still fits its type; changing the comparator keeps a value of the same shape")
    func editing() {
        var draft = QueryDraft(recordType: "Party", query: Query(recordType: "Party", filterBy: [Filter(.field("name"), .beginsWith, .string("Pic"))]))
        draft.setField(.field("background"), type: .value(.string), ofFilter: 0)
        #expect(draft.filters[0] == .init(field: .field("background"), comparator: .beginsWith, value: .string("Pic")))
        draft.setField(.field("date"), type: .value(.timestamp), ofFilter: 0)
        #expect(draft.filters[0] == .init(field: .field("date"), comparator: .equals, value: nil))
        draft.filters[0].value = .timestamp(Timestamp(millisecondsSince1970: 0))
        draft.setComparator(.lessThan, type: .value(.timestamp), ofFilter: 0)
        #expect(draft.filters[0].value != nil)
        draft.setComparator(.in, type: .value(.timestamp), ofFilter: 0)
        #expect(draft.filters[0].value == nil)
    }

    @Test("the rows j and k move between, and what Tab moves between in each")
    func rows() {
        var draft = QueryDraft(recordType: "Party")
        draft.filters = [.init(field: .field("name"), comparator: .equals, value: .string("x"))]
        draft.sorts = [SortDescriptor(.field("date"))]
        #expect(QueryBuilderRow.rows(of: draft) == [.filter(0), .addFilter, .sort(0), .addSort, .fields, .limit, .run])
        #expect(QueryBuilderRow.filter(0).partCount == 3 && QueryBuilderRow.sort(0).partCount == 2 && QueryBuilderRow.run.partCount == 1)
    }

    @Test("dates typed as a day and a time in the dashboard's time zone, and refused when they do not exist")
    func dateParts() throws {
        let paris = try #require(TimeZone(identifier: "Europe/Paris"))
        let date = try #require(DateParts.date(day: "2026-07-14", time: "21:30", in: paris))
        #expect(Timestamp(date).millisecondsSince1970 == 1_784_057_400_000)
        let text = DateParts.text(of: date, in: paris)
        #expect(text.day == "2026-07-14" && text.time == "21:30")
        #expect(DateParts.date(day: "2026-02-30", time: "00:00", in: paris) == nil)
        #expect(DateParts.date(day: "14/07/2026", time: "00:00", in: paris) == nil)
        #expect(DateParts.time("24:00") == nil && DateParts.time("09:05:30")?.second == 30)
    }
}
