/// What `ckbench server` compares modify throughput with: the same records written straight into the engine's
/// own tables, round by round between the server's rounds.
protocol DirectRows: AnyObject {
    /// Writes the next `count` records, timed.
    func insert(_ count: Int) async throws

    /// Records per second over the timed rounds.
    var throughput: Double { get }
}

extension DirectInsert: DirectRows {}
