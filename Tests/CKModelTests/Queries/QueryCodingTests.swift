import CKModel
import Foundation
import Testing

@Suite("Queries, filters and sort descriptors on the wire")
struct QueryCodingTests {
    @Test("every comparator's name round-trips", arguments: FilterComparator.allCases)
    func comparators(comparator: FilterComparator) throws {
        let filter = Filter(.field("tags"), comparator, .list(.string(["a"])))
        let object = try jsonObject(filter)
        #expect(object["comparator"] as? String == comparator.rawValue)
        #expect(object["fieldName"] as? String == "tags")
        #expect(try JSONDecoder().decode(Filter.self, from: JSONEncoder().encode(filter)) == filter)
    }

    @Test("cktool's LIST_NOT_CONTAINS_ANY spelling reads as NOT_LIST_CONTAINS_ANY; unknown comparators are errors")
    func comparatorSpellings() throws {
        let filter = try decode(Filter.self, #"{"fieldName":"t","comparator":"LIST_NOT_CONTAINS_ANY","fieldValue":{"value":["a"]}}"#)
        #expect(filter.comparator == .notListContainsAny)
        let error = try #require(throws: DecodingError.self) {
            try decode(Filter.self, #"{"fieldName":"t","comparator":"LIKE","fieldValue":{"value":"a"}}"#)
        }
        #expect(decodingMessage(error).contains("LIKE"))
    }

    @Test("a filter value that does not fit its tag names the filter's field")
    func filterValueErrorNamesField() throws {
        let error = try #require(throws: DecodingError.self) {
            try decode(Query.self, #"{"recordType":"T","filterBy":[{"fieldName":"date","comparator":"EQUALS","fieldValue":{"type":"TIMESTAMP","value":"soon"}}]}"#)
        }
        #expect(decodingMessage(error).hasPrefix("Invalid value for field 'date': expected TIMESTAMP"))
        let system = try #require(throws: DecodingError.self) {
            try decode(Filter.self, #"{"systemFieldName":"createdTimestamp","comparator":"EQUALS","fieldValue":{"type":"TIMESTAMP","value":"soon"}}"#)
        }
        #expect(decodingMessage(system).contains("'createdTimestamp'"))
    }

    @Test("a filter on a system field uses systemFieldName; NEAR carries a distance")
    func systemFieldsAndDistance() throws {
        let byCreation = Filter(.system(.createdTimestamp), .greaterThan, .timestamp(Timestamp(millisecondsSince1970: 5)))
        let object = try jsonObject(byCreation)
        #expect(object["systemFieldName"] as? String == "createdTimestamp")
        #expect(object["fieldName"] == nil)
        let near = try decode(Filter.self, #"{"fieldName":"place","comparator":"NEAR","distance":1000,"fieldValue":{"value":{"latitude":1,"longitude":2},"type":"LOCATION"}}"#)
        #expect(near == Filter(.field("place"), .near, .location(Location(latitude: 1, longitude: 2)), distance: 1000))
        #expect(throws: DecodingError.self) { try decode(Filter.self, #"{"comparator":"EQUALS","fieldValue":{"value":1}}"#) }
    }

    @Test("every system field name maps to its schema field")
    func systemFieldNames() {
        #expect(SystemFieldName.allCases.map(\.schemaFieldName) == [
            "___recordID", "___share", "___parent", "___createdBy", "___createTime", "___modTime", "___modifiedBy",
        ])
    }

    @Test("sort descriptors default to ascending and carry relativeLocation as a location value")
    func sortDescriptors() throws {
        #expect(try decode(SortDescriptor.self, #"{"fieldName":"date"}"#) == SortDescriptor(.field("date")))
        let byDistance = try decode(SortDescriptor.self, #"{"fieldName":"place","ascending":false,"relativeLocation":{"value":{"latitude":3,"longitude":4}}}"#)
        #expect(byDistance == SortDescriptor(.field("place"), ascending: false, relativeLocation: Location(latitude: 3, longitude: 4)))
        let object = try jsonObject(byDistance)
        #expect(((object["relativeLocation"] as? NSDictionary)?["value"] as? NSDictionary)?["latitude"] as? Double == 3)
        #expect(throws: DecodingError.self) {
            try decode(SortDescriptor.self, #"{"fieldName":"place","relativeLocation":{"value":"here"}}"#)
        }
    }

    @Test("the reference's query request decodes and encodes back to the same JSON")
    func queryRequest() throws {
        let data = try fixture("records-query-request.json")
        let request = try JSONDecoder().decode(RecordsQuery.Request.self, from: data)
        #expect(request.query.recordType == "Artwork")
        #expect(request.query.filterBy?.count == 2)
        #expect(request.query.filterBy?[0].fieldValue == .reference(Reference(recordName: "Mei Chen", action: ReferenceAction.none)))
        #expect(request.query.sortBy == [SortDescriptor(.system(.createdTimestamp), ascending: false)])
        #expect(request.desiredKeys == ["title", "image"])
        #expect(request.resultsLimit == 100)
        let original = try #require(try JSONSerialization.jsonObject(with: data) as? NSDictionary)
        let expected = original.mutableCopy() as! NSMutableDictionary
        expected.removeObject(forKey: "continuationMarker")
        #expect(try jsonObject(request) == expected)
    }
}
