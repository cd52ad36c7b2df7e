import CKClient
import CKModel
import CKSchema
import Foundation

/// Fetches one page of a query's records for the records screen, as `RecordPageCache` asks for them.
struct RecordsLoader: Sendable {
    let client: CloudKitClient

    /// The page `request` asks for; records the server could not return are left out and counted.
    func page(_ request: RecordsQuery.Request) async throws -> (records: [Record], failed: Int, continuationMarker: String?) {
        let page = try await client.queryRecords(request)
        var records: [Record] = []
        var failed = 0
        for result in page.records {
            if case .success(let record) = result { records.append(record) } else { failed += 1 }
        }
        return (records, failed, page.continuationMarker)
    }
}

extension RecordsLoader {
    /// Writes `records` to `file` with `writer` (JSON lines or CSV), replacing it whole, and returns how many were
    /// written.
    func export(_ records: [Record], to file: URL, writer: RecordFileWriter) throws -> Int {
        do {
            try Data((writer.header + records.map(writer.line).joined()).utf8).write(to: file, options: .atomic)
        } catch {
            throw ExportError.cannotWrite(file.path)
        }
        return records.count
    }

    /// Writes every record of `paging` (up to its limit) to `file` with `writer`, page by page, and returns how
    /// many were written; the file appears only once complete (written beside it, then moved into place).
    func export(_ paging: QueryPaging, to file: URL, writer: RecordFileWriter) async throws -> Int {
        let partial = file.deletingLastPathComponent().appendingPathComponent(".\(file.lastPathComponent).partial")
        guard FileManager.default.createFile(atPath: partial.path, contents: nil) else {
            throw ExportError.cannotWrite(file.path)
        }
        let handle = try FileHandle(forWritingTo: partial)
        var written = 0
        do {
            try handle.write(contentsOf: Data(writer.header.utf8))
            var marker: String?
            repeat {
                try Task.checkCancellation()
                guard let request = paging.request(from: written, marker: marker) else { break }
                let page = try await page(request)
                let lines = page.records.map(writer.line).joined()
                try handle.write(contentsOf: Data(lines.utf8))
                marker = paging.marker(after: written, count: page.records.count, answered: page.continuationMarker)
                written += page.records.count
            } while marker != nil
            try handle.close()
            if FileManager.default.fileExists(atPath: file.path) { try FileManager.default.removeItem(at: file) }
            try FileManager.default.moveItem(at: partial, to: file)
        } catch {
            try? handle.close()
            try? FileManager.default.removeItem(at: partial)
            throw error
        }
        return written
    }
}

/// Why an export could not start.
enum ExportError: Error, CustomStringConvertible {
    case cannotWrite(String)

    var description: String {
        switch self {
        case .cannotWrite(let path): "cannot write \(path): check that its folder exists and is writable"
        }
    }
}
