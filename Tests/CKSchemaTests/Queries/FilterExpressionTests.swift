import CKModel
import CKSchema
import Testing

@Suite("Filters written as cktool writes them")
struct FilterExpressionTests {
    private let item = RecordType(
        "Item",
        fields: [
            Field("price", .value(.double)), Field("name", .value(.string)), Field("tags", .list(.string)), Field("place", .value(.location)),
            Field("count", .value(.int64)),
        ])

    @Test("operators, comparator names, lists, NEAR and system fields")
    func parses() throws {
        #expect(try FilterExpression.parse("price > 4", recordType: item) == Filter(.field("price"), .greaterThan, .double(4)))
        #expect(try FilterExpression.parse("price>=4.5", recordType: nil) == Filter(.field("price"), .greaterThanOrEquals, .double(4.5)))
        #expect(try FilterExpression.parse("name == 42", recordType: item) == Filter(.field("name"), .equals, .string("42")))
        #expect(try FilterExpression.parse("name begins_with Al", recordType: item) == Filter(.field("name"), .beginsWith, .string("Al")))
        #expect(try FilterExpression.parse("tags LIST_CONTAINS swift", recordType: item) == Filter(.field("tags"), .listContains, .string("swift")))
        #expect(try FilterExpression.parse("count IN [1, 2]", recordType: item) == Filter(.field("count"), .in, .list(.int64([1, 2]))))
        #expect(
            try FilterExpression.parse("place NEAR 37.5,-122.25 2km", recordType: item)
                == Filter(.field("place"), .near, .location(Location(latitude: 37.5, longitude: -122.25)), distance: 2000))
        #expect(
            try FilterExpression.parse("___createTime < 2026-01-01", recordType: item)
                == Filter(.system(.createdTimestamp), .lessThan, .timestamp(Timestamp(millisecondsSince1970: 1_767_225_600_000))))
        #expect(
            try FilterExpression.parse("recordName == item-1", recordType: item)
                == Filter(.system(.recordName), .equals, .reference(Reference(recordName: "item-1", action: ReferenceAction.none))))
    }

    @Test("a filter that cannot be read says what is wrong", arguments: [
        ("price", "write FIELD OPERATOR VALUE"), ("price ~ 4", "is not an operator"), ("colour == red", "Item has no field colour"),
        ("count == many", "\"many\" is not a valid INT64"), ("place NEAR 1,2", "NEAR takes a location and a radius"),
    ])
    func refusals(text: String, message: String) {
        #expect {
            try FilterExpression.parse(text, recordType: item)
        } throws: { error in
            "\(error)".contains(message)
        }
    }
}
