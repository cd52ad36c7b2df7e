import CKModel
import CKSchema
import Foundation

/// Field values as the screens show them: timestamps as dates in the dashboard's time zone, locations as
/// coordinates, assets with their size, lists joined.
struct FieldValueDisplay: Sendable {
    /// The time zone dates are written in.
    var timeZone: TimeZone

    /// `value` on one line.
    func text(_ value: FieldValue) -> String {
        switch value {
        case .string(let text): text.replacingOccurrences(of: "\n", with: "⏎")
        case .int64(let number): String(number)
        case .double(let number): number.description
        case .timestamp(let timestamp): date(timestamp.date)
        case .bytes(let data): "\(Counting.size(data.count)) of bytes"
        case .reference(let reference): "→ " + reference.recordName
        case .asset(let asset): "asset, " + Counting.size(Int(asset.size ?? 0))
        case .location(let location): String(format: "%.5f, %.5f", location.latitude, location.longitude)
        case .list(let list): "[" + list.elements.map(text).joined(separator: ", ") + "]"
        }
    }

    /// `date` as `2026-01-01 09:30:00`.
    func date(_ date: Date) -> String {
        DateParts.dateTime(date, in: timeZone)
    }

    /// The time of day of `date`: `09:30:00`, for what a live view sees happen.
    func time(_ date: Date) -> String {
        String(self.date(date).suffix(8))
    }

    /// The type of `value` as the schema writes it: `STRING`, `LIST<INT64>`.
    static func typeName(of value: FieldValue) -> String {
        value.typeTag.description
    }
}
