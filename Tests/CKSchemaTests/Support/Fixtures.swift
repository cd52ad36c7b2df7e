import Foundation
import Testing

/// Reads a `.ckdb` file of `Fixtures/` as text.
func fixtureText(_ name: String) throws -> String {
    let url = try #require(Bundle.module.url(forResource: name, withExtension: "ckdb", subdirectory: "Fixtures"))
    return try String(contentsOf: url, encoding: .utf8)
}

/// The fixture files, by name without extension.
let fixtureNames = ["apple-coins-v1", "apple-coins-v2", "apple-empty", "mistkit-celestra"]

/// The fixture files that are `cktool export-schema` output.
let cktoolExportNames = ["apple-coins-v1", "apple-coins-v2", "apple-empty"]
