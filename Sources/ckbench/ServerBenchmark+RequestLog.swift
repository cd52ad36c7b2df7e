import Foundation

/// What the request log costs: batched saves through a server keeping it and through one keeping none, on the same
/// database.
extension ServerBenchmark {
    /// Records per second created in batches of 200 through `logged` and through `unlogged`, in alternating rounds
    /// of ten batches (which goes first alternating too), with each server's CPU time per record and the ratios.
    func requestLogCost(
        logged: (client: BenchmarkClient, process: BenchmarkServerProcess), unlogged: (client: BenchmarkClient, process: BenchmarkServerProcess),
        count: Int
    ) async throws -> [BenchmarkFigure] {
        // The server without the log started last: one untimed batch warms it as the other was warmed.
        try await unlogged.client.postExpectingSuccess("records/modify", body: try Self.createBodies(200, recordType: "WarmupUnlogged")[0])
        let sides = [(logged, try Self.createBodies(count, recordType: "Logged")), (unlogged, try Self.createBodies(count, recordType: "Unlogged"))]
        var elapsed = [Duration.zero, .zero]
        let cpuBefore = try sides.map { try $0.0.process.cpuTime }
        for (index, round) in stride(from: 0, to: sides[0].1.count, by: 10).enumerated() {
            for side in index % 2 == 0 ? [0, 1] : [1, 0] {
                let (server, bodies) = sides[side]
                try await Task.sleep(for: .milliseconds(50))
                elapsed[side] += try await timed {
                    for body in bodies[round..<min(round + 10, bodies.count)] {
                        try await server.client.postExpectingSuccess("records/modify", body: body)
                    }
                }
            }
        }
        // The logged server stores its last entries within a second: its CPU time counts them.
        try await Task.sleep(for: .milliseconds(1_500))
        let cpu = try zip(sides, cpuBefore).map { side, before in (try side.0.process.cpuTime - before).milliseconds * 1000 / Double(count) }
        let rates = elapsed.map { Double(count) / $0.seconds }
        return [
            BenchmarkFigure(name: "modify with the request log, 1 client", value: rates[0], unit: "records/s"),
            BenchmarkFigure(name: "modify without the request log", value: rates[1], unit: "records/s"),
            BenchmarkFigure(name: "modify, request log on / off", value: rates[0] / rates[1], unit: "ratio"),
            BenchmarkFigure(name: "server CPU per record, request log on / off", value: cpu[0] / cpu[1], unit: "ratio"),
        ]
    }
}
