import CKClient
import CKModel
import Foundation

/// Fetches one page of a query's records for the records screen, as `RecordPageCache` asks for them.
struct RecordsLoader: Sendable {
    let client: CloudKitClient

    /// The page a continuation marker leads to (the first page without one); records the server could not
    /// return are left out and counted.
    /// - Parameters:
    ///   - query: The record type, filters and sort order.
    ///   - zone: The zone; the default zone when `nil`.
    ///   - desiredKeys: The fields the table shows; all when `nil`.
    ///   - marker: The marker the previous page answered.
    ///   - pageSize: Records per page.
    func page(
        of query: Query, in zone: ZoneID?, desiredKeys: [String]?, marker: String?, pageSize: Int
    ) async throws -> (records: [Record], failed: Int, continuationMarker: String?) {
        let page = try await client.queryRecords(query, in: zone, desiredKeys: desiredKeys, resultsLimit: pageSize, continuationMarker: marker)
        var records: [Record] = []
        var failed = 0
        for result in page.records {
            if case .success(let record) = result { records.append(record) } else { failed += 1 }
        }
        return (records, failed, page.continuationMarker)
    }
}

extension RecordsLoader {
    /// Writes every record of `query` to `file` as JSON lines, page by page, and returns how many were written;
    /// the file appears only once complete (written beside it, then moved into place).
    func export(_ query: Query, in zone: ZoneID?, to file: URL) async throws -> Int {
        let partial = file.deletingLastPathComponent().appendingPathComponent(".\(file.lastPathComponent).partial")
        guard FileManager.default.createFile(atPath: partial.path, contents: nil) else {
            throw ExportError.cannotWrite(file.path)
        }
        let handle = try FileHandle(forWritingTo: partial)
        var written = 0
        do {
            var marker: String?
            repeat {
                try Task.checkCancellation()
                let page = try await page(of: query, in: zone, desiredKeys: nil, marker: marker, pageSize: 200)
                let lines = page.records.map { RecordJSON.line($0) + "\n" }.joined()
                try handle.write(contentsOf: Data(lines.utf8))
                written += page.records.count
                marker = page.continuationMarker
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
