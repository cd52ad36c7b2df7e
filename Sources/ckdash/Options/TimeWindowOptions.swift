import ArgumentParser
import CKModel

/// `--since` and `--until`, as `ckdash audit` and `ckdash logs` take them: an ISO 8601 time, a day or a time ago.
struct TimeWindowOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Only entries at or after this time: 2026-11-24T10:00:00Z, 2026-11-24 or a time ago (2h, 7d).", valueName: "time"))
    var since: String?

    @Option(help: ArgumentHelp("Only entries before this time, written as for --since.", valueName: "time"))
    var until: String?

    func validate() throws {
        for (option, text) in [("--since", since), ("--until", until)] {
            if let text, AuditTime.date(from: text) == nil {
                throw ValidationError("\(option) \(text) is not a time: give \(AuditTime.readableForms)")
            }
        }
    }

    /// `--since` in milliseconds since 1970.
    var sinceMilliseconds: Int64? {
        since.flatMap { AuditTime.milliseconds(from: $0) }
    }

    /// `--until` in milliseconds since 1970.
    var untilMilliseconds: Int64? {
        until.flatMap { AuditTime.milliseconds(from: $0) }
    }
}
