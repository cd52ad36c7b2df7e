import CKModel
import Foundation
import CKTestSupport
import Testing

/// Feeds the decoders truncated and mutated versions of the fixture bodies: each must decode or throw,
/// never crash.
@Suite("Decoders on malformed input")
struct MalformedJSONTests {
    /// Each fixture with a decoder that reads it.
    static let fixtures: [(String, @Sendable (Data) throws -> Void)] = [
        ("records-query-request.json", { _ = try JSONDecoder().decode(RecordsQuery.Request.self, from: $0) }),
        ("records-modify-request.json", { _ = try JSONDecoder().decode(RecordsModify.Request.self, from: $0) }),
        ("records-modify-response.json", { _ = try JSONDecoder().decode(RecordsModify.Response.self, from: $0) }),
        ("request-error.json", { _ = try JSONDecoder().decode(ServerError.self, from: $0) }),
        ("subscriptions-modify-request.json", { _ = try JSONDecoder().decode([String: [SubscriptionOperation]].self, from: $0) }),
        ("users-caller-response.json", { _ = try JSONDecoder().decode([String: [UserIdentity]].self, from: $0) }),
    ]

    @Test("every fixture decodes as it is", arguments: fixtures.indices)
    func intact(index: Int) throws {
        let (name, decodeBody) = Self.fixtures[index]
        try decodeBody(try fixture(name))
    }

    @Test("every truncation of a fixture is rejected", arguments: fixtures.indices)
    func truncated(index: Int) throws {
        let (name, decodeBody) = Self.fixtures[index]
        let data = try fixture(name)
        let end = data.lastIndex { !Set(" \n\r\t".utf8).contains($0) } ?? data.endIndex
        for length in stride(from: 0, to: end, by: 1) {
            #expect(throws: (any Error).self, "\(name) cut at \(length)") { try decodeBody(data.prefix(length)) }
        }
    }

    @Test("mutated fixtures decode or throw, never crash", arguments: fixtures.indices)
    func mutated(index: Int) throws {
        let (name, decodeBody) = Self.fixtures[index]
        let tree = try JSONSerialization.jsonObject(with: fixture(name))
        var generator = SeededGenerator(seed: UInt64(index) + 1)
        var rejected = 0
        for _ in 0..<400 {
            let mutant = JSONMutator.mutate(tree, using: &generator)
            let data = try JSONSerialization.data(withJSONObject: mutant, options: [.fragmentsAllowed])
            do {
                try decodeBody(data)
            } catch {
                rejected += 1
            }
        }
        #expect(rejected > 0, "no mutation of \(name) was rejected: the decoder accepts anything")
    }
}

/// Replaces one node of a JSON tree with a value of another kind, or one chosen to stress decoders.
enum JSONMutator {
    static func replacements() -> [Any] {
        [
        NSNull(), true, 0, -1, 1.5, 1e300, -9.3e18, 9_223_372_036_854_775_807, "", "x", "AAE=", "LIST", "NOT_A_TYPE",
        [Any](), [1, "a"], [[1]], [String: Any](), ["recordName": 5], ["latitude": "n"], ["value": NSNull()],
        ]
    }

    static func mutate(_ node: Any, using generator: inout SeededGenerator) -> Any {
        let count = nodeCount(node)
        let target = Int.random(in: 0..<count, using: &generator)
        var counter = 0
        let replacement = replacements().randomElement(using: &generator)!
        return replace(node, target: target, counter: &counter, with: replacement)
    }

    private static func nodeCount(_ node: Any) -> Int {
        if let object = node as? [String: Any] {
            return 1 + object.values.map(nodeCount).reduce(0, +)
        }
        if let array = node as? [Any] {
            return 1 + array.map(nodeCount).reduce(0, +)
        }
        return 1
    }

    /// Replaces the node at pre-order position `target`; `counter` counts the nodes visited so far.
    private static func replace(_ node: Any, target: Int, counter: inout Int, with replacement: Any) -> Any {
        let index = counter
        counter += 1
        if index == target {
            return replacement
        }
        if let object = node as? [String: Any] {
            var result: [String: Any] = [:]
            for key in object.keys.sorted() {
                result[key] = replace(object[key]!, target: target, counter: &counter, with: replacement)
            }
            return result
        }
        if let array = node as? [Any] {
            var result: [Any] = []
            for element in array {
                result.append(replace(element, target: target, counter: &counter, with: replacement))
            }
            return result
        }
        return node
    }
}
