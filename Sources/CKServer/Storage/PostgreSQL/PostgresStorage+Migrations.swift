import PostgresNIO

extension PostgresStorage {
    /// The database's tables, one migration per change, numbered from 1; a shipped migration is never edited.
    /// The tables hold what SQLite's do (`SQLiteStorage.migrator`), in PostgreSQL's types.
    static let migrations: [(name: String, sql: String)] = [
        ("containers, schemas, credentials, keys, users", """
            CREATE TABLE containers (
                id TEXT PRIMARY KEY,
                developer_record_name TEXT NOT NULL,
                created_at DOUBLE PRECISION NOT NULL,
                version BIGINT NOT NULL DEFAULT 0
            );
            CREATE TABLE schemas (
                container_id TEXT NOT NULL REFERENCES containers(id) ON DELETE CASCADE,
                environment TEXT NOT NULL,
                ckdb TEXT NOT NULL,
                PRIMARY KEY (container_id, environment)
            );
            CREATE TABLE deployments (
                id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                container_id TEXT NOT NULL REFERENCES containers(id) ON DELETE CASCADE,
                actor TEXT NOT NULL,
                deployed_at DOUBLE PRECISION NOT NULL,
                digest TEXT NOT NULL,
                changes TEXT NOT NULL
            );
            CREATE TABLE credentials (
                secret_hash TEXT PRIMARY KEY,
                kind TEXT NOT NULL,
                label TEXT NOT NULL,
                container_id TEXT REFERENCES containers(id) ON DELETE CASCADE,
                user_record_name TEXT,
                read_only BOOLEAN NOT NULL,
                created_at DOUBLE PRECISION NOT NULL,
                expires_at DOUBLE PRECISION,
                sealed_successor BYTEA,
                previous_hash TEXT,
                previous_expires_at DOUBLE PRECISION
            );
            CREATE INDEX credentials_by_expiry ON credentials (expires_at);
            CREATE INDEX credentials_by_previous_hash ON credentials (previous_hash);
            CREATE TABLE server_keys (
                key_id TEXT PRIMARY KEY,
                container_id TEXT NOT NULL REFERENCES containers(id) ON DELETE CASCADE,
                public_key_pem TEXT NOT NULL,
                created_at DOUBLE PRECISION NOT NULL
            );
            CREATE TABLE users (
                container_id TEXT NOT NULL REFERENCES containers(id) ON DELETE CASCADE,
                user_record_name TEXT NOT NULL,
                name TEXT NOT NULL,
                email_address TEXT,
                discoverable BOOLEAN NOT NULL,
                roles TEXT NOT NULL,
                PRIMARY KEY (container_id, user_record_name),
                UNIQUE (container_id, name)
            );
            CREATE INDEX users_by_email ON users (container_id, email_address);
            CREATE TABLE audit_log (
                sequence BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                recorded_at DOUBLE PRECISION NOT NULL,
                token_name TEXT NOT NULL,
                action TEXT NOT NULL,
                container_id TEXT,
                target TEXT NOT NULL,
                changes TEXT NOT NULL
            );
            CREATE INDEX audit_log_by_container ON audit_log (container_id, sequence);
            """),
        ("zones, records and their indexes", """
            CREATE TABLE databases (
                container_id TEXT NOT NULL REFERENCES containers(id) ON DELETE CASCADE,
                environment TEXT NOT NULL,
                database_scope TEXT NOT NULL,
                owner_record_name TEXT NOT NULL,
                last_change BIGINT NOT NULL DEFAULT 0,
                PRIMARY KEY (container_id, environment, database_scope, owner_record_name)
            );
            CREATE TABLE zones (
                id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                container_id TEXT NOT NULL REFERENCES containers(id) ON DELETE CASCADE,
                environment TEXT NOT NULL,
                database_scope TEXT NOT NULL,
                owner_record_name TEXT NOT NULL,
                zone_name TEXT NOT NULL,
                last_change BIGINT NOT NULL DEFAULT 0,
                database_change BIGINT NOT NULL DEFAULT 0,
                UNIQUE (container_id, environment, database_scope, owner_record_name, zone_name)
            );
            CREATE TABLE zone_tombstones (
                container_id TEXT NOT NULL REFERENCES containers(id) ON DELETE CASCADE,
                environment TEXT NOT NULL,
                database_scope TEXT NOT NULL,
                owner_record_name TEXT NOT NULL,
                zone_name TEXT NOT NULL,
                database_change BIGINT NOT NULL,
                PRIMARY KEY (container_id, environment, database_scope, owner_record_name, zone_name)
            );
            CREATE TABLE records (
                zone_id BIGINT NOT NULL REFERENCES zones(id) ON DELETE CASCADE,
                record_name TEXT COLLATE "C" NOT NULL,
                record_type TEXT COLLATE "C" NOT NULL,
                change_tag TEXT NOT NULL,
                fields TEXT NOT NULL,
                created_at BIGINT NOT NULL,
                created_by TEXT,
                created_device TEXT,
                modified_at BIGINT NOT NULL,
                modified_by TEXT,
                modified_device TEXT,
                deleted BOOLEAN NOT NULL DEFAULT FALSE,
                change_number BIGINT NOT NULL,
                parent_name TEXT COLLATE "C",
                share_info TEXT,
                PRIMARY KEY (zone_id, record_name)
            );
            CREATE INDEX records_by_change ON records (zone_id, change_number);
            CREATE INDEX records_by_type ON records (zone_id, record_type, record_name);
            CREATE INDEX records_by_parent ON records (zone_id, parent_name);
            CREATE TABLE record_index (
                zone_id BIGINT NOT NULL REFERENCES zones(id) ON DELETE CASCADE,
                record_type TEXT COLLATE "C" NOT NULL,
                field_name TEXT COLLATE "C" NOT NULL,
                number NUMERIC,
                number_is_real BOOLEAN NOT NULL DEFAULT FALSE,
                text TEXT COLLATE "C",
                record_name TEXT COLLATE "C" NOT NULL,
                CHECK ((number IS NULL) <> (text IS NULL))
            );
            CREATE INDEX record_index_by_number ON record_index (zone_id, record_type, field_name, number, record_name)
                WHERE number IS NOT NULL;
            CREATE INDEX record_index_by_text ON record_index (zone_id, record_type, field_name, text, record_name)
                WHERE text IS NOT NULL;
            CREATE INDEX record_index_by_record ON record_index (zone_id, record_name);
            CREATE TABLE record_search (
                zone_id BIGINT NOT NULL REFERENCES zones(id) ON DELETE CASCADE,
                record_type TEXT COLLATE "C" NOT NULL,
                field_name TEXT COLLATE "C" NOT NULL,
                record_name TEXT COLLATE "C" NOT NULL,
                tokens TEXT[] NOT NULL,
                content TEXT NOT NULL
            );
            CREATE INDEX record_search_by_record ON record_search (zone_id, record_name);
            CREATE INDEX record_search_by_token ON record_search USING GIN (tokens);
            CREATE TABLE record_references (
                zone_id BIGINT NOT NULL REFERENCES zones(id) ON DELETE CASCADE,
                source_name TEXT COLLATE "C" NOT NULL,
                target_name TEXT COLLATE "C" NOT NULL,
                action TEXT NOT NULL
            );
            CREATE INDEX record_references_by_target ON record_references (zone_id, target_name);
            CREATE INDEX record_references_by_source ON record_references (zone_id, source_name);
            CREATE TABLE shares (
                zone_id BIGINT NOT NULL REFERENCES zones(id) ON DELETE CASCADE,
                share_name TEXT COLLATE "C" NOT NULL,
                root_name TEXT COLLATE "C",
                short_guid TEXT NOT NULL UNIQUE,
                PRIMARY KEY (zone_id, share_name)
            );
            CREATE INDEX shares_by_root ON shares (zone_id, root_name);
            CREATE TABLE share_participants (
                zone_id BIGINT NOT NULL REFERENCES zones(id) ON DELETE CASCADE,
                share_name TEXT COLLATE "C" NOT NULL,
                user_record_name TEXT NOT NULL,
                accepted BOOLEAN NOT NULL,
                PRIMARY KEY (zone_id, share_name, user_record_name)
            );
            CREATE INDEX share_participants_by_user ON share_participants (user_record_name, accepted);
            """),
        ("subscriptions, push tokens and notifications", """
            CREATE TABLE subscriptions (
                container_id TEXT NOT NULL REFERENCES containers(id) ON DELETE CASCADE,
                environment TEXT NOT NULL,
                database_scope TEXT NOT NULL,
                owner_record_name TEXT NOT NULL,
                subscription_id TEXT NOT NULL,
                definition TEXT NOT NULL,
                PRIMARY KEY (container_id, environment, database_scope, owner_record_name, subscription_id)
            );
            CREATE TABLE push_tokens (
                token TEXT PRIMARY KEY,
                container_id TEXT NOT NULL REFERENCES containers(id) ON DELETE CASCADE,
                environment TEXT NOT NULL,
                owner_record_name TEXT NOT NULL,
                registered BOOLEAN NOT NULL DEFAULT FALSE,
                last_seen DOUBLE PRECISION NOT NULL DEFAULT 0
            );
            CREATE INDEX push_tokens_by_owner ON push_tokens (container_id, environment, owner_record_name);
            CREATE INDEX push_tokens_by_last_seen ON push_tokens (last_seen);
            CREATE TABLE notifications (
                id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                token TEXT NOT NULL REFERENCES push_tokens(token) ON DELETE CASCADE,
                payload TEXT NOT NULL,
                pruned BOOLEAN NOT NULL DEFAULT FALSE
            );
            CREATE INDEX notifications_by_token ON notifications (token, id);
            """),
        ("assets", """
            CREATE TABLE upload_slots (
                slot TEXT PRIMARY KEY,
                container_id TEXT NOT NULL REFERENCES containers(id) ON DELETE CASCADE,
                expires_at DOUBLE PRECISION NOT NULL,
                environment TEXT,
                database TEXT,
                uploader TEXT
            );
            CREATE TABLE assets (
                receipt TEXT PRIMARY KEY,
                container_id TEXT NOT NULL REFERENCES containers(id) ON DELETE CASCADE,
                checksum TEXT NOT NULL,
                size BIGINT NOT NULL,
                uploaded_at DOUBLE PRECISION NOT NULL,
                environment TEXT,
                database TEXT,
                uploader TEXT,
                was_held BOOLEAN NOT NULL DEFAULT FALSE
            );
            CREATE INDEX assets_by_checksum ON assets (checksum);
            CREATE TABLE asset_files (
                checksum TEXT PRIMARY KEY,
                contents BYTEA NOT NULL
            );
            CREATE TABLE record_assets (
                zone_id BIGINT NOT NULL REFERENCES zones(id) ON DELETE CASCADE,
                record_name TEXT COLLATE "C" NOT NULL,
                receipt TEXT NOT NULL
            );
            CREATE INDEX record_assets_by_record ON record_assets (zone_id, record_name);
            CREATE INDEX record_assets_by_receipt ON record_assets (receipt);
            """),
        // A default zone always exists for the servers' memory (`ZoneListing`): its row, made by a first save,
        // moves no version, so first saves across a container do not take turns on its row.
        ("container versions", """
            CREATE FUNCTION move_container_version() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
            BEGIN
                UPDATE containers SET version = version + 1
                WHERE id = (CASE WHEN TG_OP = 'DELETE' THEN OLD.container_id ELSE NEW.container_id END);
                RETURN NULL;
            END $$;
            CREATE TRIGGER schemas_move_container_version AFTER INSERT OR DELETE ON schemas
                FOR EACH ROW EXECUTE FUNCTION move_container_version();
            CREATE TRIGGER schemas_update_moves_container_version AFTER UPDATE ON schemas
                FOR EACH ROW WHEN (OLD.ckdb IS DISTINCT FROM NEW.ckdb) EXECUTE FUNCTION move_container_version();
            CREATE TRIGGER deployments_move_container_version AFTER INSERT OR DELETE ON deployments
                FOR EACH ROW EXECUTE FUNCTION move_container_version();
            CREATE TRIGGER zones_insert_moves_container_version AFTER INSERT ON zones
                FOR EACH ROW WHEN (NEW.zone_name <> '_defaultZone') EXECUTE FUNCTION move_container_version();
            CREATE TRIGGER zones_delete_moves_container_version AFTER DELETE ON zones
                FOR EACH ROW WHEN (OLD.zone_name <> '_defaultZone') EXECUTE FUNCTION move_container_version();
            CREATE TRIGGER subscriptions_move_container_version AFTER INSERT OR DELETE ON subscriptions
                FOR EACH ROW EXECUTE FUNCTION move_container_version();
            CREATE TRIGGER subscriptions_update_moves_container_version AFTER UPDATE ON subscriptions
                FOR EACH ROW WHEN (OLD.definition IS DISTINCT FROM NEW.definition) EXECUTE FUNCTION move_container_version();
            """),
        // An index entry holds at most about 2,700 bytes: texts are indexed by their first 400 characters, which
        // keep byte order (`IndexColumns.keyLength`), and compared in full beside the index.
        ("index keys of long texts", """
            ALTER TABLE record_index ADD COLUMN text_key TEXT COLLATE "C" GENERATED ALWAYS AS (left(text, 400)) STORED;
            DROP INDEX record_index_by_text;
            CREATE INDEX record_index_by_text_key ON record_index (zone_id, record_type, field_name, text_key, record_name)
                WHERE text IS NOT NULL;
            """),
        ("request log", """
            CREATE TABLE request_log (
                sequence BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                logged_at BIGINT NOT NULL,
                container_id TEXT NOT NULL,
                entry TEXT NOT NULL
            );
            CREATE INDEX request_log_by_container ON request_log (container_id, sequence);
            CREATE INDEX request_log_by_time ON request_log (logged_at);
            """),
        ("telemetry", """
            CREATE TABLE telemetry (
                resolution BIGINT NOT NULL,
                started_at BIGINT NOT NULL,
                container_id TEXT NOT NULL,
                environment TEXT NOT NULL,
                database_scope TEXT NOT NULL,
                operation TEXT NOT NULL,
                platform TEXT NOT NULL,
                error_code TEXT NOT NULL,
                requests BIGINT NOT NULL,
                errors BIGINT NOT NULL,
                bytes_in BIGINT NOT NULL,
                bytes_out BIGINT NOT NULL,
                records_read BIGINT NOT NULL,
                records_written BIGINT NOT NULL,
                notifications BIGINT NOT NULL,
                latency TEXT NOT NULL,
                users TEXT NOT NULL
            );
            CREATE INDEX telemetry_by_time ON telemetry (resolution, started_at);
            CREATE UNIQUE INDEX telemetry_hours ON telemetry
                (started_at, container_id, environment, database_scope, operation, platform, error_code) WHERE resolution = 3600;
            CREATE TABLE usage (
                hour BIGINT NOT NULL,
                container_id TEXT NOT NULL,
                environment TEXT NOT NULL,
                record_type TEXT NOT NULL,
                records BIGINT NOT NULL,
                record_bytes BIGINT NOT NULL,
                PRIMARY KEY (hour, container_id, environment, record_type)
            );
            """),
        ("alerts and developer notifications", """
            CREATE TABLE alert_rules (
                position BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                id TEXT NOT NULL UNIQUE,
                container_id TEXT NOT NULL,
                definition TEXT NOT NULL,
                firing BOOLEAN NOT NULL DEFAULT FALSE,
                changed_at BIGINT
            );
            CREATE TABLE alert_events (
                sequence BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                rule_id TEXT NOT NULL,
                container_id TEXT NOT NULL,
                event TEXT NOT NULL
            );
            CREATE INDEX alert_events_by_container ON alert_events (container_id, sequence);
            CREATE TABLE alert_evaluations (minute BIGINT PRIMARY KEY);
            CREATE TABLE developer_notifications (
                sequence BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                container_id TEXT,
                notified_at BIGINT NOT NULL,
                kind TEXT NOT NULL,
                title TEXT NOT NULL,
                read BOOLEAN NOT NULL DEFAULT FALSE
            );
            """),
        ("usage asset bytes", """
            ALTER TABLE usage ADD COLUMN asset_bytes BIGINT NOT NULL DEFAULT 0;
            """),
        ("sign-in passwords and callbacks", """
            ALTER TABLE users ADD COLUMN password_verifier TEXT;
            ALTER TABLE credentials ADD COLUMN sign_in_callback TEXT;
            """),
        // Share records saved before they were indexed get their entries where the server opens next.
        ("share records indexed", """
            CREATE TABLE pending_reindexes (record_type TEXT PRIMARY KEY);
            INSERT INTO pending_reindexes VALUES ('cloudkit.share');
            """),
    ]

