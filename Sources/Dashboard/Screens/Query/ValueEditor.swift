import CKModel
import CKSchema
import Foundation
import TerminalKit

/// The editor of a filter's value, fitting what the comparator compares: a date and a time in the dashboard's
/// time zone for a TIMESTAMP, a whole number or a decimal for INT64 and DOUBLE, a latitude, a longitude and a
/// radius for NEAR, a list for IN and the list comparators, text otherwise. Tab or ↓ moves to the next box,
/// Enter on the last one applies, Esc leaves the value as it was; a value that does not fit says why under
/// its box.
struct ValueEditor {
    /// What a key did to the editor.
    enum Outcome: Equatable {
        case consumed
        /// The value typed, and with NEAR the radius in meters.
        case applied(FieldValue, distance: Double?)
        case cancelled
    }

    /// What the editor asks for.
    enum Kind: Equatable {
        /// One value of the type, typed as text.
        case single(FieldType)
        /// A date and a time.
        case timestamp
        /// Several values of the element type.
        case list(FieldType)
        /// A point and a radius.
        case near
    }

    /// The box's title: `Value of date >=`.
    let title: String
    /// What the editor asks for.
    let kind: Kind
    private var form: Form
    private let timeZone: TimeZone

    /// The editor of the value `comparator` compares `fieldName` (of type `type`, `nil` when unknown) with,
    /// holding `value` (and `distance`) when the row has one.
    init(fieldName: String, type: FieldType?, comparator: FilterComparator, value: FieldValue?, distance: Double?, timeZone: TimeZone) {
        title = "Value of \(fieldName) \(FilterExpression.symbol(for: comparator))"
        self.timeZone = timeZone
        let valueType = FilterExpression.valueType(of: comparator, on: type)
        kind = if comparator == .near {
            .near
        } else if let valueType, valueType.isList {
            .list(valueType)
        } else if valueType?.valueType == .timestamp {
            .timestamp
        } else {
            .single(valueType ?? .value(.string))
        }
        form = Form(fields: Self.fields(for: kind, value: value, distance: distance, timeZone: timeZone))
    }

    /// The editor of the whole value of field `field` of a record (a list as a list, a TIMESTAMP as a date and a
    /// time, anything else as text), holding `value` when the field has one.
    init(field: Field, value: FieldValue?, timeZone: TimeZone) {
        title = "\(field.name) (\(field.type))"
        self.timeZone = timeZone
        kind = if field.type.isList {
            .list(field.type)
        } else if field.type.valueType == .timestamp {
            .timestamp
        } else {
            .single(field.type)
        }
        form = Form(fields: Self.fields(for: kind, value: value, distance: nil, timeZone: timeZone))
    }

    /// Edits, moves between boxes, applies or cancels.
    mutating func handle(_ key: Key) -> Outcome {
        switch form.handle(key) {
        case .consumed: return .consumed
        case .cancelled: return .cancelled
        case .submitted(let values):
            guard let (value, distance) = try? Self.value(of: kind, from: values, timeZone: timeZone) else { return .consumed }
            return .applied(value, distance: distance)
        }
    }

    /// Draws the box centred in `rect`: the boxes of the form and a line on how to write the value.
    mutating func draw(in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        let rows = form.fields.count * 2 + 2
        let box = rect.centered(Size(width: min(rect.width, 64), height: min(rect.height, rows + 2)))
        canvas.fill(box, style: theme.style(.dialog))
        let inside = Box(title: title).draw(in: box, on: &canvas, theme: theme).inset(horizontal: 1)
        let (fields, footer) = inside.splitBottom(1)
        form.draw(in: fields, on: &canvas, theme: theme, focused: true)
        canvas.write(hint, in: footer, style: theme.style(.muted))
        if let cursor = form.cursorPosition(in: fields) { canvas.showCursor(at: cursor) }
    }

    /// How to write the value, under the boxes.
    var hint: String {
        switch kind {
        case .single(let type):
            switch type.valueType {
            case .int64?: "a whole number, such as 42"
            case .double?, nil: "a number, such as 4.5"
            case .reference?: "the record name of the record referred to"
            case .location?: "degrees north,east, such as 37.33,-122.03"
            case .bytes?: "the bytes in base64"
            default: "text, as it is stored (quote it to keep spaces at its ends)"
            }
        case .timestamp: "YYYY-MM-DD and hh:mm (or hh:mm:ss), in \(timeZone.identifier)"
        case .list(let type) where type.valueType == .timestamp: "YYYY-MM-DD hh:mm:ss in \(timeZone.identifier), separated by commas"
        case .list: "values separated by commas, or a JSON array such as [\"a\",\"b\"]"
        case .near: "degrees north and east; the radius in meters or kilometers"
        }
    }

