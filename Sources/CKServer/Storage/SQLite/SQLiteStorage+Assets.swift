import CKModel
import Foundation
import GRDB

extension SQLiteStorage {
    public func createUploadSlot(_ slot: String, in container: ContainerID, expiresAt: Date) async throws {
        try await writer.write { db in
            try db.execute(
                sql: "INSERT INTO upload_slots (slot, container_id, expires_at) VALUES (?, ?, ?)",
                arguments: [slot, container.rawValue, expiresAt.timeIntervalSince1970])
        }
    }

    public func takeUploadSlot(_ slot: String, now: Date) async throws -> ContainerID? {
        try await writer.write { db in
            let row = try Row.fetchOne(db, sql: "SELECT container_id, expires_at FROM upload_slots WHERE slot = ?", arguments: [slot])
            try db.execute(sql: "DELETE FROM upload_slots WHERE slot = ? OR expires_at < ?", arguments: [slot, now.timeIntervalSince1970])
            guard let row, (row["expires_at"] as Double) >= now.timeIntervalSince1970 else { return nil }
            return ContainerID(rawValue: row["container_id"])
        }
    }

    public func insertAsset(receipt: String, checksum: String, size: Int64, in container: ContainerID, at date: Date) async throws {
        try await writer.write { db in
            try db.execute(
                sql: "INSERT INTO assets (receipt, container_id, checksum, size, uploaded_at) VALUES (?, ?, ?, ?, ?)",
                arguments: [receipt, container.rawValue, checksum, size, date.timeIntervalSince1970])
        }
    }

    public func assets(withReceipts receipts: [String], in container: ContainerID) async throws -> [String: UploadedFile] {
        guard !receipts.isEmpty else { return [:] }
        return try await writer.read { db in
            let marks = Array(repeating: "?", count: receipts.count).joined(separator: ", ")
            let rows = try Row.fetchAll(
                db, sql: "SELECT receipt, checksum, size FROM assets WHERE container_id = ? AND receipt IN (\(marks))",
                arguments: StatementArguments([container.rawValue] + receipts))
            return Dictionary(uniqueKeysWithValues: rows.map { row in
                (row["receipt"] as String, UploadedFile(checksum: row["checksum"], size: row["size"]))
            })
        }
    }

    public func collectUnreferencedAssets(uploadedBefore date: Date) async throws -> [String] {
        try await writer.write { db in
            let unreferenced = try Row.fetchAll(
                db,
                sql: """
                    SELECT receipt, checksum FROM assets
                    WHERE uploaded_at < ? AND NOT EXISTS (SELECT 1 FROM record_assets r WHERE r.receipt = assets.receipt)
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
    }
}
