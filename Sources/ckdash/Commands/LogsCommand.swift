import ArgumentParser
import CKClient
import CKModel
import CKSchema
import CommandLineSupport
import Foundation

/// `ckdash logs`: the request log of the data API, newest first, or followed live; filtered like the dashboard's.
struct LogsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "logs", abstract: "List the request log of the data API, or follow it live.",
        discussion: """
            ckserver logs every data API request: its operation, database, zones, record types, counts, caller kind, \
            the user's record name, platform, status, error and latency; never a field value or a token. Without \
            --follow the newest entries come first; with it, the last entries and then each new one as it arrives, \
            until interrupted. --environment and --database, when given, narrow the log to that environment and database.
            """)

    @Flag(help: "Print the last entries, then every new one as it arrives, until interrupted.")
    var follow = false

    @OptionGroup var window: TimeWindowOptions

    @OptionGroup var filters: RequestFilterOptions

    @Option(help: ArgumentHelp("Only requests of this user (their record name).", valueName: "record name"))
    var user: String?

    @Option(help: ArgumentHelp("Only requests with these credentials: anyone, user, serverKey or managementToken.", valueName: "kind"))
    var caller: CallerKind?

    @Option(help: "At most this many entries (with --follow, how many to print before following).")
    var limit = 100

    @Flag(help: "Every entry, page after page.")
    var all = false

    @Flag(help: "Print the entries as JSON lines.")
    var json = false

    @Flag(help: "Print the entries as CSV, under a header row.")
    var csv = false

    @OptionGroup(title: "Server")
    var connection: ConnectionOptions

    func validate() throws {
        if json, csv { throw ValidationError("--json and --csv name two formats: give one") }
        if follow, all { throw ValidationError("--follow and --all cannot go together: --follow already prints every new entry") }
        guard limit > 0 else { throw ValidationError("--limit must be at least 1") }
    }

    func run() async throws {
        try await ServerSession.run(connection) { client, settings in
            var filter = filters.filter(settings, connection: connection)
            filter.userID = user
            filter.caller = caller
            filter.since = window.sinceMilliseconds
            filter.until = window.untilMilliseconds
            var printer = LogPrinter(format: json ? .json : csv ? .csv : .table)
            var newest: Int64?
            let entries = try await client.requestLogPages(filter, limit: min(limit, ManagementLogs.maximumLimit)).items({ page in
                newest = newest ?? page.lastSequence
                return page.entries
            }, limit: all ? nil : limit)
            guard follow else { return try printer.print(entries, aligned: true) }
            try printer.print(entries.reversed(), aligned: false)
            var after = newest ?? 0
            while !Task.isCancelled {
                let next = try await client.followRequestLog(filter, after: after, limit: ManagementLogs.maximumLimit)
                try printer.print(next.entries, aligned: false)
                after = next.lastSequence ?? after
            }
        }
    }
}

/// Prints request log entries as `ckdash logs` does: a table, JSON lines or CSV (its header once).
private struct LogPrinter {
    enum Format { case table, json, csv }

    let format: Format
    private var headerPrinted = false

    init(format: Format) {
        self.format = format
    }

    /// The columns of the table.
    private static let headers = ["TIME", "OPERATION", "DATABASE", "STATUS", "CALLER", "USER", "PLATFORM", "RECORDS", "LATENCY"]
    /// Widths that keep the columns of a followed log aligned, where later rows are not known in advance.
    private static let widths = [24, 18, 20, 22, 15, 14, 10, 9]

    /// Prints `entries` at once (unbuffered, so a followed log shows each batch as it comes); a table is `aligned`
    /// to its widest cells, or else to fixed widths.
    mutating func print(_ entries: some Collection<RequestLogEntry>, aligned: Bool) throws {
        var lines: [String] = []
        switch format {
        case .json:
            lines = try entries.map { try JSONOutput.line($0) }
        case .csv:
            lines = (headerPrinted ? [] : [RequestLogCSV.header]) + entries.map(RequestLogCSV.row)
        case .table where aligned:
            lines = [String(TextTable(headers: Self.headers, rows: entries.map(Self.cells)).text.dropLast())]
        case .table:
            lines = ((headerPrinted ? [] : [Self.headers]) + entries.map(Self.cells)).map { row in
                zip(row, Self.widths + [0]).map { cell, width in cell.padding(toLength: max(width, cell.count), withPad: " ", startingAt: 0) }
                    .joined(separator: "  ").trimmingCharacters(in: .whitespaces)
            }
        }
        headerPrinted = true
        guard !lines.isEmpty else { return }
        FileHandle.standardOutput.write(Data(lines.map { $0 + "\n" }.joined().utf8))
    }

    /// An entry's cells in the table.
    private static func cells(_ entry: RequestLogEntry) -> [String] {
        let errors = entry.itemErrors.sorted { $0.key < $1.key }.map { "\($0.key)×\($0.value)" }
        let status = ([entry.serverErrorCode ?? String(entry.status)] + errors).joined(separator: " ")
        let database = [entry.environment?.rawValue, entry.database?.rawValue].compactMap { $0 }.joined(separator: "/")
        return [
            DisplayTime.text(milliseconds: entry.timestamp), entry.operation, database, status, entry.caller?.rawValue ?? "-", entry.userID ?? "-",
            entry.platform ?? "-", "\(entry.recordsRead)r \(entry.recordsWritten)w", String(format: "%.1fms", Double(entry.latencyMicroseconds) / 1000),
        ]
    }
}
