import CKModel
import CKSchema

/// Parsing, printing, validating, linting and diffing a large schema.
enum SchemaBenchmarks {
    /// A schema of `count` record types of 20 fields each, with indexes and grants.
    static func largeSchemaText(types count: Int) -> String {
        var text = "DEFINE SCHEMA\n    CREATE ROLE Editor;\n"
        for index in 0..<count {
            text += "\n    RECORD TYPE Type\(index) (\n        \"___recordID\" REFERENCE QUERYABLE,\n"
            for field in 0..<20 {
                let type = ["STRING QUERYABLE SEARCHABLE SORTABLE", "INT64 QUERYABLE SORTABLE", "LIST<STRING>", "TIMESTAMP SORTABLE", "DOUBLE"][field % 5]
                text += "        field\(field) \(type),\n"
            }
            text += "        GRANT READ, WRITE TO Editor,\n        GRANT READ TO \"_world\"\n    );\n"
        }
        return text
    }

    static var all: [Benchmark] {
        let types = 1000
        let text = largeSchemaText(types: types)
        let schema = (try? SchemaParser.parse(text)) ?? Schema()
        let canonical = schema.canonical
        var development = canonical
        for index in stride(from: 0, to: development.recordTypes.count - 1, by: 2) {
            development.recordTypes[index].fields.append(Field("added", .value(.string), indexes: [.queryable]))
        }
        return [
            Benchmark(name: "schema parse", unit: "record types", unitsPerRun: types) {
                _ = try SchemaParser.parse(text)
            },
            Benchmark(name: "schema canonical + print", unit: "record types", unitsPerRun: types) {
                _ = SchemaPrinter.print(schema)
            },
            Benchmark(name: "schema validate + lint", unit: "record types", unitsPerRun: types) {
                _ = SchemaValidator.errors(in: schema)
                _ = SchemaLinter.warnings(for: canonical)
            },
            Benchmark(name: "schema diff + digest + apply", unit: "record types", unitsPerRun: types) {
                let diff = SchemaDiff(production: canonical, development: development)
                _ = diff.digest
                _ = diff.apply(to: canonical)
            },
        ]
    }
}
