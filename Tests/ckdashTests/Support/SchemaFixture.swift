import Foundation

/// The path of a schema file among the CKSchema tests' fixtures.
func schemaFixture(_ name: String) -> String {
    URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("CKSchemaTests/Fixtures/\(name).ckdb").path
}