    /// Creates the schema named in the location if needed, then applies the migrations the database lacks,
    /// one instance at a time (an advisory lock), or refuses a database a newer ckserver set up.
    func migrate() async throws {
        let known = Self.migrations.count
        let schema = location.schema
        try await write { transaction in
            // Another server's migrations may take long: this one waits for them, beyond the usual lock timeout.
            try transaction.execute("SET LOCAL lock_timeout = 0")
            try transaction.execute("SELECT pg_advisory_xact_lock(7305318422301925)")
            if let schema {
                try transaction.execute(PostgresQuery(unsafeSQL: "CREATE SCHEMA IF NOT EXISTS \(schema)"))
            }
            try transaction.execute("""
                CREATE TABLE IF NOT EXISTS ckserver_migrations (
                    version INTEGER PRIMARY KEY,
                    name TEXT NOT NULL,
                    applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
                )
                """)
            let applied = try transaction.rows("SELECT COALESCE(MAX(version), 0) FROM ckserver_migrations")
                .first?.decode(Int.self) ?? 0
            if applied > known {
                throw PostgresStorageError.newerDatabase(found: applied, known: known)
            }
            for (index, migration) in Self.migrations.enumerated().dropFirst(applied) {
                for statement in Self.statements(of: migration.sql) {
                    try transaction.execute(PostgresQuery(unsafeSQL: statement))
                }
                try transaction.execute("INSERT INTO ckserver_migrations (version, name) VALUES (\(index + 1), \(migration.name))")
            }
        }
    }

    /// The statements of a migration, one by one (a prepared statement holds one): split at each `;` that ends
    /// a line, except inside a `$$`-quoted function body.
    static func statements(of sql: String) -> [String] {
        var statements: [String] = []
        var current = ""
        var inBody = false
        for line in sql.split(separator: "\n", omittingEmptySubsequences: false) {
            current += line + "\n"
            if line.split(separator: "$$", omittingEmptySubsequences: false).count % 2 == 0 { inBody.toggle() }
            if !inBody, line.hasSuffix(";") {
                statements.append(current)
                current = ""
            }
        }
        if !current.allSatisfy(\.isWhitespace) { statements.append(current) }
        return statements
    }
}
