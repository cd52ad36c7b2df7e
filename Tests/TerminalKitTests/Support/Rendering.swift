import TerminalKit

/// A blank canvas of `width`×`height` after `draw` has drawn on it.
func render(width: Int, height: Int, _ draw: (inout Canvas) -> Void) -> Canvas {
    var canvas = Canvas(size: Size(width: width, height: height))
    draw(&canvas)
    return canvas
}

extension Canvas {
    /// The styles of the cells of `row`, one per column.
    func styles(ofRow row: Int) -> [Style] {
        (0..<size.width).map { self[$0, row].style }
    }

    /// Whether every cell of `row` is in `style`.
    func row(_ row: Int, isAll style: Style) -> Bool {
        styles(ofRow: row).allSatisfy { $0 == style }
    }
}

let theme = Theme.monochrome
let selection = Theme.monochrome.style(.selection)
