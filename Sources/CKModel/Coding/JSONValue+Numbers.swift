extension JSONValue {
    /// A whole number, from a JSON number (3.0 counts) or a numeric string as sent with `numbersAsStrings`.
    var wholeNumber: Int64? {
        switch self {
        case .number(let number): number.int64
        case .string(let text): Int64(text)
        default: nil
        }
    }

    /// A finite number, from a JSON number or a numeric string as sent with `numbersAsStrings`.
    var finiteNumber: Double? {
        switch self {
        case .number(let number): number.double
        case .string(let text): Double(text).flatMap { $0.isFinite ? $0 : nil }
        default: nil
        }
    }
}
