import Testing
import TerminalKit

@Suite("Chart: values on a labelled axis from zero, times underneath, in blocks or braille")
struct ChartTests {
    private func drawn(_ chart: Chart, width: Int = 20, height: Int = 5) -> [String] {
        var canvas = Canvas(size: Size(width: width, height: height))
        chart.draw(in: canvas.bounds, on: &canvas, axisStyle: .plain)
        return canvas.lines
    }

    @Test("bars rise in eighths to a scale rounded up from the largest value, with gaps for missing values")
    func blocks() {
        let values: [Double?] = [0, 1, 2, 3, 4, 5, 6, 7, 8, nil, 8, 4, 2, 1, 0, 0]
        let chart = Chart(series: [ChartSeries(name: "requests", values: values)], timeLabels: ["-1h", "now"], drawing: .blocks)
        #expect(chart.scale == 10)
        #expect(drawn(chart) == [
            " 10│        ▂ ▂     ",
            "  5│      ▃▆█ █     ",
            "   │   ▂▅████ █▅    ",
            "  0│ ▃▆██████ ██▆▃  ",
            "    -1h          now",
        ])
        #expect(drawn(chart, width: 6).allSatisfy { $0.allSatisfy { $0 == " " } }, "too narrow to draw")
    }

    @Test("braille lines join their points, one dot column per half cell, and a cursor marks its point")
    func braille() {
        let rising = Chart(series: [ChartSeries(name: "a", values: [0, 10])], timeLabels: [], drawing: .braille)
        let lines = drawn(rising, width: 8, height: 3)
        #expect(lines.allSatisfy { $0.count == 8 })
        let dots = lines.joined().unicodeScalars.filter { (0x2801...0x28FF).contains($0.value) }
        #expect(!dots.isEmpty, "\(lines)")
        let cursor = Chart(series: [ChartSeries(name: "a", values: [1, nil, nil, 1])], timeLabels: [], drawing: .blocks, cursor: 2)
        #expect(drawn(cursor, width: 10, height: 3).joined().contains("┊"))
        #expect(Chart.label(0) == "0" && Chart.label(7.5) == "7.5" && Chart.label(1_234) == "1.2k" && Chart.label(3_400_000) == "3.4M")
        #expect(Chart(series: [], timeLabels: []).scale == 1)
    }

    @Test("the cursor sits on the first column showing its point, and over a bar it reverses the bar instead of hiding")
    func cursorColumn() {
        let plot = Rect(x: 0, y: 0, width: 6, height: 2)
        let few = Chart(series: [ChartSeries(name: "a", values: [1, 2, 3])], timeLabels: [], drawing: .blocks)
        #expect([0, 1, 2].map { few.column(ofPoint: $0, in: plot) } == [0, 2, 4])
        let many = Chart(series: [ChartSeries(name: "a", values: Array(repeating: 1, count: 120))], timeLabels: [], drawing: .blocks)
        let wide = Rect(x: 3, y: 0, width: 70, height: 2)
        #expect(many.column(ofPoint: 0, in: wide) == 3 && many.column(ofPoint: 119, in: wide) == 72 && many.column(ofPoint: 60, in: wide) == 38)

        let full = Chart(series: [ChartSeries(name: "a", values: [8, 8, 8, 8])], timeLabels: [], drawing: .blocks, cursor: 3)
        var canvas = Canvas(size: Size(width: 10, height: 3))
        full.draw(in: canvas.bounds, on: &canvas, axisStyle: .plain)
        #expect(canvas[9, 1].text == "█" && canvas[9, 1].style.attributes.contains(.reverse))
        #expect(canvas[8, 1].text == "█" && !canvas[8, 1].style.attributes.contains(.reverse))
    }
}
