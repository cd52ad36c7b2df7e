import Foundation

/// One named piece of work to time, with what it processes per run for a throughput figure.
struct Benchmark {
    let name: String
    /// What one run processes ("1000 record types", "200 records"), and how many units that is.
    let unit: String
    let unitsPerRun: Int
    let body: () throws -> Void

    /// Runs the body repeatedly for about `seconds` and describes the median run.
    func measure(seconds: Double) throws -> String {
        try body()
        var durations: [Duration] = []
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: .milliseconds(Int(seconds * 1000)))
        while clock.now < deadline || durations.count < 5 {
            durations.append(try clock.measure(body))
        }
        durations.sort()
        let median = durations[durations.count / 2]
        let microseconds = Double(median.components.seconds) * 1e6 + Double(median.components.attoseconds) / 1e12
        let perUnit = microseconds / Double(unitsPerRun)
        let label = name.padding(toLength: 36, withPad: " ", startingAt: 0)
        let figures = String(format: "%10.1f µs per run %8.2f µs per ", microseconds, perUnit)
        return "\(label)\(figures)\(singular)  (\(durations.count) runs of \(unitsPerRun) \(unit))"
    }

    private var singular: String {
        unit.hasSuffix("s") ? String(unit.dropLast()) : unit
    }
}
