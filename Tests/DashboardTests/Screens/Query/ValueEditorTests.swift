import CKModel
import CKSchema
import Foundation
import TerminalKit
import Testing

@testable import Dashboard

/// The value editors read back what the screens show, and name the element of a list they cannot read.
@Suite("Value editors")
struct ValueEditorTests {
    static let paris = TimeZone(identifier: "Europe/Paris")!

    /// Clears the editor's box, types `text` and presses Enter.
    static func type(_ text: String, into editor: inout ValueEditor) -> ValueEditor.Outcome {
        _ = editor.handle(.control("u"))
        for character in text { _ = editor.handle(.character(character)) }
        return editor.handle(.enter)
    }

    @Test("a LIST<TIMESTAMP> editor shows the times as the screen does and keeps the time of day it is given")
    func timestampList() throws {
        let field = Field("dates", .list(.timestamp))
        let held = FieldValue.list(.timestamp([Timestamp(millisecondsSince1970: 1_796_115_600_000)]))
        var editor = ValueEditor(field: field, value: held, timeZone: Self.paris)
        var canvas = Canvas(size: Size(width: 80, height: 12), style: Theme.monochrome.style(.text))
        editor.draw(in: canvas.bounds, on: &canvas, theme: .monochrome)
        #expect(canvas.lines.joined().contains("2026-12-01 10:00:00"), "\(canvas.lines.joined(separator: "\n"))")
        let outcome = Self.type("2026-12-01 10:00:00, 2026-12-02 18:30:00", into: &editor)
        #expect(outcome == .applied(.list(.timestamp([
            Timestamp(millisecondsSince1970: 1_796_115_600_000), Timestamp(millisecondsSince1970: 1_796_232_600_000),
        ])), distance: nil))
    }

    @Test("an element that is not a time is named, and the editor stays open")
    func badElement() {
        var editor = ValueEditor(field: Field("dates", .list(.timestamp)), value: nil, timeZone: Self.paris)
        #expect(Self.type("2026-12-01 10:00:00, tomorrow", into: &editor) == .consumed)
        var canvas = Canvas(size: Size(width: 80, height: 12), style: Theme.monochrome.style(.text))
        editor.draw(in: canvas.bounds, on: &canvas, theme: .monochrome)
        #expect(canvas.lines.joined().contains(#"element 2: "tomorrow" is not a valid TIMESTAMP"#), "\(canvas.lines.joined(separator: "\n"))")
    }
}
