import Foundation

/// A point in time as CloudKit Web Services writes it: whole milliseconds since 1970-01-01T00:00Z.
public struct Timestamp: Hashable, Comparable, Sendable, Codable {
    /// Milliseconds since the Unix epoch.
    public var millisecondsSince1970: Int64

    /// Creates a timestamp from milliseconds since the Unix epoch.
    public init(millisecondsSince1970: Int64) {
        self.millisecondsSince1970 = millisecondsSince1970
    }

    /// Creates a timestamp from a date, rounded to the nearest millisecond (CloudKit rejects fractions);
    /// dates beyond what milliseconds in an `Int64` can hold are clamped to the nearest one that fits.
    public init(_ date: Date) {
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
        if let exact = Int64(exactly: milliseconds) {
            self.millisecondsSince1970 = exact
        } else if milliseconds.isNaN {
            self.millisecondsSince1970 = 0
        } else {
            self.millisecondsSince1970 = milliseconds < 0 ? .min : .max
        }
    }

    /// The timestamp as a `Date`.
    public var date: Date {
        Date(timeIntervalSince1970: Double(millisecondsSince1970) / 1000)
    }

    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
        lhs.millisecondsSince1970 < rhs.millisecondsSince1970
    }

    public init(from decoder: any Decoder) throws {
        guard let milliseconds = try JSONTreeDecoder.reading(decoder).value.wholeNumber else {
            throw DecodingError.dataCorrupted(.init(
                codingPath: decoder.codingPath, debugDescription: "expected a timestamp in whole milliseconds"))
        }
        millisecondsSince1970 = milliseconds
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(millisecondsSince1970)
    }
}
