import CKModel
import TerminalKit
import Testing

@testable import Dashboard

/// One environment's chart drawn without colour, as `NO_COLOR` and monochrome terminals see it: nothing may depend
/// on a colour to be read.
@Suite("Telemetry: a chart readable in monochrome")
struct TelemetryPanelTests {
    private static func drawn(_ series: [ManagementTelemetry.Series], cursor: Int) -> Canvas {
        let response = ManagementTelemetry.Response(metric: .requests, range: .hour, start: 0, series: series)
        var canvas = Canvas(size: Size(width: 70, height: 9))
        TelemetryPanel(environment: .production, response: response, cursor: cursor, isFocused: true)
            .draw(in: canvas.bounds, on: &canvas, theme: .monochrome)
        return canvas
    }

    @Test("grouped, the title totals every series and the legend reads each one at the cursor")
    func groupedLegend() {
        let canvas = Self.drawn([
            ManagementTelemetry.Series(group: "records/modify", points: Array(repeating: 2, count: 59) + [4]),
            ManagementTelemetry.Series(group: "records/query", points: Array(repeating: 1, count: 59) + [7]),
        ], cursor: 59)
        #expect(canvas.lines[0].hasPrefix("▸ production · requests · total 188 requests"), "\(canvas.lines[0])")
        #expect(canvas.lines[1].contains("■ records/modify 4 requests") && canvas.lines[1].contains("■ records/query 7 requests"), "\(canvas.lines[1])")
        #expect(canvas.lines.dropFirst(2).joined().unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) }, "lines of braille")
    }

    @Test("one series is drawn in bars, and the cursor reverses the bar it crosses")
    func cursorOverBars() {
        let canvas = Self.drawn([ManagementTelemetry.Series(group: nil, points: Array(repeating: 5, count: 60))], cursor: 30)
        #expect(canvas.lines[1].contains("■ all 5 requests"))
        let bottom = 6
        let reversed = (0..<70).filter { canvas[$0, bottom].style.attributes.contains(.reverse) }
        #expect(reversed.count == 1 && canvas[reversed[0], bottom].text == "█", "\(canvas.lines[bottom])")
    }
}
