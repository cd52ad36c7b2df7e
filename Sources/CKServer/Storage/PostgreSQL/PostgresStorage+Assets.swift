import CKModel
import Foundation
import PostgresNIO

extension PostgresStorage: AssetStorage {
    public func createUploadSlot(_ slot: String, for origin: UploadOrigin, expiresAt: Date) async throws {
        try await write { transaction in
            try transaction.execute("""
                INSERT INTO upload_slots (slot, container_id, environment, database, uploader, expires_at)
                VALUES (\(slot), \(origin.container.rawValue), \(origin.environment.rawValue), \(origin.database.rawValue), \(origin.uploader),
                    \(expiresAt.timeIntervalSince1970))
                """)
        }
    }

    public func takeUploadSlot(_ slot: String, now: Date) async throws -> UploadOrigin? {
        try await write { transaction in
            // Taken in one statement: two servers given the same slot at once, one gets it.
            let taken = try transaction.rows("""
                DELETE FROM upload_slots WHERE slot = \(slot) RETURNING container_id, environment, database, uploader, expires_at
                """
            ).first.map { try $0.decode((String, String?, String?, String?, Double).self) }
            try transaction.execute("DELETE FROM upload_slots WHERE expires_at < \(now.timeIntervalSince1970)")
            guard let taken, taken.4 >= now.timeIntervalSince1970 else { return nil }
            return UploadOrigin(stored: taken.0, environment: taken.1, database: taken.2, uploader: taken.3)
        }
    }

    /// Keeps the contents and the upload in one transaction, the contents' row locked until the commit, so that a
    /// collection running at once on another server either finishes first (and the contents are written again)
    /// or sees this upload and keeps them.
    public func insertAsset(receipt: String, contents: [UInt8], checksum: String, origin: UploadOrigin, at date: Date) async throws {
        try await write { transaction in
            let kept = try !transaction.rows("SELECT 1 FROM asset_files WHERE checksum = \(checksum) FOR UPDATE").isEmpty
            if !kept {
                try transaction.execute("""
                    INSERT INTO asset_files (checksum, contents) VALUES (\(checksum), \(ByteBuffer(bytes: contents)))
                    ON CONFLICT (checksum) DO UPDATE SET checksum = excluded.checksum
                    """)
            }
            try transaction.execute("""
                INSERT INTO assets (receipt, container_id, environment, database, uploader, checksum, size, uploaded_at)
                VALUES (\(receipt), \(origin.container.rawValue), \(origin.environment.rawValue), \(origin.database.rawValue),
                    \(origin.uploader), \(checksum), \(Int64(contents.count)), \(date.timeIntervalSince1970))
                """)
        }
    }

    public func fileContents(checksum: String) async throws -> Data? {
        try await read { transaction in
            try transaction.rows("SELECT contents FROM asset_files WHERE checksum = \(checksum)").first?.decode(Data.self)
        }
    }

    public func assets(withReceipts receipts: [String], in container: ContainerID) async throws -> [String: UploadedFile] {
        guard !receipts.isEmpty else { return [:] }
        return try await read { transaction in
            let rows = try transaction.rows("""
                SELECT receipt, checksum, size, was_held, container_id, environment, database, uploader FROM assets
                WHERE container_id = \(container.rawValue) AND receipt = ANY(\(receipts))
                """)
            return Dictionary(uniqueKeysWithValues: try rows.map { row in
                let (receipt, checksum, size, wasHeld, container, environment, database, uploader) =
                    try row.decode((String, String, Int64, Bool, String, String?, String?, String?).self)
                let origin = UploadOrigin(stored: container, environment: environment, database: database, uploader: uploader)
                return (receipt, UploadedFile(checksum: checksum, size: size, origin: origin, wasHeld: wasHeld))
            })
        }
    }

    public func collectUnreferencedAssets(uploadedBefore date: Date) async throws -> [String] {
        try await write { transaction in
            let uploads = try transaction.rows("""
                DELETE FROM assets
                WHERE (uploaded_at < \(date.timeIntervalSince1970) OR was_held)
                    AND NOT EXISTS (SELECT 1 FROM record_assets r WHERE r.receipt = assets.receipt)
                RETURNING checksum
                """
            ).map { try $0.decode(String.self) }
            let candidates = Array(Set(uploads))
            // Locked first, then checked by a statement of its own, which sees the uploads committed while it waited
            // for a lock: contents an upload on another server is keeping are never taken.
            try transaction.execute("SELECT 1 FROM asset_files WHERE checksum = ANY(\(candidates)) FOR UPDATE")
            return try transaction.rows("""
                DELETE FROM asset_files
                WHERE checksum = ANY(\(candidates)) AND NOT EXISTS (SELECT 1 FROM assets a WHERE a.checksum = asset_files.checksum)
                RETURNING checksum
                """
            ).map { try $0.decode(String.self) }.sorted()
        }
    }
}