    /// The boxes of `kind`, filled from `value`.
    private static func fields(for kind: Kind, value: FieldValue?, distance: Double?, timeZone: TimeZone) -> [FormField] {
        switch kind {
        case .single(let type):
            return [.text("value", label: "Value", text: value.map(FieldValueText.format) ?? "", validate: { text in
                (try? FieldValueText.parse(text, as: type)) == nil ? "not a valid \(type)" : nil
            })]
        case .list(let type):
            let elements: [FieldValue]? = value.map { if case .list(let list) = $0 { list.elements } else { [$0] } }
            let text = elements?.map { element in
                if case .timestamp(let timestamp) = element { DateParts.text(of: timestamp, in: timeZone) } else { FieldValueText.format(element) }
            }.joined(separator: ", ")
            return [.text("values", label: "Values", text: text ?? "", validate: { text in
                if text.trimmingCharacters(in: .whitespaces).isEmpty { return "give at least one value" }
                do throws(FieldValueTextError) {
                    _ = try FieldValueText.parse(text, as: type, localTimeZone: timeZone)
                    return nil
                } catch {
                    return error.description
                }
            })]
        case .timestamp:
            let parts = value.flatMap { value -> (String, String)? in
                guard case .timestamp(let timestamp) = value else { return nil }
                return DateParts.text(of: timestamp.date, in: timeZone)
            }
            return [
                .text("date", label: "Date", text: parts?.0 ?? "", placeholder: "2026-01-31", validate: { DateParts.day($0) == nil ? "write the date as YYYY-MM-DD" : nil }),
                .text("time", label: "Time", text: parts?.1 ?? "00:00", placeholder: "00:00", validate: { DateParts.time($0) == nil ? "write the time as hh:mm or hh:mm:ss" : nil }),
            ]
        case .near:
            var location: Location?
            if case .location(let point)? = value { location = point }
            let inKilometers = (distance ?? 0) >= 1000
            let radius = distance.map { inKilometers ? $0 / 1000 : $0 }
            return [
                .text("latitude", label: "Latitude", text: location.map { "\($0.latitude)" } ?? "", placeholder: "37.33",
                      validate: { Double($0).map { (-90...90).contains($0) } == true ? nil : "a latitude is a number from -90 to 90" }),
                .text("longitude", label: "Longitude", text: location.map { "\($0.longitude)" } ?? "", placeholder: "-122.03",
                      validate: { Double($0).map { (-180...180).contains($0) } == true ? nil : "a longitude is a number from -180 to 180" }),
                .text("radius", label: "Radius", text: radius.map(Counting.plain) ?? "", placeholder: "5",
                      validate: { Double($0).map { $0 > 0 && $0.isFinite } == true ? nil : "a radius is a number above 0" }),
                .choice("unit", label: "Unit", options: ["km", "m"], selected: inKilometers || distance == nil ? 0 : 1),
            ]
        }
    }

    /// The value the boxes hold (each box passed its rule already).
    private static func value(of kind: Kind, from values: [String: String], timeZone: TimeZone) throws -> (FieldValue, Double?) {
        switch kind {
        case .single(let type):
            return (try FieldValueText.parse(values["value"] ?? "", as: type), nil)
        case .list(let type):
            return (try FieldValueText.parse(values["values"] ?? "", as: type, localTimeZone: timeZone), nil)
        case .timestamp:
            guard let date = DateParts.date(day: values["date"] ?? "", time: values["time"] ?? "", in: timeZone) else {
                throw QueryDraftError("not a date")
            }
            return (.timestamp(Timestamp(date)), nil)
        case .near:
            guard let latitude = Double(values["latitude"] ?? ""), let longitude = Double(values["longitude"] ?? ""),
                  let radius = Double(values["radius"] ?? "")
            else { throw QueryDraftError("not a location") }
            return (.location(Location(latitude: latitude, longitude: longitude)), values["unit"] == "km" ? radius * 1000 : radius)
        }
    }
}
