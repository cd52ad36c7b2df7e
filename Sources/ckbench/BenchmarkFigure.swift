import Foundation

/// One measured figure of a benchmark run.
struct BenchmarkFigure: Encodable, Sendable {
    /// What was measured.
    var name: String
    /// The figure.
    var value: Double
    /// Its unit.
    var unit: String

    /// The figures as a table for people.
    static func table(_ figures: [BenchmarkFigure]) -> String {
        let width = (figures.map(\.name.count).max() ?? 0) + 2
        return figures.map { figure in
            let label = figure.name.padding(toLength: width, withPad: " ", startingAt: 0)
            let number = figure.value >= 100 || figure.value == figure.value.rounded() ? String(Int(figure.value.rounded())) : String(format: "%.2f", figure.value)
            return "\(label)\(String(repeating: " ", count: max(0, 12 - number.count)))\(number) \(figure.unit)"
        }.joined(separator: "\n")
    }
}
