import Foundation
import PostgresNIO

/// Where a PostgreSQL database is, as `--postgres` and `CKSERVER_POSTGRES` name it:
/// `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?sslmode=disable|prefer|require&schema=NAME]`.
///
/// `schema` keeps the server's tables in a schema of their own (created if missing), so that one database can
/// hold several servers or their tests; without it they go where the user's `search_path` says.
public struct PostgresLocation: Sendable, Equatable, CustomStringConvertible {
    /// How the connection is encrypted, as libpq's `sslmode` says it.
    public enum Encryption: String, Sendable {
        case disable, prefer, require
    }

    public var host: String
    public var port: Int
    public var username: String
    public var password: String?
    public var database: String
    public var encryption: Encryption
    public var schema: String?

    /// Reads a `postgres://` URL.
    public init(url: String) throws(PostgresStorageError) {
        guard let components = URLComponents(string: url), let scheme = components.scheme,
            ["postgres", "postgresql"].contains(scheme.lowercased())
        else {
            throw .invalidLocation("expected a URL such as postgres://USER@HOST:5432/DATABASE, got \(Self.hidingPassword(url))")
        }
        guard let host = components.host, !host.isEmpty else { throw .invalidLocation("the URL names no host") }
        guard let username = components.user, !username.isEmpty else { throw .invalidLocation("the URL names no user (postgres://USER@\(host)/…)") }
        self.host = host
        self.port = components.port ?? 5432
        // `URLComponents` gives them decoded already.
        self.username = username
        self.password = components.password
        let path = components.path.drop { $0 == "/" }
        self.database = path.isEmpty ? self.username : String(path)
        encryption = .prefer
        schema = nil
        for item in components.queryItems ?? [] {
            let value = item.value ?? ""
            switch item.name {
            case "sslmode":
                switch value {
                case "disable": encryption = .disable
                case "allow", "prefer": encryption = .prefer
                case "require", "verify-ca", "verify-full": encryption = .require
                default: throw .invalidLocation("sslmode \(value) is not one of disable, prefer, require")
                }
            case "schema":
                guard Self.isPlainName(value) else {
                    throw .invalidLocation("schema \(value) must be letters, digits and underscores, starting with a letter")
                }
                schema = value
            default:
                throw .invalidLocation("the URL's parameter \(item.name) is not known (sslmode and schema are)")
            }
        }
    }

    /// The URL with its password hidden, for messages and logs.
    public var description: String {
        var text = "postgres://\(username)\(password == nil ? "" : ":***")@\(host):\(port)/\(database)"
        var parameters: [String] = []
        if encryption != .prefer { parameters.append("sslmode=\(encryption.rawValue)") }
        if let schema { parameters.append("schema=\(schema)") }
        if !parameters.isEmpty { text += "?" + parameters.joined(separator: "&") }
        return text
    }

    /// How long connecting may take before it counts as failed.
    static let connectTimeout: Duration = .seconds(5)

    /// The pool's configuration for this location, with up to `connections` connections.
    public func clientConfiguration(connections: Int) -> PostgresClient.Configuration {
        let tls: PostgresClient.Configuration.TLS = switch encryption {
        case .disable: .disable
        case .prefer: .prefer(.makeClientConfiguration())
        case .require: .require(.makeClientConfiguration())
        }
        var configuration = PostgresClient.Configuration(
            host: host, port: port, username: username, password: password, database: database, tls: tls)
        configuration.options.connectTimeout = Self.connectTimeout
        configuration.options.maximumConnections = connections
        configuration.options.additionalStartupParameters = startupParameters
        return configuration
    }

    /// The configuration of a single connection outside the pool, to the same place.
    public func connectionConfiguration() throws -> PostgresConnection.Configuration {
        let tls: PostgresConnection.Configuration.TLS = switch encryption {
        case .disable: .disable
        case .prefer: .prefer(try NIOSSLContext(configuration: .makeClientConfiguration()))
        case .require: .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
        }
        var configuration = PostgresConnection.Configuration(
            host: host, port: port, username: username, password: password, database: database, tls: tls)
        configuration.options.connectTimeout = TimeAmount.seconds(Int64(Self.connectTimeout.components.seconds))
        configuration.options.additionalStartupParameters = startupParameters
        return configuration
    }

    /// What every connection sets at start: the schema, and time limits, so that a server stalled in the middle
    /// of a transaction (its row locks held) holds up the others for seconds, not until TCP gives up on it.
    private var startupParameters: [(String, String)] {
        (schema.map { [("search_path", $0)] } ?? []) + [("lock_timeout", "10s"), ("idle_in_transaction_session_timeout", "30s")]
    }

    /// Whether `name` can be written into SQL as it is, unquoted.
    static func isPlainName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first.properties.isAlphabetic, first.isASCII else { return false }
        return name.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_") }
            && name.count <= 63
    }

    private static func hidingPassword(_ url: String) -> String {
        guard var components = URLComponents(string: url), components.password != nil else { return url }
        components.password = "***"
        return components.string ?? url
    }
}
