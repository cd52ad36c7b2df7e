import Foundation

/// Turns a JSON decoding failure into one sentence a client developer can act on.
enum DecodingErrorDescription {
    static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
            return keys.isEmpty ? "the body" : keys.joined(separator: ".").replacingOccurrences(of: ".[", with: "[")
        }
        switch error {
        case .keyNotFound(let key, let context):
            let parent = path(context)
            return "\(parent == "the body" ? "the body" : "'\(parent)'") needs the key '\(key.stringValue)'"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "'\(path(context))' has the wrong type: \(context.debugDescription)"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty
                ? "the body is not valid JSON" : "'\(path(context))' is not valid: \(context.debugDescription)"
        @unknown default:
            return "the body could not be read"
        }
    }
}
