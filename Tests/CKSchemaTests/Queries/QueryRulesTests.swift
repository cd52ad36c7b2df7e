import CKModel
import CKSchema
import Foundation
import Testing

@Suite("Which comparators and indexes a query on a field needs")
struct QueryRulesTests {
    private let party: RecordType = {
        let schema = try? SchemaParser.parse("""
            DEFINE SCHEMA RECORD TYPE Party (
                "___createTime" TIMESTAMP SORTABLE, "___recordID" REFERENCE QUERYABLE, background STRING,
                date TIMESTAMP QUERYABLE SORTABLE, location LOCATION QUERYABLE, name STRING QUERYABLE SEARCHABLE SORTABLE,
                tags LIST<STRING> QUERYABLE
            );
            """)
        return schema?.recordType(named: "Party") ?? RecordType("Party", fields: [])
    }()

    @Test("each type offers only the comparators that make sense on it")
    func comparatorsPerType() {
        #expect(QueryComparators.valid(for: .value(.string)).contains(.beginsWith))
        #expect(QueryComparators.valid(for: .value(.string)).contains(.containsAnyTokens))
        #expect(!QueryComparators.valid(for: .value(.int64)).contains(.beginsWith))
        #expect(QueryComparators.valid(for: .value(.int64)).contains(.greaterThanOrEquals))
        #expect(QueryComparators.valid(for: .value(.timestamp)).contains(.lessThan))
        #expect(QueryComparators.valid(for: .value(.location)) == [.near])
        #expect(QueryComparators.valid(for: .value(.reference)) == [.equals, .notEquals, .in, .notIn])
        #expect(QueryComparators.valid(for: .list(.string)).contains(.listMemberBeginsWith))
        #expect(!QueryComparators.valid(for: .list(.int64)).contains(.listMemberBeginsWith))
        #expect(!QueryComparators.valid(for: .list(.int64)).contains(.equals))
        #expect(QueryComparators.valid(for: .value(.asset)).isEmpty)
        #expect(QueryComparators.valid(for: .value(.bytes)).isEmpty)
        #expect(QueryComparators.valid(for: FieldType(.encrypted(.string))).isEmpty)
        #expect(QueryComparators.isSortable(.value(.timestamp)) && !QueryComparators.isSortable(.list(.string)))
        #expect(!QueryComparators.isSortable(.value(.location)))
    }

    @Test("equality needs QUERYABLE, ranges and sorts SORTABLE, tokens SEARCHABLE, no filter QUERYABLE on ___recordID")
    func indexes() {
        let prefix = QueryIndexes.requirement(for: Filter(.field("name"), .beginsWith, .string("Pic")))
        #expect(prefix == QueryIndexes.Requirement(.field("name"), .queryable) && prefix.isMet(by: party))
        let range = QueryIndexes.requirement(for: Filter(.field("date"), .greaterThan, .timestamp(Timestamp(millisecondsSince1970: 0))))
        #expect(range.index == .sortable && range.isMet(by: party))
        let tokens = QueryIndexes.requirement(for: Filter(.field("background"), .containsAnyTokens, .string("blue")))
        #expect(tokens.index == .searchable && !tokens.isMet(by: party))
        #expect(QueryIndexes.requirement(for: Filter(.field("location"), .near, .location(Location(latitude: 1, longitude: 2)), distance: 5)).isMet(by: party))
        #expect(QueryIndexes.requirement(for: SortDescriptor(.system(.createdTimestamp))).isMet(by: party))
        #expect(!QueryIndexes.requirement(for: SortDescriptor(.system(.modifiedTimestamp))).isMet(by: party))
        #expect(QueryIndexes.unfiltered.isMet(by: party))
        #expect(!QueryIndexes.unfiltered.isMet(by: RecordType("Bare", fields: [Field("x", .value(.string))])))
    }

    @Test("a filter written out reads back as the same filter, with or without the schema")
    func formatRoundTrip() throws {
        let filters = [
            Filter(.field("name"), .beginsWith, .string("Pic")),
            Filter(.field("name"), .equals, .string("42")),
            Filter(.field("name"), .equals, .string("  padded ")),
            Filter(.field("name"), .equals, .string("")),
            Filter(.field("name"), .notEquals, .string("it's \"quoted\"")),
            Filter(.field("name"), .in, .list(.string(["a b", "c"]))),
            Filter(.field("date"), .greaterThanOrEquals, .timestamp(Timestamp(millisecondsSince1970: 1_767_225_600_123))),
            Filter(.field("location"), .near, .location(Location(latitude: 48.8, longitude: 2.25)), distance: 2500),
            Filter(.field("tags"), .listContainsAny, .list(.string(["music", "food"]))),
            Filter(.field("tags"), .listContains, .string("music")),
            Filter(.system(.recordName), .equals, .reference(Reference(recordName: "party-1", action: ReferenceAction.none))),
            Filter(.system(.createdTimestamp), .lessThan, .timestamp(Timestamp(millisecondsSince1970: 0))),
        ]
        for filter in filters {
            let text = FilterExpression.format(filter)
            #expect(try FilterExpression.parse(text, recordType: party) == filter, "\(text)")
        }
        #expect(FilterExpression.format(filters[0]) == "name BEGINS_WITH Pic")
        #expect(FilterExpression.format(filters[1]) == #"name == "42""#)
        #expect(FilterExpression.format(filters[7]) == "location NEAR 48.8,2.25 2500")
        #expect(try FilterExpression.parse(FilterExpression.format(filters[1]), recordType: nil) == filters[1])
    }
}
