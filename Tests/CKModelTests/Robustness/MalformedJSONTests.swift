import CKModel
import Foundation
import CKTestSupport
import Testing

/// Feeds both decoders (Foundation's and `JSONValueDecoder`) truncated and mutated versions of the fixture
/// bodies: each must decode or throw, never crash.
@Suite("Decoders on malformed input")
struct MalformedJSONTests {
    /// Each fixture with a decoding that reads it.
    static let fixtures: [(String, @Sendable (DecoderKind, Data) throws -> Void)] = [
        ("records-query-request.json", { _ = try $0.decode(RecordsQuery.Request.self, from: $1) }),
        ("records-modify-request.json", { _ = try $0.decode(RecordsModify.Request.self, from: $1) }),
        ("records-modify-response.json", { _ = try $0.decode(RecordsModify.Response.self, from: $1) }),
        ("request-error.json", { _ = try $0.decode(ServerError.self, from: $1) }),
        ("subscriptions-modify-request.json", { _ = try $0.decode([String: [SubscriptionOperation]].self, from: $1) }),
        ("users-caller-response.json", { _ = try $0.decode([String: [UserIdentity]].self, from: $1) }),
    ]

    @Test("every fixture decodes as it is", arguments: fixtures.indices, DecoderKind.allCases)
    func intact(index: Int, decoder: DecoderKind) throws {
        let (name, decodeBody) = Self.fixtures[index]
        try decodeBody(decoder, try fixture(name))
    }

    @Test("every truncation of a fixture is rejected", arguments: fixtures.indices, DecoderKind.allCases)
    func truncated(index: Int, decoder: DecoderKind) throws {
        let (name, decodeBody) = Self.fixtures[index]
        let data = try fixture(name)
        let end = data.lastIndex { !Set(" \n\r\t".utf8).contains($0) } ?? data.endIndex
        for length in stride(from: 0, to: end, by: 1) {
            #expect(throws: (any Error).self, "\(name) cut at \(length)") { try decodeBody(decoder, data.prefix(length)) }
        }
    }

    @Test("mutated fixtures decode or throw, never crash, and both decoders agree", arguments: fixtures.indices)
    func mutated(index: Int) throws {
        let (name, decodeBody) = Self.fixtures[index]
        let tree = try JSONSerialization.jsonObject(with: fixture(name))
        var generator = SeededGenerator(seed: UInt64(index) + 1)
        var rejected = 0
        for _ in 0..<400 {
            let mutant = JSONMutator.mutate(tree, using: &generator)
            let data = try JSONSerialization.data(withJSONObject: mutant, options: [.fragmentsAllowed])
            let fast = Result { try decodeBody(.fast, data) }
            let foundation = Result { try decodeBody(.foundation, data) }
            switch (fast, foundation) {
            case (.success, .success):
                break
            case (.failure(let error), .failure(let expected)):
                rejected += 1
                // Foundation calls a number out of range for its type invalid JSON; ours names the number.
                let outOfRange = decodingMessage(error).hasPrefix("Parsed JSON number")
                    && decodingMessage(expected) == "The given data was not valid JSON."
                #expect(outOfRange || decodingMessage(error) == decodingMessage(expected), "\(String(decoding: data, as: UTF8.self))")
            default:
                Issue.record("the decoders disagree on \(String(decoding: data, as: UTF8.self)): \(fast) vs \(foundation)")
            }
        }
        #expect(rejected > 0, "no mutation of \(name) was rejected: the decoder accepts anything")
    }
}

/// The two decoders the robustness tests run: Foundation's and ours.
enum DecoderKind: CaseIterable, Sendable {
    case foundation, fast

    func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        switch self {
        case .foundation: try JSONDecoder().decode(type, from: data)
        case .fast: try JSONValueDecoder().decode(type, from: data)
        }
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
