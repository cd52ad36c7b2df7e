import CKClient
import CKModel
import CKSchema
import Foundation

/// The import of a JSON lines or CSV file (as `records export` writes them) into a record type from the records
/// screen: a preview of its first records, a dry run that reads every line and asks the server which records exist,
/// and the import itself, a batch at a time, whose created records the undo journal can delete again.
struct RecordFileImport: Sendable {
    /// What the preview shows before anything is sent.
    struct Preview: Sendable {
        /// The first records of the file, or what is wrong with their lines.
        var entries: [ImportEntry]
        /// Whether the file has more records than these.
        var hasMore: Bool
    }

    /// What a dry run found.
    struct DryRun: Sendable {
        var valid: Int
        var invalid: Int
        /// Valid records whose names the server already has, which the import leaves as they are.
        var existing: Int
        /// The first invalid lines with what is wrong with them.
        var problems: [String]
    }

    /// What an import did.
    struct Outcome: Sendable {
        /// The names of the records it created.
        var created: [String]
        /// Records already there, left as they were.
        var existing: Int
        /// Lines not imported, with why.
        var problems: [String]
        /// Why the import stopped before the end of the file, when it did.
        var stoppedBy: String?
    }

    let path: String
    let format: RecordFileFormat
    let recordType: RecordType
    let client: CloudKitClient
    let zone: ZoneID?

    /// Records per request.
    static let batchSize = 200
    /// The lines a dry run or an import quotes at most among those it could not read.
    static let quotedProblems = 5

    /// The first `count` records of the file.
    func preview(count: Int = 5) throws -> Preview {
        let reader = try makeReader()
        var entries: [ImportEntry] = []
        while entries.count < count, let entry = try reader.next() { entries.append(entry) }
        return Preview(entries: entries, hasMore: try reader.next() != nil)
    }

    /// Reads every line and looks up which valid records exist already; sends no change.
    func dryRun() async throws -> DryRun {
        var report = DryRun(valid: 0, invalid: 0, existing: 0, problems: [])
        try await forEachBatch { batch, problems, _ in
            report.invalid += problems.count
            report.problems += problems.prefix(Self.quotedProblems - min(report.problems.count, Self.quotedProblems))
            report.valid += batch.count
            guard !batch.isEmpty else { return }
            let found = try await client.lookupRecords(named: batch.compactMap(\.recordName), in: zone)
            report.existing += found.filter { (try? $0.get()) != nil }.count
        }
        return report
    }

    /// Creates the file's records, `batchSize` at a time, counting them in `progress`; invalid lines and records that
    /// exist already are skipped and reported. A failure stops the import, and the outcome still names every record
    /// created before it, so undo can delete them.
    func run(progress: ImportProgress) async -> Outcome {
        var outcome = Outcome(created: [], existing: 0, problems: [])
        do {
            try await importBatches(into: &outcome, progress: progress)
        } catch {
            outcome.stoppedBy = ErrorMessage.text(for: error)
        }
        return outcome
    }

    private func importBatches(into outcome: inout Outcome, progress: ImportProgress) async throws {
        try await forEachBatch { batch, problems, fractionRead in
            outcome.problems += problems
            defer { progress.advance(by: batch.count + problems.count, fractionRead: fractionRead) }
            guard !batch.isEmpty else { return }
            let results = try await client.modifyRecords(batch.map { RecordOperation(.create, $0) }, in: zone, atomically: false)
            for (record, result) in zip(batch, results) {
                switch result {
                case .success(let saved): outcome.created.append(saved.recordName ?? record.recordName ?? "")
                case .failure(let error) where error.serverErrorCode == .exists: outcome.existing += 1
                case .failure(let error): outcome.problems.append("\(record.recordName ?? "?"): \(error)")
                }
            }
        }
    }

    /// Reads the file a batch at a time, handing over each batch's valid records, its invalid lines' problems and how
    /// much of the file is read.
    private func forEachBatch(_ body: ([Record], [String], Double?) async throws -> Void) async throws {
        let reader = try makeReader()
        var batch: [Record] = []
        var problems: [String] = []
        while let entry = try reader.next() {
            try Task.checkCancellation()
            switch entry.record {
            case .success(let record): batch.append(record)
            case .failure(let problem): problems.append("line \(entry.lines.lowerBound): \(problem)")
            }
            if batch.count + problems.count == Self.batchSize {
                try await body(batch, problems, reader.fractionRead)
                (batch, problems) = ([], [])
            }
        }
        if !batch.isEmpty || !problems.isEmpty { try await body(batch, problems, reader.fractionRead) }
    }

    private func makeReader() throws -> ImportFileReader {
        try ImportFileReader(path: LocalFile.url(for: path).path, format: format, typeName: recordType.name, recordType: recordType)
    }
}
