import CKModel
import TerminalKit

/// A command typed in the `:` palette: a jump to a screen, a switch of environment, database, user, zone or
/// theme, help, or quit.
enum PaletteCommand: Equatable {
    case open(Destination)
    case environment(ContainerEnvironment)
    case database(DatabaseScope, user: String?)
    case actAs(user: String?)
    case container(String)
    case zone(String?)
    case theme(String)
    case unlockProduction
    case lockProduction
    case undo
    case keepSignIn(path: String)
    case signIn
    case help
    case messages
    case quit

    /// The commands the palette knows, with what they do and what their argument names.
    static let catalogue: [(name: String, detail: String, argument: Argument?)] = [
        ("containers", "List the containers", nil),
        ("types", "List the record types", nil),
        ("records", "Browse the records of a type", .recordType),
        ("fields", "Show the fields of a type", .recordType),
        ("query", "Build a query on a type", .recordType),
        ("schema", "Show the schema as .ckdb text", nil),
        ("indexes", "List every index of the environment", nil),
        ("zones", "List the zones of the database", nil),
        ("permissions", "Roles and their grants on each type; check what someone may do", nil),
        ("users", "The users of the container, their roles; act as one", nil),
        ("deploy", "Review development's changes and deploy them to production (or of two files: :deploy PROD.ckdb DEV.ckdb)", nil),
        ("deployments", "Show who deployed what to production, and when", nil),
        ("tokens", "API tokens, server-to-server keys and management tokens: make, add, revoke", nil),
        ("keys", "The server-to-server keys of the container", nil),
        ("audit", "The audit log of management changes, newest first", nil),
        ("logs", "The request log of the container, live: each data API request as it comes", nil),
        ("telemetry", "Charts of requests, errors, latency, users and usage, development and production apart", nil),
        ("alerts", "Alert rules on the container's telemetry: their state; create with a preview, delete", nil),
        ("subscriptions", "List the subscriptions of the database; create and delete them", nil),
        ("notifications", "Developer notifications: alerts fired and recovered, deploys, resets, tokens and keys", nil),
        ("model", "Check a Core Data model (.xcdatamodeld) against production's schema", nil),
        ("shares", "The shares of the zone or database: participants, permissions; share a zone, invite, stop sharing", nil),
        ("accept", "Resolve a share by its link or short GUID and accept it as the user acted as", nil),
        ("pushes", "Watch the push notifications of the user's subscriptions arrive", nil),
        ("changes", "Watch a zone's records change, live (the current zone when none is named)", .zone),
        ("record", "Open a record by name", nil),
        ("env", "Switch to development or production", .environment),
        ("db", "Switch to the public database, or a user's private or shared one", .database),
        ("user", "Act as a user (- to stop)", .user),
        ("container", "Switch to another container", .container),
        ("zone", "Browse another zone (- for the default zone)", .zone),
        ("theme", "Change the colours", .theme),
        ("unlock", "Allow changes to production for this session (type the container's name)", nil),
        ("lock", "Make production read-only again", nil),
        ("undo", "Revert the last bulk delete or import of this session", nil),
        ("sign-in", "Sign a user in with the API token, staying in this database (what needs a user: subscriptions, saves)", nil),
        ("keep-sign-in", "Keep the signed-in user's web auth token in a file (mode 0600), up to date until you quit", nil),
        ("help", "Show every key of this screen", nil),
        ("messages", "Every message of this session in full, newest first", nil),
        ("quit", "Leave ckdash", nil),
    ]

    /// Whether a read-only session refuses this command.
    var changesData: Bool {
        switch self {
        case .unlockProduction, .lockProduction, .undo: true
        default: false
        }
    }

    /// What a command's argument is, for completion.
    enum Argument {
        case recordType, environment, database, user, container, zone, theme
    }

