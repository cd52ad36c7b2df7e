import CKModel
import Foundation
import Logging
import NIOPosix
import PostgresNIO
import NIOConcurrencyHelpers

/// `ServerStorage` in a PostgreSQL database through postgres-nio, shared by any number of server instances.
///
/// ```swift
/// let storage = try await PostgresStorage.open(PostgresLocation(url: "postgres://ckserver@db.internal/ckserver"))
/// ```
/// Each method is one transaction on a connection of the pool, run on a thread of the engine's own (see
/// `PostgresTransaction`), so the engine-neutral rules run inside it as they do in SQLite's.
public final class PostgresStorage: ServerStorage, Sendable {
    /// How long a request waits for a connection before it is answered `TRY_AGAIN_LATER`: with the database
    /// down, the pool would otherwise hold it for a minute.
    static let patience: Duration = .seconds(3)

    /// Connections in the pool, and threads to run their transactions on.
    static let connections = 10

    /// How often a transaction that lost a race (a serialization failure, a deadlock) runs again.
    static let attempts = 5

    let location: PostgresLocation
    let client: PostgresClient
    let threads: NIOThreadPool
    let logger: Logger
    let storedSchemas = StoredSchemas()
    /// Gives up a wait for a connection after `patience`, by a clock of its own.
    private let connectionPatience = ConnectionPatience(patience: patience)
    private let patienceClock: Task<Void, any Error>
    private let running: Task<Void, Never>

    /// Starts the pool, and returns once its task runs: a connection leased before would wait, with a warning.
    private init(location: PostgresLocation, logger: Logger) async {
        self.location = location
        self.logger = logger
        let client = PostgresClient(configuration: location.clientConfiguration(connections: Self.connections), backgroundLogger: logger)
        self.client = client
        threads = NIOThreadPool(numberOfThreads: Self.connections)
        threads.start()
        var running: Task<Void, Never>?
        await withCheckedContinuation { started in
            running = Task {
                started.resume()
                await client.run()
            }
        }
        self.running = running!
        patienceClock = Task.onServerThreads { [connectionPatience] in await connectionPatience.run() }
    }

    /// Connects to the database and brings its tables up to date, or throws `PostgresStorageError` with what
    /// stands in the way (no server there, a refused login, a database set up by a newer ckserver).
    public static func open(_ location: PostgresLocation, logger: Logger = Logger(label: "ckserver.postgres")) async throws -> PostgresStorage {
        // Connects once outside the pool first, so that a failure at start says why (the pool only retries).
        _ = try await Self.holdsServer(at: location, logger: logger)
        let storage = await PostgresStorage(location: location, logger: logger)
        do {
            try await storage.migrate()
        } catch {
            await storage.close()
            throw error
        }
        return storage
    }

    /// Ends the pool's connections and the engine's threads.
    public func close() async {
        patienceClock.cancel()
        running.cancel()
        await running.value
        try? await threads.shutdownGracefully()
    }

    /// Runs `body` in a read-only transaction that sees one snapshot of the database.
    func read<T: Sendable>(_ body: @escaping @Sendable (PostgresTransaction) throws -> T) async throws -> T {
        try await transaction(begin: "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", body)
    }

    /// Runs `body` in a read-write transaction, committed when it returns and rolled back when it throws. Read
    /// committed, whatever the database's default: each statement sees what committed before it, which the locks
    /// writers take (a zone's row) rely on.
    func write<T: Sendable>(_ body: @escaping @Sendable (PostgresTransaction) throws -> T) async throws -> T {
        try await transaction(begin: "BEGIN ISOLATION LEVEL READ COMMITTED", body)
    }

    /// Runs `body` with no BEGIN and COMMIT around its statements: PostgreSQL runs each as a transaction of its
    /// own, and the two round trips cost more than a statement. For one statement, or for reads that need no
    /// common snapshot (each row read stands on its own).
    func single<T: Sendable>(_ body: @escaping @Sendable (PostgresTransaction) throws -> T) async throws -> T {
        try await transaction(begin: nil, body)
    }

