import CKModel
import CKSchema
import Foundation

/// Copies a whole server from one engine to another: containers, schemas and their deploy history, credentials,
/// users, the audit log, zones, records with their change history, subscriptions, push tokens and queued
/// notifications, uploads and their files. The target must be empty; its engine then builds the records' index
/// entries again, in its own form, from the schemas it received.
///
/// The source must not change while it is read: stop its servers first.
public struct ServerTransfer: Sendable {
    /// An engine a copy reads from or writes to.
    public typealias Storage = ServerStorage & TransferStorage

    /// How many rows of each table, and how many files, a copy took.
    public struct Summary: Sendable {
        /// Rows per table, in the order they were copied.
        public var rows: [(table: String, count: Int)] = []
        /// The distinct file contents copied.
        public var files = 0
    }

    let source: any Storage
    let target: any Storage

    public init(from source: any Storage, to target: any Storage) {
        self.source = source
        self.target = target
    }

    /// Copies everything, or refuses an empty source or a target that holds anything before writing a row.
    public func run() async throws -> Summary {
        for table in TransferTable.all where try await !target.transferRows(of: table, after: nil, limit: 1).isEmpty {
            throw ServerTransferError.targetNotEmpty(table: table.name)
        }
        var sourceIsEmpty = true
        for table in TransferTable.all where sourceIsEmpty {
            sourceIsEmpty = try await source.transferRows(of: table, after: nil, limit: 1).isEmpty
        }
        if sourceIsEmpty {
            throw ServerTransferError.sourceEmpty
        }
        let counters = try await source.identityCounters()
        var summary = Summary()
        var copiedFiles = Set<String>()
        for table in TransferTable.all {
            var key: [TransferValue]?
            var count = 0
            while true {
                let rows = try await source.transferRows(of: table, after: key, limit: table.pageSize)
                guard let last = rows.last else { break }
                if table.name == "assets" {
                    try await copyFiles(of: rows, table: table, skipping: &copiedFiles)
                }
                try await target.insertTransferRows(rows, into: table)
                key = table.keyPositions.map { last[$0] }
                count += rows.count
            }
            summary.rows.append((table.name, count))
        }
        summary.files = copiedFiles.count
        try await target.finishTransfer(counters: counters)
        try await reindexRecords()
        return summary
    }

    /// Copies the contents of the uploads in `rows` that an earlier page did not.
    private func copyFiles(of rows: [[TransferValue]], table: TransferTable, skipping copied: inout Set<String>) async throws {
        let position = table.columns.firstIndex { $0.name == "checksum" }!
        for row in rows {
            guard case .text(let checksum) = row[position], copied.insert(checksum).inserted else { continue }
            guard let contents = try await source.fileContents(checksum: checksum) else {
                throw ServerTransferError.missingFile(checksum: checksum)
            }
            try await target.keepFileContents(contents, checksum: checksum)
        }
    }

    /// Builds the index entries of every live record in the target from its environment's schema, as a save does.
    private func reindexRecords() async throws {
        for container in try await target.containers() {
            let schemas = try await target.schemas(of: container.id)
            for environment in ContainerEnvironment.allCases {
                let schema = schemas.schema(of: environment)
                for statistics in try await target.recordTypeStatistics(in: container.id, environment: environment) {
                    try await target.reindex(statistics.recordType, by: schema, in: container.id, environment: environment)
                }
            }
        }
    }
}
