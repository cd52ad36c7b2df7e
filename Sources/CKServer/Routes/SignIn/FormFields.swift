import Foundation

/// The fields of an HTML form's body (`application/x-www-form-urlencoded`): `name=value` pairs joined by `&`,
/// spaces as `+`, everything else percent-encoded.
struct FormFields {
    private var values: [String: String] = [:]

    /// The fields of `body`; `nil` when it is not such a form (a value that is not percent-encoded UTF-8).
    init?(_ body: String) {
        for pair in body.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = Self.decoded(parts[0]), let value = Self.decoded(parts.count == 2 ? parts[1] : "") else { return nil }
            if values[name] == nil { values[name] = value }
        }
    }

    /// The first value of the field `name`, if the form has it.
    subscript(name: String) -> String? {
        values[name]
    }

    private static func decoded(_ text: Substring) -> String? {
        text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
}
