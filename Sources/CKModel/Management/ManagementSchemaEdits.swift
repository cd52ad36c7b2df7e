extension ManagementSchema {
    /// What a fine-grained edit of the development schema does.
    public enum EditOperation: String, Hashable, Sendable, Codable, CaseIterable {
        case createRecordType, deleteRecordType, addField, removeField, addIndex, dropIndex, createRole, deleteRole, grant, revoke
    }

    /// One fine-grained edit of the development schema; which members it needs depends on `operationType`.
    public struct Edit: Hashable, Sendable, Codable {
        /// What the edit does.
        public var operationType: EditOperation
        /// The record type edited (every operation but the role ones).
        public var recordType: String?
        /// The field (`addField`, `removeField`, `addIndex`, `dropIndex`).
        public var field: String?
        /// The new field's type as `.ckdb` writes it, such as `LIST<STRING>` (`addField`).
        public var fieldType: String?
        /// The new field's indexes (`addField`, optional).
        public var indexes: [String]?
        /// `QUERYABLE`, `SORTABLE` or `SEARCHABLE` (`addIndex`, `dropIndex`).
        public var index: String?
        /// The role (`createRole`, `deleteRole`, `grant`, `revoke`).
        public var role: String?
        /// `CREATE`, `READ` or `WRITE` (`grant`, `revoke`).
        public var permission: String?

        /// Creates an edit.
        public init(
            _ operationType: EditOperation, recordType: String? = nil, field: String? = nil, fieldType: String? = nil,
            indexes: [String]? = nil, index: String? = nil, role: String? = nil, permission: String? = nil
        ) {
            self.operationType = operationType
            self.recordType = recordType
            self.field = field
            self.fieldType = fieldType
            self.indexes = indexes
            self.index = index
            self.role = role
            self.permission = permission
        }
    }

    /// The body of an edit of development: edits applied in order, all or none.
    public struct EditRequest: Hashable, Sendable, Codable {
        /// The edits.
        public var operations: [Edit]
        /// Check the edits against the container without changing anything.
        public var validateOnly: Bool?

        /// Creates an edit request.
        public init(operations: [Edit], validateOnly: Bool? = nil) {
            self.operations = operations
            self.validateOnly = validateOnly
        }
    }

    /// The body of a reset of development.
    public struct ResetRequest: Hashable, Sendable, Codable {
        /// Report what a reset would delete without deleting anything.
        public var dryRun: Bool?

        /// Creates a reset request.
        public init(dryRun: Bool? = nil) {
            self.dryRun = dryRun
        }
    }

    /// What a reset of development deleted (or, as a dry run, would delete).
    public struct ResetResponse: Hashable, Sendable, Codable {
        /// Whether anything was deleted.
        public var applied: Bool
        /// The development records deleted, per record type.
        public var records: [RecordCount]
        /// The schema changes from development back to production's schema (record types that disappear …).
        public var changes: [Change]

        /// Creates a reset answer.
        public init(applied: Bool, records: [RecordCount], changes: [Change]) {
            self.applied = applied
            self.records = records
            self.changes = changes
        }
    }

    /// How many records of one type.
    public struct RecordCount: Hashable, Sendable, Codable {
        /// The record type.
        public var recordType: String
        /// The number of records.
        public var records: Int

        /// Creates a count.
        public init(recordType: String, records: Int) {
            self.recordType = recordType
            self.records = records
        }
    }
}
