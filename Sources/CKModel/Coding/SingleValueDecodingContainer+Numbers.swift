import Foundation

extension SingleValueDecodingContainer {
    /// Decodes a JSON number (or a numeric string, as sent with `numbersAsStrings`) that must be a whole `Int64`.
    func decodeWholeNumber(describing expectation: String) throws -> Int64 {
        if let number = try? decode(Int64.self) {
            return number
        }
        if let text = try? decode(String.self), let number = Int64(text) {
            return number
        }
        if let number = try? decode(Double.self), let whole = Int64(exactly: number) {
            return whole
        }
        throw DecodingError.dataCorruptedError(in: self, debugDescription: "expected \(expectation)")
    }

    /// Decodes a JSON number (or a numeric string, as sent with `numbersAsStrings`) as a `Double`.
    func decodeDoubleNumber(describing expectation: String) throws -> Double {
        if let number = try? decode(Double.self) {
            return number
        }
        if let text = try? decode(String.self), let number = Double(text), number.isFinite {
            return number
        }
        throw DecodingError.dataCorruptedError(in: self, debugDescription: "expected \(expectation)")
    }
}
