import CKSchema
import CKTestSupport
import Testing

/// Feeds the parser truncated and mutated fixtures: it must return a schema or a syntax error, never crash
/// or hang, and whatever it accepts must validate, lint, print and diff without crashing.
@Suite("The parser on malformed input")
struct ParserRobustnessTests {
    /// Exercises everything downstream of the parser on a schema it accepted.
    private func exercise(_ schema: Schema) {
        _ = SchemaValidator.errors(in: schema)
        _ = SchemaLinter.warnings(for: schema.canonical)
        _ = SchemaPrinter.print(schema)
        _ = SchemaDiff(production: Schema(), development: schema).apply(to: Schema())
    }

    @Test("every truncation of a fixture is an error or a schema", arguments: fixtureNames)
    func truncations(name: String) throws {
        let text = try fixtureText(name)
        var rejected = 0
        var cut = text.startIndex
        while cut < text.endIndex {
            do {
                exercise(try SchemaParser.parse(String(text[..<cut])))
            } catch {
                #expect(error.location.line >= 1 && error.location.column >= 1)
                rejected += 1
            }
            cut = text.index(after: cut)
        }
        #expect(rejected > text.count / 2)
    }

    @Test("mutated fixtures are an error or a schema", arguments: fixtureNames)
    func mutations(name: String) throws {
        let text = Array(try fixtureText(name))
        let alphabet = Array("();,<>\"'/*-_ \nAZaz09GRANTLIST")
        var generator = SeededGenerator(seed: UInt64(text.count))
        var rejected = 0
        for _ in 0..<300 {
            var mutant = text
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let position = Int.random(in: 0..<mutant.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: mutant[position] = alphabet.randomElement(using: &generator)!
                case 1: mutant.remove(at: position)
                default: mutant.insert(alphabet.randomElement(using: &generator)!, at: position)
                }
            }
            do {
                exercise(try SchemaParser.parse(String(mutant)))
            } catch {
                rejected += 1
            }
        }
        #expect(rejected > 0)
    }

    @Test("deeply repeated and huge input is handled")
    func pathological() throws {
        let manyTypes = "DEFINE SCHEMA " + (0..<2000).map { "RECORD TYPE T\($0) (a STRING);" }.joined()
        #expect(try SchemaParser.parse(manyTypes).recordTypes.count == 2000)
        let manyFields = "DEFINE SCHEMA RECORD TYPE T (" + (0..<10_000).map { "f\($0) STRING" }.joined(separator: ", ") + ");"
        #expect(try SchemaParser.parse(manyFields).recordTypes.first?.fields.count == 10_000)
        let longName = try SchemaParser.parse("DEFINE SCHEMA RECORD TYPE " + String(repeating: "a", count: 100_000) + " (b STRING);")
        #expect(SchemaValidator.errors(in: longName).map(\.rule) == ["invalid-name"])
        #expect(throws: SchemaSyntaxError.self) { try SchemaParser.parse("DEFINE SCHEMA RECORD TYPE T (a LIST<LIST<STRING>>);") }
        #expect(throws: SchemaSyntaxError.self) { try SchemaParser.parse("DEFINE SCHEMA RECORD TYPE T (a STRING, \u{0});") }
    }
}
