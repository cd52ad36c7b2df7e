/// The schema calls of the management API under `/management/1/containers/{container}/schema/…`: read an
/// environment's schema, import `.ckdb` text into development, the diff a deploy would apply, deploy it, and
/// the deploy history.
public enum ManagementSchema {
    /// An environment's schema: its `.ckdb` text and the same as JSON.
    public struct Response: Hashable, Sendable, Codable {
        /// Development or production.
        public var environment: ContainerEnvironment
        /// The schema as `.ckdb` text, in canonical form.
        public var ckdb: String
        /// The record types, by name.
        public var recordTypes: [RecordType]
        /// The custom security roles, by name.
        public var roles: [String]

        /// Creates a schema answer.
        public init(environment: ContainerEnvironment, ckdb: String, recordTypes: [RecordType], roles: [String]) {
            self.environment = environment
            self.ckdb = ckdb
            self.recordTypes = recordTypes
            self.roles = roles
        }
    }

    /// A record type: its fields and the permissions granted on it.
    public struct RecordType: Hashable, Sendable, Codable {
        /// The type's name.
        public var name: String
        /// The fields, system fields included, in schema order.
        public var fields: [Field]
        /// The grants, as `.ckdb` writes them.
        public var grants: [Grant]

        /// Creates a record type entry.
        public init(name: String, fields: [Field], grants: [Grant]) {
            self.name = name
            self.fields = fields
            self.grants = grants
        }
    }

    /// A field: its type as `.ckdb` writes it (`STRING`, `LIST<INT64>` …) and its index flags.
    public struct Field: Hashable, Sendable, Codable {
        /// The field's name.
        public var name: String
        /// The type, as written in `.ckdb`.
        public var type: String
        /// `QUERYABLE`, `SORTABLE`, `SEARCHABLE`.
        public var indexes: [String]

        /// Creates a field entry.
        public init(name: String, type: String, indexes: [String]) {
            self.name = name
            self.type = type
            self.indexes = indexes
        }
    }

    /// A permission (`CREATE`, `READ`, `WRITE`) granted to a role.
    public struct Grant: Hashable, Sendable, Codable {
        /// The permission.
        public var permission: String
        /// The role: `_world`, `_icloud`, `_creator` or a custom one.
        public var role: String

        /// Creates a grant entry.
        public init(permission: String, role: String) {
            self.permission = permission
            self.role = role
        }
    }

    /// One change of a diff, classified: `safe`, `index`, `permission` or `blocked` (with the reason).
    public struct Change: Hashable, Sendable, Codable {
        /// The class: `safe`, `index`, `permission` or `blocked`.
        public var changeClass: String
        /// The kind, such as `fieldAdded` or `grantRevoked`.
        public var change: String
        /// The record type it concerns, if any.
        public var recordType: String?
        /// The field it concerns, if any.
        public var field: String?
        /// One line saying what changes.
        public var summary: String
        /// Why a blocked change is refused.
        public var reason: String?

        private enum CodingKeys: String, CodingKey {
            case changeClass = "class"
            case change, recordType, field, summary, reason
        }

        /// Creates a change entry.
        public init(changeClass: String, change: String, recordType: String?, field: String?, summary: String, reason: String?) {
            self.changeClass = changeClass
            self.change = change
            self.recordType = recordType
            self.field = field
            self.summary = summary
            self.reason = reason
        }
    }

    /// The body of an import into development.
    public struct ImportRequest: Hashable, Sendable, Codable {
        /// The schema as `.ckdb` text.
        public var ckdb: String
        /// Check the text against the container without changing anything.
        public var validateOnly: Bool?

        /// Creates an import request.
        public init(ckdb: String, validateOnly: Bool? = nil) {
            self.ckdb = ckdb
            self.validateOnly = validateOnly
        }
    }

    /// What an import or a list of edits did (or, validating only, would do) to development.
    public struct UpdateResponse: Hashable, Sendable, Codable {
        /// Whether the schema was written.
        public var applied: Bool
        /// The changes from the previous development schema.
        public var changes: [Change]

        /// Creates an import answer.
        public init(applied: Bool, changes: [Change]) {
            self.applied = applied
            self.changes = changes
        }
    }

    /// The diff a deploy of development to production would apply now, and its digest.
    public struct DiffResponse: Hashable, Sendable, Codable {
        /// Identifies this exact diff: a deploy must send it back.
        public var digest: String
        /// The changes, classified.
        public var changes: [Change]

        /// Creates a diff answer.
        public init(digest: String, changes: [Change]) {
            self.digest = digest
            self.changes = changes
        }
    }

    /// The body of a deploy: the digest of the diff the caller reviewed.
    public struct DeployRequest: Hashable, Sendable, Codable {
        /// The digest from the diff; a deploy of any other diff is refused.
        public var digest: String

        /// Creates a deploy request.
        public init(digest: String) {
            self.digest = digest
        }
    }

    /// What a deploy applied, and production's schema after it.
    public struct DeployResponse: Hashable, Sendable, Codable {
        /// The digest of the diff applied.
        public var digest: String
        /// The changes applied.
        public var changes: [Change]
        /// Production's schema as `.ckdb` text after the deploy.
        public var production: String

        /// Creates a deploy answer.
        public init(digest: String, changes: [Change], production: String) {
            self.digest = digest
            self.changes = changes
            self.production = production
        }
    }

    /// One past deploy.
    public struct Deployment: Hashable, Sendable, Codable {
        /// Who deployed: the management token's name, or `ckserver` for the shell.
        public var actor: String
        /// When, in milliseconds since 1970.
        public var timestamp: Int64
        /// The digest of the diff applied.
        public var digest: String
        /// One line per change applied.
        public var changes: [String]

        /// Creates a deployment entry.
        public init(actor: String, timestamp: Int64, digest: String, changes: [String]) {
            self.actor = actor
            self.timestamp = timestamp
            self.digest = digest
            self.changes = changes
        }
    }

    /// The deploy history, oldest first.
    public struct DeploymentsResponse: Hashable, Sendable, Codable {
        /// The deploys.
        public var deployments: [Deployment]

        /// Creates a history answer.
        public init(deployments: [Deployment]) {
            self.deployments = deployments
        }
    }
}