    private func transaction<T: Sendable>(
        begin: PostgresQuery?, _ body: @escaping @Sendable (PostgresTransaction) throws -> T
    ) async throws -> T {
        var attempt = 1
        while true {
            do {
                return try await withConnection { connection in
                    try await self.threads.runIfActive {
                        let transaction = PostgresTransaction(connection: connection, logger: Self.statementLogger)
                        guard let begin else { return try body(transaction) }
                        try transaction.execute(begin)
                        do {
                            let value = try body(transaction)
                            try transaction.execute("COMMIT")
                            return value
                        } catch {
                            _ = try? transaction.execute("ROLLBACK")
                            throw error
                        }
                    }
                }
            } catch {
                switch PostgresFailure(error) {
                case .retryable where attempt < Self.attempts:
                    // A short random pause, longer each time, so that the transactions that collided take turns.
                    try await Task.sleep(for: .milliseconds(Int.random(in: 1...20) * attempt))
                    attempt += 1
                case .retryable, .unavailable:
                    throw Self.unavailable
                case .refusedValue(let message):
                    throw ServerError(.badRequest, reason: "a value in the request cannot be stored: \(message)")
                case .other:
                    throw error
                }
            }
        }
    }

    /// Runs `body` with a connection of the pool, or throws `TRY_AGAIN_LATER` when none comes within `patience`.
    /// The lease is a task of its own on the servers' threads, which `connectionPatience` cancels when it waits
    /// too long.
    private func withConnection<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> T) async throws -> T {
        let lease = NIOLockedValueBox(LeaseState.waiting)
        let leasing = Task.onServerThreads {
            do {
                return try await self.client.withConnection { connection in
                    guard lease.withLockedValue({ $0.take(.leased) }) else { throw Self.unavailable }
                    return try await body(connection)
                }
            } catch where lease.withLockedValue({ $0 != .leased }) {
                throw Self.unavailable
            }
        }
        return try await connectionPatience.watching(giveUp: { if lease.withLockedValue({ $0.take(.abandoned) }) { leasing.cancel() } }) {
            try await withTaskCancellationHandler { try await leasing.value } onCancel: { leasing.cancel() }
        }
    }

    /// The logger statements are run with: none. postgres-nio copies it to set metadata on every statement (about
    /// 5% of the server's samples in a profile of `ckbench server --postgres`) for trace lines nobody reads;
    /// failures reach the server's log as the errors they become.
    static let statementLogger = Logger(label: "ckserver.postgres.statements") { _ in SwiftLogNoOpLogHandler() }

    /// What a client is told while the database is out of reach.
    static let unavailable = ServerError(.tryAgainLater, reason: "the server's database is unavailable; try again shortly", retryAfter: 2)

    /// Whether a ckserver ever set up its tables at `location` (in its schema, or where the user's `search_path`
    /// says), asked on one connection of its own that changes nothing: a command that reads a server names a
    /// database without one plainly, instead of creating the tables there.
    public static func holdsServer(at location: PostgresLocation, logger: Logger = Logger(label: "ckserver.postgres")) async throws -> Bool {
        do {
            let connection = try await PostgresConnection.connect(configuration: try location.connectionConfiguration(), id: 0, logger: logger)
            do {
                let rows = try await connection.query("SELECT to_regclass('ckserver_migrations') IS NOT NULL", logger: logger)
                var holds = false
                for try await row in rows {
                    holds = try row.decode(Bool.self)
                }
                try await connection.close()
                return holds
            } catch {
                try? await connection.close()
                throw error
            }
        } catch {
            throw PostgresStorageError.unreachable(location: location.description, reason: Self.reason(of: error))
        }
    }

    /// The one line a person reads of a connection failure: the server's own message when it sent one.
    static func reason(of error: any Error) -> String {
        guard let error = error as? PSQLError else { return "\(error)" }
        if let message = error.serverInfo?[.message] { return message }
        guard let underlying = error.underlying else {
            return error.code == .serverClosedConnection
                ? "the connection closed before a PostgreSQL server answered" : "\(error.code)"
        }
        let described = String(describing: underlying)
        if described.contains("Connection refused") { return "connection refused (is PostgreSQL listening there?)" }
        if described.localizedCaseInsensitiveContains("timeout") || described.localizedCaseInsensitiveContains("timed out") {
            return "no answer within \(PostgresLocation.connectTimeout.components.seconds) seconds"
        }
        return described
    }
}
