import ArgumentParser
import CKModel
import CommandLineSupport

/// `--json`: print the result as a JSON object instead of text.
struct OutputOptions: ParsableArguments {
    @Flag(help: "Print the result as a JSON object.")
    var json = false

    /// Prints `text` for people, or `value` as JSON with `--json`.
    func emit(_ text: String, json value: some Encodable) throws {
        print(json ? try JSONOutput.string(value) : text)
    }
}
