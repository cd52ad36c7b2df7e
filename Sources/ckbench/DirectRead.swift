import CKModel
import CKServer
import Foundation
import GRDB

/// The storage limit `ckbench server` compares reads with: the rows an answer needs (a record's name, type,
/// change tag, fields and stamps) read with GRDB straight from the server's own database, each into Swift
/// values, in the same pages as the server's answers.
struct DirectRead {
    private let queue: DatabaseQueue
    private let zone: Int64

    /// Reads the development public default zone of `container` in the server database at `path`.
    init(serverDatabase path: String, container: ContainerID) throws {
        var configuration = Configuration()
        configuration.readonly = true
        queue = try DatabaseQueue(path: path, configuration: configuration)
        zone = try DevelopmentPublicZone.id(of: container, in: queue)
    }

    /// One row as an answer needs it.
    private struct Row {
        var name: String
        var type: String
        var changeTag: String
        var fields: String
        var created: Int64
        var createdBy: String?
        var modified: Int64
        var modifiedBy: String?

        init(_ row: GRDB.Row) {
            name = row[0]
            type = row[1]
            changeTag = row[2]
            fields = row[3]
            created = row[4]
            createdBy = row[5]
            modified = row[6]
            modifiedBy = row[7]
        }
    }

    private static let columns = "record_name, record_type, change_tag, fields, created_at, created_by, modified_at, modified_by"

    /// Reads every live record of `recordType` in name order, `pageSize` at a time; returns how many.
    func page(through recordType: String, pageSize: Int) throws -> Int {
        var after = ""
        var read = 0
        while true {
            let rows = try queue.read { db in
                try GRDB.Row.fetchAll(
                    db.cachedStatement(sql: """
                        SELECT \(Self.columns) FROM records WHERE zone_id = ? AND record_type = ? AND deleted = 0 AND record_name > ?
                        ORDER BY record_name LIMIT ?
                        """),
                    arguments: [zone, recordType, after, pageSize]
                ).map(Row.init)
            }
            read += rows.count
            guard let last = rows.last, rows.count == pageSize else { return read }
            after = last.name
        }
    }

    /// Reads the live records named `names`, the list bound as one JSON parameter as the server binds it;
    /// returns how many there were.
    func lookUp(_ names: [String]) throws -> Int {
        let list = String(decoding: try JSONEncoder().encode(names), as: UTF8.self)
        return try queue.read { db in
            try GRDB.Row.fetchAll(
                db.cachedStatement(sql: "SELECT \(Self.columns) FROM records WHERE zone_id = ? AND deleted = 0 AND record_name IN (SELECT value FROM json_each(?))"),
                arguments: [zone, list]
            ).map(Row.init).count
        }
    }
}
