import CKClient
import CKModel
import CKSchema
import CommandLineSupport
import Foundation

/// The sending side of `records import`: batches of creations, a line per batch, and the journal that makes
/// the import resumable.
struct RecordImport {
    let client: CloudKitClient
    let zone: ZoneID?
    let journalPath: String
    /// The journal as it will be written next.
    var journal: ImportJournal
    /// Print each batch's line as JSON.
    let json: Bool

    /// Sends every entry of `reader` after the journal's lines, `batchSize` at a time; stops at the first batch
    /// with a failed record (or an invalid line), leaving the journal, and removes the journal at the end.
    mutating func run(_ reader: ImportFileReader, batchSize: Int) async throws {
        if let saved = try ImportJournal.load(from: journalPath) {
            guard saved.container == journal.container, saved.recordType == journal.recordType else {
                throw CommandFailure(
                    "\(journalPath) is the journal of an import of \(saved.recordType) into \(saved.container): finish that import, or delete the journal")
            }
            journal.linesDone = saved.linesDone
            StandardError.write("Resuming after line \(saved.linesDone) (from \(journalPath)).")
        }
        try journal.save(to: journalPath)
        let progress = ProgressLine(counting: "records")
        var batch: [ImportEntry] = []
        var number = 0
        while let entry = try reader.next() {
            guard entry.lines.lowerBound > journal.linesDone else { continue }
            batch.append(entry)
            if batch.count == batchSize {
                number += 1
                try await send(batch, number: number, progress: progress, fractionRead: reader.fractionRead)
                batch = []
            }
        }
        if !batch.isEmpty {
            number += 1
            try await send(batch, number: number, progress: progress, fractionRead: reader.fractionRead)
        }
        progress.finish()
        try? FileManager.default.removeItem(atPath: journalPath)
    }

    /// Creates one batch's records; records already there count as done. Any other failure stops the import.
    private mutating func send(_ batch: [ImportEntry], number: Int, progress: ProgressLine, fractionRead: Double?) async throws {
        var records: [Record] = []
        var problems: [String] = []
        for entry in batch {
            switch entry.record {
            case .success(let record): records.append(record)
            case .failure(let problem): problems.append("line \(entry.lines.lowerBound): \(problem)")
            }
        }
        var created = 0
        var existing = 0
        if problems.isEmpty {
            let results = try await client.modifyRecords(records.map { RecordOperation(.create, $0) }, in: zone, atomically: false)
            for (entry, result) in zip(batch, results) {
                switch result {
                case .success: created += 1
                case .failure(let error) where error.serverErrorCode == .exists: existing += 1
                case .failure(let error): problems.append("line \(entry.lines.lowerBound): \(error)")
                }
            }
        }
        let lines = "\(batch[0].lines.lowerBound)–\(batch[batch.count - 1].lines.upperBound)"
        progress.finish()
        if json {
            let report = BatchReport(batch: number, lines: lines, created: created, alreadyThere: existing, failed: problems.count)
            print(try JSONOutput.line(report))
        } else {
            print("batch \(number): lines \(lines): \(created) created, \(existing) already there\(problems.isEmpty ? "" : ", \(problems.count) failed")")
        }
        guard problems.isEmpty else {
            problems.forEach(StandardError.write)
            throw CommandFailure(
                "the import stopped at batch \(number) (lines \(lines)); \(journalPath) keeps the progress: fix the file and run the same import to resume")
        }
        journal.linesDone = batch[batch.count - 1].lines.upperBound
        try journal.save(to: journalPath)
        progress.advance(by: batch.count, fractionRead: fractionRead)
    }

    /// A batch's line in JSON.
    private struct BatchReport: Encodable {
        var batch: Int
        var lines: String
        var created: Int
        var alreadyThere: Int
        var failed: Int
    }
}
