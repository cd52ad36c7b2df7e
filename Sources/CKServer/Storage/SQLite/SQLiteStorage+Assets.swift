import CKModel
import Foundation
import GRDB

extension SQLiteStorage {
    public func createUploadSlot(_ slot: String, for origin: UploadOrigin, expiresAt: Date) async throws {
        try await write { db in
            try db.execute(
                sql: "INSERT INTO upload_slots (slot, container_id, environment, database, uploader, expires_at) VALUES (?, ?, ?, ?, ?, ?)",
                arguments: [
                    slot, origin.container.rawValue, origin.environment.rawValue, origin.database.rawValue, origin.uploader,
                    expiresAt.timeIntervalSince1970,
                ])
        }
    }

    public func takeUploadSlot(_ slot: String, now: Date) async throws -> UploadOrigin? {
        try await write { db in
            let row = try Row.fetchOne(db, sql: "SELECT * FROM upload_slots WHERE slot = ?", arguments: [slot])
            try db.execute(sql: "DELETE FROM upload_slots WHERE slot = ? OR expires_at < ?", arguments: [slot, now.timeIntervalSince1970])
            guard let row, (row["expires_at"] as Double) >= now.timeIntervalSince1970 else { return nil }
            return Self.uploadOrigin(row)
        }
    }

    /// Writes the contents to their file first (once per checksum), then the upload's row.
    public func insertAsset(receipt: String, contents: [UInt8], checksum: String, origin: UploadOrigin, at date: Date) async throws {
        try keepFile(Data(contents), checksum: checksum)
        let size = Int64(contents.count)
        try await write { db in
            try db.execute(
                sql: """
                    INSERT INTO assets (receipt, container_id, environment, database, uploader, checksum, size, uploaded_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    receipt, origin.container.rawValue, origin.environment.rawValue, origin.database.rawValue, origin.uploader,
                    checksum, size, date.timeIntervalSince1970,
                ])
        }
    }

    /// Writes the contents to their file in `filesDirectory`, named by their checksum, unless it exists.
    func keepFile(_ contents: Data, checksum: String) throws {
        let file = filesDirectory.appendingPathComponent(checksum)
        guard !FileManager.default.fileExists(atPath: file.path) else { return }
        try FileManager.default.createDirectory(at: filesDirectory, withIntermediateDirectories: true)
        try contents.write(to: file, options: .atomic)
    }

    /// The origin a slot or an upload row names.
    private static func uploadOrigin(_ row: Row) -> UploadOrigin? {
        UploadOrigin(stored: row["container_id"], environment: row["environment"], database: row["database"], uploader: row["uploader"])
    }

    public func assets(withReceipts receipts: [String], in container: ContainerID) async throws -> [String: UploadedFile] {
        guard !receipts.isEmpty else { return [:] }
        return try await writer.read { db in
            let marks = Array(repeating: "?", count: receipts.count).joined(separator: ", ")
            let rows = try Row.fetchAll(
                db, sql: "SELECT * FROM assets WHERE container_id = ? AND receipt IN (\(marks))",
                arguments: StatementArguments([container.rawValue] + receipts))
            return Dictionary(uniqueKeysWithValues: rows.map { row in
                (row["receipt"] as String, UploadedFile(checksum: row["checksum"], size: row["size"], origin: Self.uploadOrigin(row), wasHeld: row["was_held"]))
            })
        }
    }

    public func fileContents(checksum: String) async throws -> Data? {
        try? Data(contentsOf: filesDirectory.appendingPathComponent(checksum))
    }

    /// Removes the files of the contents no upload uses any more once their rows are gone.
    public func collectUnreferencedAssets(uploadedBefore date: Date) async throws -> [String] {
        let orphans = try await write { db in
            let unreferenced = try Row.fetchAll(
                db,
                sql: """
                    SELECT receipt, checksum FROM assets
                    WHERE (uploaded_at < ? OR was_held) AND NOT EXISTS (SELECT 1 FROM record_assets r WHERE r.receipt = assets.receipt)
                    """,
                arguments: [date.timeIntervalSince1970])
            var orphans: [String] = []
            for row in unreferenced {
                let checksum: String = row["checksum"]
                try db.execute(sql: "DELETE FROM assets WHERE receipt = ?", arguments: [row["receipt"] as String])
                if try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM assets WHERE checksum = ?)", arguments: [checksum]) != true {
                    orphans.append(checksum)
                }
            }
            return orphans
        }
        for checksum in orphans {
            try? FileManager.default.removeItem(at: filesDirectory.appendingPathComponent(checksum))
        }
        return orphans
    }
}