    /// The command `text` describes.
    init(parsing text: String) throws(PaletteCommandError) {
        let words = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard let name = words.first?.lowercased() else { throw PaletteCommandError("type a command: Tab lists them") }
        let argument = words.count > 1 ? words[1] : nil
        func required(_ what: String) throws(PaletteCommandError) -> String {
            guard let argument else { throw PaletteCommandError(":\(name) needs \(what)") }
            return argument
        }
        switch name {
        case "containers", "ctx": self = .open(.containers)
        case "types", "recordtypes", "rt": self = .open(.recordTypes)
        case "schema", "ckdb": self = .open(.schemaText)
        case "indexes", "idx": self = .open(.indexes)
        case "zones": self = .open(.zones)
        case "permissions", "roles": self = .open(.permissions)
        case "users": self = .open(.users)
        case "deploy", "promote":
            switch words.count {
            case 1: self = .open(.deploy())
            case 3: self = .open(.schemaFiles(SchemaFilePair(production: words[1], development: words[2])))
            default: throw PaletteCommandError(":deploy compares development with production, or two files: :deploy PRODUCTION.ckdb DEVELOPMENT.ckdb")
            }
        case "deployments", "history": self = .open(.deploy(tab: .deployments))
        case "tokens", "credentials": self = .open(.credentials())
        case "keys": self = .open(.credentials(tab: .serverKeys))
        case "audit": self = .open(.audit)
        case "logs", "log", "requests": self = .open(.logs())
        case "telemetry", "charts", "metrics": self = .open(.telemetry())
        case "alerts", "alert": self = .open(.alerts)
        case "subscriptions", "subs": self = .open(.subscriptions())
        case "notifications", "inbox": self = .open(.developerNotifications)
        case "model":
            _ = try required("a model's path, such as :model Demo/Journal.xcdatamodeld")
            self = .open(.model(path: words.dropFirst().joined(separator: " ")))
        case "pushes", "push", "notify": self = .open(.notifications)
        case "shares", "sharing": self = .open(.shares())
        case "accept", "join":
            let link = try required("a share's link or short GUID, such as :accept 3KD8Q2LM…")
            self = .open(.shareInvitation(shortGUID: ShareInvitationLoader.shortGUID(in: link)))
        case "changes": self = .open(.zoneChanges(zone: argument.map { $0 == "-" ? .defaultZone : ZoneID(zoneName: $0) }))
        case "records": self = .open(.records(recordType: try required("a record type, such as :records Party"), query: nil))
        case "fields": self = .open(.fields(recordType: try required("a record type, such as :fields Party")))
        case "query": self = .open(.queryBuilder(recordType: try required("a record type, such as :query Party")))
        case "record": self = .open(.record(recordName: try required("a record name")))
        case "env", "environment":
            switch try required("development or production").lowercased() {
            case "dev", "development": self = .environment(.development)
            case "prod", "production": self = .environment(.production)
            case let other: throw PaletteCommandError("\(other) is not an environment: use development or production")
            }
        case "db", "database":
            let text = try required("public, private or shared")
            guard let scope = DatabaseScope(rawValue: text.lowercased()) else {
                throw PaletteCommandError("\(text) is not a database: use public, private or shared")
            }
            self = .database(scope, user: words.count > 2 ? words[2...].joined(separator: " ") : nil)
        case "user", "as":
            let user = words.dropFirst().joined(separator: " ")
            self = .actAs(user: user.isEmpty || user == "-" ? nil : user)
        case "container": self = .container(try required("a container ID"))
        case "zone": self = .zone(argument == "-" ? nil : try required("a zone name, or - for the default zone"))
        case "theme": self = .theme(try required("a theme name"))
        case "unlock": self = .unlockProduction
        case "lock": self = .lockProduction
        case "undo": self = .undo
        case "sign-in", "signin", "login": self = .signIn
        case "keep-sign-in": self = .keepSignIn(path: words.count > 1 ? words.dropFirst().joined(separator: " ") : try required("a file, such as :keep-sign-in ~/.ckdash/mei"))
        case "help", "?": self = .help
        case "messages", "msgs": self = .messages
        case "quit", "q", "exit": self = .quit
        default: throw PaletteCommandError("there is no command :\(name): Tab lists them")
        }
    }
}

/// A palette command that cannot be run, with why.
struct PaletteCommandError: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
