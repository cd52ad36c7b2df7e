/// A table whose rows `ServerTransfer` copies as they are from one engine to another: the columns both engines'
/// tables have, and the key its rows are read in order of, page by page.
///
/// The tables an engine derives from records (their value, search and reference entries, the uploads they hold,
/// shares and their participants) are not copied: the target builds them again, in its own form.
public struct TransferTable: Sendable, Equatable {
    /// A column and the kind of value it holds.
    public struct Column: Sendable, Equatable {
        /// The kinds of value a column holds.
        public enum Kind: Sendable, Equatable {
            case integer, real, boolean, text, bytes
        }

        public var name: String
        public var kind: Kind
    }

    public var name: String
    public var columns: [Column]
    /// The columns that name a row (never null), in the order rows are read.
    public var key: [String]
    /// The column the engine numbers new rows by, kept as it is in a copy, so that what refers to a row (a zone's
    /// records, a deploy's number, a change feed's marker) still does; the engine then numbers on from the highest.
    public var identity: String?
    /// How many rows are read and written at once: fewer for tables whose rows may be large.
    public var pageSize: Int

    init(_ name: String, key: [String], identity: String? = nil, pageSize: Int = 500, _ columns: [(String, Column.Kind)]) {
        self.name = name
        self.columns = columns.map { Column(name: $0.0, kind: $0.1) }
        self.key = key
        self.identity = identity
        self.pageSize = pageSize
    }

    /// Where in a row the key's columns are.
    var keyPositions: [Int] {
        key.map { name in columns.firstIndex { $0.name == name }! }
    }

    /// Every table a copy takes, each after the tables its rows refer to.
    public static let all: [TransferTable] = [
        TransferTable("containers", key: ["id"], [
            ("id", .text), ("developer_record_name", .text), ("created_at", .real), ("version", .integer),
        ]),
        TransferTable("schemas", key: ["container_id", "environment"], [
            ("container_id", .text), ("environment", .text), ("ckdb", .text),
        ]),
        TransferTable("deployments", key: ["id"], identity: "id", [
            ("id", .integer), ("container_id", .text), ("actor", .text), ("deployed_at", .real), ("digest", .text), ("changes", .text),
        ]),
        TransferTable("credentials", key: ["secret_hash"], [
            ("secret_hash", .text), ("kind", .text), ("label", .text), ("container_id", .text), ("user_record_name", .text),
            ("read_only", .boolean), ("created_at", .real), ("expires_at", .real), ("sealed_successor", .bytes),
            ("previous_hash", .text), ("previous_expires_at", .real), ("sign_in_callback", .text),
        ]),
        TransferTable("server_keys", key: ["key_id"], [
            ("key_id", .text), ("container_id", .text), ("public_key_pem", .text), ("created_at", .real),
        ]),
        TransferTable("users", key: ["container_id", "user_record_name"], [
            ("container_id", .text), ("user_record_name", .text), ("name", .text), ("email_address", .text),
            ("discoverable", .boolean), ("roles", .text), ("password_verifier", .text),
        ]),
        TransferTable("audit_log", key: ["sequence"], identity: "sequence", [
            ("sequence", .integer), ("recorded_at", .real), ("token_name", .text), ("action", .text), ("container_id", .text),
            ("target", .text), ("changes", .text),
        ]),
        TransferTable("request_log", key: ["sequence"], identity: "sequence", [
            ("sequence", .integer), ("logged_at", .integer), ("container_id", .text), ("entry", .text),
        ]),
        TransferTable("databases", key: ["container_id", "environment", "database_scope", "owner_record_name"], [
            ("container_id", .text), ("environment", .text), ("database_scope", .text), ("owner_record_name", .text),
            ("last_change", .integer),
        ]),
        TransferTable("zones", key: ["id"], identity: "id", [
            ("id", .integer), ("container_id", .text), ("environment", .text), ("database_scope", .text),
            ("owner_record_name", .text), ("zone_name", .text), ("last_change", .integer), ("database_change", .integer),
        ]),
        TransferTable("zone_tombstones", key: ["container_id", "environment", "database_scope", "owner_record_name", "zone_name"], [
            ("container_id", .text), ("environment", .text), ("database_scope", .text), ("owner_record_name", .text),
            ("zone_name", .text), ("database_change", .integer),
        ]),
        // A record holds up to 1 MB of fields: a hundred at a time.
        TransferTable("records", key: ["zone_id", "record_name"], pageSize: 100, [
            ("zone_id", .integer), ("record_name", .text), ("record_type", .text), ("change_tag", .text), ("fields", .text),
            ("created_at", .integer), ("created_by", .text), ("created_device", .text), ("modified_at", .integer),
            ("modified_by", .text), ("modified_device", .text), ("deleted", .boolean), ("change_number", .integer),
            ("parent_name", .text), ("share_info", .text),
        ]),
        TransferTable("subscriptions", key: ["container_id", "environment", "database_scope", "owner_record_name", "subscription_id"], [
            ("container_id", .text), ("environment", .text), ("database_scope", .text), ("owner_record_name", .text),
            ("subscription_id", .text), ("definition", .text),
        ]),
        TransferTable("push_tokens", key: ["token"], [
            ("token", .text), ("container_id", .text), ("environment", .text), ("owner_record_name", .text),
            ("registered", .boolean), ("last_seen", .real),
        ]),
        TransferTable("notifications", key: ["id"], identity: "id", [
            ("id", .integer), ("token", .text), ("payload", .text), ("pruned", .boolean),
        ]),
        TransferTable("upload_slots", key: ["slot"], [
            ("slot", .text), ("container_id", .text), ("expires_at", .real), ("environment", .text), ("database", .text),
            ("uploader", .text),
        ]),
        TransferTable("assets", key: ["receipt"], [
            ("receipt", .text), ("container_id", .text), ("checksum", .text), ("size", .integer), ("uploaded_at", .real),
            ("environment", .text), ("database", .text), ("uploader", .text), ("was_held", .boolean),
        ]),
    ]
}
