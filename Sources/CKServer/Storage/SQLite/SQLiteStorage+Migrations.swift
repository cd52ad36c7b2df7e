import GRDB

extension SQLiteStorage {
    /// The database's tables, one migration per change; a shipped migration is never edited.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("containers, schemas, credentials, keys, users") { db in
            try db.execute(sql: """
                CREATE TABLE containers (
                    id TEXT PRIMARY KEY NOT NULL,
                    developer_record_name TEXT NOT NULL,
                    created_at DOUBLE NOT NULL
                );
                CREATE TABLE schemas (
                    container_id TEXT NOT NULL REFERENCES containers(id) ON DELETE CASCADE,
                    environment TEXT NOT NULL,
                    ckdb TEXT NOT NULL,
                    PRIMARY KEY (container_id, environment)
                );
                CREATE TABLE deployments (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    container_id TEXT NOT NULL REFERENCES containers(id) ON DELETE CASCADE,
                    actor TEXT NOT NULL,
                    deployed_at DOUBLE NOT NULL,
                    digest TEXT NOT NULL,
                    changes TEXT NOT NULL
                );
                CREATE TABLE credentials (
                    secret_hash TEXT PRIMARY KEY NOT NULL,
                    kind TEXT NOT NULL,
                    label TEXT NOT NULL,
                    container_id TEXT REFERENCES containers(id) ON DELETE CASCADE,
                    user_record_name TEXT,
                    read_only INTEGER NOT NULL,
                    created_at DOUBLE NOT NULL,
                    expires_at DOUBLE
                );
                CREATE TABLE server_keys (
                    key_id TEXT PRIMARY KEY NOT NULL,
                    container_id TEXT NOT NULL REFERENCES containers(id) ON DELETE CASCADE,
                    public_key_pem TEXT NOT NULL,
                    created_at DOUBLE NOT NULL
                );
                CREATE TABLE users (
                    container_id TEXT NOT NULL REFERENCES containers(id) ON DELETE CASCADE,
                    user_record_name TEXT NOT NULL,
                    name TEXT NOT NULL,
                    email_address TEXT,
                    discoverable INTEGER NOT NULL,
                    roles TEXT NOT NULL,
                    PRIMARY KEY (container_id, user_record_name),
                    UNIQUE (container_id, name)
                );
                CREATE INDEX users_by_email ON users (container_id, email_address);
                """)
        }
        migrator.registerMigration("zones and records") { db in
            try db.execute(sql: """
                CREATE TABLE zones (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    container_id TEXT NOT NULL REFERENCES containers(id) ON DELETE CASCADE,
                    environment TEXT NOT NULL,
                    database_scope TEXT NOT NULL,
                    owner_record_name TEXT NOT NULL,
                    zone_name TEXT NOT NULL,
                    last_change INTEGER NOT NULL DEFAULT 0,
                    UNIQUE (container_id, environment, database_scope, owner_record_name, zone_name)
                );
                CREATE TABLE records (
                    zone_id INTEGER NOT NULL REFERENCES zones(id) ON DELETE CASCADE,
                    record_name TEXT NOT NULL,
                    record_type TEXT NOT NULL,
                    change_tag TEXT NOT NULL,
                    fields TEXT NOT NULL,
                    created_at INTEGER NOT NULL,
                    created_by TEXT,
                    created_device TEXT,
                    modified_at INTEGER NOT NULL,
                    modified_by TEXT,
                    modified_device TEXT,
                    deleted INTEGER NOT NULL DEFAULT 0,
                    change_number INTEGER NOT NULL,
                    PRIMARY KEY (zone_id, record_name)
                );
                CREATE INDEX records_by_change ON records (zone_id, change_number);
                CREATE INDEX records_by_type ON records (zone_id, record_type, record_name);
                """)
        }
        migrator.registerMigration("query indexes") { db in
            try db.execute(sql: """
                CREATE TABLE record_index (
                    zone_id INTEGER NOT NULL REFERENCES zones(id) ON DELETE CASCADE,
                    record_type TEXT NOT NULL,
                    field_name TEXT NOT NULL,
                    value NOT NULL,
                    record_name TEXT NOT NULL
                );
                CREATE INDEX record_index_by_value ON record_index (zone_id, record_type, field_name, value, record_name);
                CREATE INDEX record_index_by_record ON record_index (zone_id, record_name);
                CREATE TABLE search_rows (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    zone_id INTEGER NOT NULL REFERENCES zones(id) ON DELETE CASCADE,
                    record_type TEXT NOT NULL,
                    field_name TEXT NOT NULL,
                    record_name TEXT NOT NULL
                );
                CREATE INDEX search_rows_by_record ON search_rows (zone_id, record_name);
                CREATE VIRTUAL TABLE record_search USING fts5(content, tokenize = 'unicode61 remove_diacritics 2');
                """)
        }
        migrator.registerMigration("reference rules") { db in
            try db.execute(sql: """
                CREATE TABLE record_references (
                    zone_id INTEGER NOT NULL REFERENCES zones(id) ON DELETE CASCADE,
                    source_name TEXT NOT NULL,
                    target_name TEXT NOT NULL,
                    action TEXT NOT NULL
                );
                CREATE INDEX record_references_by_target ON record_references (zone_id, target_name);
                CREATE INDEX record_references_by_source ON record_references (zone_id, source_name);
                """)
        }
        migrator.registerMigration("subscriptions") { db in
            try db.execute(sql: """
                CREATE TABLE subscriptions (
                    container_id TEXT NOT NULL REFERENCES containers(id) ON DELETE CASCADE,
                    environment TEXT NOT NULL,
                    database_scope TEXT NOT NULL,
                    owner_record_name TEXT NOT NULL,
                    subscription_id TEXT NOT NULL,
                    definition TEXT NOT NULL,
                    PRIMARY KEY (container_id, environment, database_scope, owner_record_name, subscription_id)
                );
                """)
        }
        migrator.registerMigration("push tokens and notifications") { db in
            try db.execute(sql: """
                CREATE TABLE push_tokens (
                    token TEXT PRIMARY KEY NOT NULL,
                    container_id TEXT NOT NULL REFERENCES containers(id) ON DELETE CASCADE,
                    environment TEXT NOT NULL,
                    owner_record_name TEXT NOT NULL,
                    registered INTEGER NOT NULL DEFAULT 0
                );
                CREATE INDEX push_tokens_by_owner ON push_tokens (container_id, environment, owner_record_name);
                CREATE TABLE notifications (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    token TEXT NOT NULL REFERENCES push_tokens(token) ON DELETE CASCADE,
                    payload TEXT NOT NULL
                );
                CREATE INDEX notifications_by_token ON notifications (token, id);
                """)
        }
        migrator.registerMigration("database change feed") { db in
            try db.execute(sql: """
                ALTER TABLE zones ADD COLUMN database_change INTEGER NOT NULL DEFAULT 0;
                CREATE TABLE databases (
                    container_id TEXT NOT NULL REFERENCES containers(id) ON DELETE CASCADE,
                    environment TEXT NOT NULL,
                    database_scope TEXT NOT NULL,
                    owner_record_name TEXT NOT NULL,
                    last_change INTEGER NOT NULL DEFAULT 0,
                    PRIMARY KEY (container_id, environment, database_scope, owner_record_name)
                );
                CREATE TABLE zone_tombstones (
                    container_id TEXT NOT NULL REFERENCES containers(id) ON DELETE CASCADE,
                    environment TEXT NOT NULL,
                    database_scope TEXT NOT NULL,
                    owner_record_name TEXT NOT NULL,
                    zone_name TEXT NOT NULL,
                    database_change INTEGER NOT NULL,
                    PRIMARY KEY (container_id, environment, database_scope, owner_record_name, zone_name)
                );
                """)
        }
        migrator.registerMigration("assets") { db in
            try db.execute(sql: """
                CREATE TABLE upload_slots (
                    slot TEXT PRIMARY KEY NOT NULL,
                    container_id TEXT NOT NULL REFERENCES containers(id) ON DELETE CASCADE,
                    expires_at DOUBLE NOT NULL
                );
                CREATE TABLE assets (
                    receipt TEXT PRIMARY KEY NOT NULL,
                    container_id TEXT NOT NULL REFERENCES containers(id) ON DELETE CASCADE,
                    checksum TEXT NOT NULL,
                    size INTEGER NOT NULL,
                    uploaded_at DOUBLE NOT NULL
                );
                CREATE INDEX assets_by_checksum ON assets (checksum);
                CREATE TABLE record_assets (
                    zone_id INTEGER NOT NULL REFERENCES zones(id) ON DELETE CASCADE,
                    record_name TEXT NOT NULL,
                    receipt TEXT NOT NULL
                );
                CREATE INDEX record_assets_by_record ON record_assets (zone_id, record_name);
                CREATE INDEX record_assets_by_receipt ON record_assets (receipt);
                """)
        }
        migrator.registerMigration("credential expiry index") { db in
            try db.execute(sql: "CREATE INDEX credentials_by_expiry ON credentials (expires_at)")
        }
        migrator.registerMigration("parents and shares") { db in
            try db.execute(sql: """
                ALTER TABLE records ADD COLUMN parent_name TEXT;
                ALTER TABLE records ADD COLUMN share_info TEXT;
                CREATE INDEX records_by_parent ON records (zone_id, parent_name);
                CREATE TABLE shares (
                    zone_id INTEGER NOT NULL REFERENCES zones(id) ON DELETE CASCADE,
                    share_name TEXT NOT NULL,
                    root_name TEXT,
                    short_guid TEXT NOT NULL UNIQUE,
                    PRIMARY KEY (zone_id, share_name)
                );
                CREATE INDEX shares_by_root ON shares (zone_id, root_name);
                CREATE TABLE share_participants (
                    zone_id INTEGER NOT NULL REFERENCES zones(id) ON DELETE CASCADE,
                    share_name TEXT NOT NULL,
                    user_record_name TEXT NOT NULL,
                    accepted INTEGER NOT NULL,
                    PRIMARY KEY (zone_id, share_name, user_record_name)
                );
                CREATE INDEX share_participants_by_user ON share_participants (user_record_name, accepted);
                """)
        }
        migrator.registerMigration("audit log") { db in
            try db.execute(sql: """
                CREATE TABLE audit_log (
                    sequence INTEGER PRIMARY KEY AUTOINCREMENT,
                    recorded_at DOUBLE NOT NULL,
                    token_name TEXT NOT NULL,
                    action TEXT NOT NULL,
                    container_id TEXT,
                    target TEXT NOT NULL,
                    changes TEXT NOT NULL
                );
                CREATE INDEX audit_log_by_container ON audit_log (container_id, sequence);
                """)
        }
        migrator.registerMigration("web auth token sign-ins") { db in
            try db.execute(sql: """
                ALTER TABLE credentials ADD COLUMN sign_in TEXT;
                ALTER TABLE credentials ADD COLUMN sealed_successor BLOB;
                CREATE INDEX credentials_by_sign_in ON credentials (sign_in);
                """)
        }
        migrator.registerMigration("upload origins") { db in
            try db.execute(sql: """
                ALTER TABLE upload_slots ADD COLUMN environment TEXT;
                ALTER TABLE upload_slots ADD COLUMN database TEXT;
                ALTER TABLE upload_slots ADD COLUMN uploader TEXT;
                ALTER TABLE assets ADD COLUMN environment TEXT;
                ALTER TABLE assets ADD COLUMN database TEXT;
                ALTER TABLE assets ADD COLUMN uploader TEXT;
                ALTER TABLE assets ADD COLUMN was_held BOOLEAN NOT NULL DEFAULT 0;
                UPDATE assets SET was_held = 1 WHERE EXISTS (SELECT 1 FROM record_assets r WHERE r.receipt = assets.receipt);
                """)
        }
        migrator.registerMigration("push token activity and pruned notifications") { db in
            try db.execute(sql: """
                ALTER TABLE push_tokens ADD COLUMN last_seen DOUBLE NOT NULL DEFAULT 0;
                UPDATE push_tokens SET last_seen = CAST(strftime('%s', 'now') AS DOUBLE);
                CREATE INDEX push_tokens_by_last_seen ON push_tokens (last_seen);
                ALTER TABLE notifications ADD COLUMN pruned BOOLEAN NOT NULL DEFAULT 0;
                """)
        }
        migrator.registerMigration("a web auth token sign-in in one row") { db in
            // A sign-in's row holds its current token's hash, and the one before it with its grace period and the
            // current token sealed with its key: a token rotated before (sealed_successor set, a row of its own
            // until now) becomes the previous token of its sign-in's current row.
            try db.execute(sql: """
                ALTER TABLE credentials ADD COLUMN previous_hash TEXT;
                ALTER TABLE credentials ADD COLUMN previous_expires_at REAL;
                CREATE INDEX credentials_by_previous_hash ON credentials (previous_hash);
                UPDATE credentials SET previous_hash = rotated.secret_hash, previous_expires_at = rotated.expires_at,
                    sealed_successor = rotated.sealed_successor
                FROM credentials AS rotated
                WHERE credentials.kind = 'webAuthToken' AND credentials.sealed_successor IS NULL AND rotated.kind = 'webAuthToken'
                    AND rotated.sealed_successor IS NOT NULL AND rotated.secret_hash <> credentials.secret_hash
                    AND COALESCE(rotated.sign_in, rotated.secret_hash) = COALESCE(credentials.sign_in, credentials.secret_hash);
                DELETE FROM credentials WHERE kind = 'webAuthToken' AND previous_hash IS NULL AND sealed_successor IS NOT NULL;
                DROP INDEX credentials_by_sign_in;
                ALTER TABLE credentials DROP COLUMN sign_in;
                """)
        }
        migrator.registerMigration("container versions") { db in
            // What a server keeps in memory of a container (its schemas, which zones exist, its subscriptions) is
            // valid while the container's version is the one it was read at: every change to them moves it on.
            var triggers = ["ALTER TABLE containers ADD COLUMN version INTEGER NOT NULL DEFAULT 0;"]
            // An update that leaves the text as it was (a client saving its subscriptions again at launch) changes
            // nothing kept, so it keeps the version.
            let changes = [
                ("schemas", "INSERT", "NEW", ""), ("schemas", "UPDATE", "NEW", "WHEN OLD.ckdb IS NOT NEW.ckdb"), ("schemas", "DELETE", "OLD", ""),
                ("deployments", "INSERT", "NEW", ""), ("deployments", "DELETE", "OLD", ""),
                ("zones", "INSERT", "NEW", ""), ("zones", "DELETE", "OLD", ""),
                ("subscriptions", "INSERT", "NEW", ""), ("subscriptions", "UPDATE", "NEW", "WHEN OLD.definition IS NOT NEW.definition"),
                ("subscriptions", "DELETE", "OLD", ""),
            ]
            for (table, event, row, condition) in changes {
                triggers.append("""
                    CREATE TRIGGER \(table)_\(event.lowercased())_moves_container_version AFTER \(event) ON \(table) \(condition) BEGIN
                        UPDATE containers SET version = version + 1 WHERE id = \(row).container_id;
                    END;
                    """)
            }
            try db.execute(sql: triggers.joined(separator: "\n"))
        }
        migrator.registerMigration("search content as folded tokens") { db in
            // The full-text index kept texts as written, tokenized by FTS5, which folds less than CloudKit's search
            // (ß, ligatures): it keeps their tokens as searches fold them (`searchContent`). A thousand rows at a time.
            var last: Int64 = 0
            while true {
                let rows = try Row.fetchAll(db, sql: "SELECT rowid, content FROM record_search WHERE rowid > ? ORDER BY rowid LIMIT 1000", arguments: [last])
                guard let final = rows.last else { break }
                for row in rows {
                    try db.execute(sql: "UPDATE record_search SET content = ? WHERE rowid = ?", arguments: [searchContent(row[1]), row[0] as Int64])
                }
                last = final[0]
            }
        }
        migrator.registerMigration("request log") { db in
            // One row per data API request; the entry is JSON, read back whole, and filtered above storage.
            try db.execute(sql: """
                CREATE TABLE request_log (
                    sequence INTEGER PRIMARY KEY AUTOINCREMENT,
                    logged_at INTEGER NOT NULL,
                    container_id TEXT NOT NULL,
                    entry TEXT NOT NULL
                );
                CREATE INDEX request_log_by_container ON request_log (container_id, sequence);
                CREATE INDEX request_log_by_time ON request_log (logged_at);
                """)
        }
        migrator.registerMigration("telemetry") { db in
            try db.execute(sql: """
                CREATE TABLE telemetry (
                    resolution INTEGER NOT NULL,
                    started_at INTEGER NOT NULL,
                    container_id TEXT NOT NULL,
                    environment TEXT NOT NULL,
                    database_scope TEXT NOT NULL,
                    operation TEXT NOT NULL,
                    platform TEXT NOT NULL,
                    error_code TEXT NOT NULL,
                    requests INTEGER NOT NULL,
                    errors INTEGER NOT NULL,
                    bytes_in INTEGER NOT NULL,
                    bytes_out INTEGER NOT NULL,
                    records_read INTEGER NOT NULL,
                    records_written INTEGER NOT NULL,
                    notifications INTEGER NOT NULL,
                    latency TEXT NOT NULL,
                    users TEXT NOT NULL
                );
                CREATE INDEX telemetry_by_time ON telemetry (resolution, started_at);
                CREATE UNIQUE INDEX telemetry_hours ON telemetry
                    (started_at, container_id, environment, database_scope, operation, platform, error_code) WHERE resolution = 3600;
                CREATE TABLE usage (
                    hour INTEGER NOT NULL,
                    container_id TEXT NOT NULL,
                    environment TEXT NOT NULL,
                    record_type TEXT NOT NULL,
                    records INTEGER NOT NULL,
                    record_bytes INTEGER NOT NULL,
                    PRIMARY KEY (hour, container_id, environment, record_type)
                );
                """)
        }
        migrator.registerMigration("alerts and developer notifications") { db in
            try db.execute(sql: """
                CREATE TABLE alert_rules (
                    position INTEGER PRIMARY KEY AUTOINCREMENT,
                    id TEXT NOT NULL UNIQUE,
                    container_id TEXT NOT NULL,
                    definition TEXT NOT NULL,
                    firing INTEGER NOT NULL DEFAULT 0,
                    changed_at INTEGER
                );
                CREATE TABLE alert_events (
                    sequence INTEGER PRIMARY KEY AUTOINCREMENT,
                    rule_id TEXT NOT NULL,
                    container_id TEXT NOT NULL,
                    event TEXT NOT NULL
                );
                CREATE INDEX alert_events_by_container ON alert_events (container_id, sequence);
                CREATE TABLE alert_evaluations (minute INTEGER PRIMARY KEY);
                CREATE TABLE developer_notifications (
                    sequence INTEGER PRIMARY KEY AUTOINCREMENT,
                    container_id TEXT,
                    notified_at INTEGER NOT NULL,
                    kind TEXT NOT NULL,
                    title TEXT NOT NULL,
                    read INTEGER NOT NULL DEFAULT 0
                );
                """)
        }
        migrator.registerMigration("usage asset bytes") { db in
            try db.execute(sql: "ALTER TABLE usage ADD COLUMN asset_bytes INTEGER NOT NULL DEFAULT 0")
        }
        migrator.registerMigration("sign-in passwords and callbacks") { db in
            try db.execute(sql: "ALTER TABLE users ADD COLUMN password_verifier TEXT")
            try db.execute(sql: "ALTER TABLE credentials ADD COLUMN sign_in_callback TEXT")
        }
        migrator.registerMigration("share records indexed") { db in
            // Share records saved before they were indexed get their entries where the server opens next.
            try db.execute(sql: "CREATE TABLE pending_reindexes (record_type TEXT PRIMARY KEY); INSERT INTO pending_reindexes VALUES ('cloudkit.share')")
        }
        return migrator
    }
}
