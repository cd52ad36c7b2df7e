import Crypto
import Foundation

/// The changes a deploy would make to bring production up to development, each classified.
///
/// ```swift
/// let diff = SchemaDiff(production: deployed, development: edited)
/// if diff.hasBlockedChanges { … }            // production refuses removals and type changes
/// let merged = diff.apply(to: deployed)       // what production becomes
/// ```
/// `digest` identifies exactly this set of changes, so a deploy can insist on deploying what was reviewed.
public struct SchemaDiff: Hashable, Sendable {
    /// The changes, roles first, then record type by record type in development's order.
    public let changes: [SchemaChange]

    /// Compares two schemas (both made canonical first).
    public init(production: Schema, development: Schema) {
        let production = production.canonical
        let development = development.canonical
        var changes: [SchemaChange] = []
        let productionRoles = Set(production.roles.map(\.name))
        let developmentRoles = Set(development.roles.map(\.name))
        for role in development.roles where !productionRoles.contains(role.name) {
            changes.append(SchemaChange(.roleAdded(role.name)))
        }
        for developmentType in development.recordTypes {
            if let productionType = production.recordType(named: developmentType.name) {
                changes += Self.changes(from: productionType, to: developmentType)
            } else {
                changes.append(SchemaChange(.recordTypeAdded(developmentType)))
            }
        }
        for productionType in production.recordTypes where development.recordType(named: productionType.name) == nil {
            changes.append(SchemaChange(.recordTypeRemoved(productionType.name)))
        }
        for role in production.roles where !developmentRoles.contains(role.name) {
            let keeper = production.recordTypes.first { type in
                development.recordType(named: type.name) == nil && type.grants.contains { $0.role == role.name }
            }
            changes.append(SchemaChange(.roleRemoved(role.name, stillGrantedBy: keeper?.name)))
        }
        self.changes = changes
    }

    private static func changes(from production: RecordType, to development: RecordType) -> [SchemaChange] {
        let type = development.name
        var changes: [SchemaChange] = []
        for field in development.fields {
            guard let deployed = production.field(named: field.name) else {
                changes.append(SchemaChange(.fieldAdded(recordType: type, field)))
                continue
            }
            if deployed.type != field.type {
                let change = SchemaChange(.fieldTypeChanged(recordType: type, field: field.name, from: deployed.type, to: field.type))
                changes.append(change)
                guard change.isAllowed else { continue }
            }
            for index in field.indexes.subtracting(deployed.indexes).sorted() {
                changes.append(SchemaChange(.indexAdded(recordType: type, field: field.name, index)))
            }
            for index in deployed.indexes.subtracting(field.indexes).sorted() {
                changes.append(SchemaChange(.indexRemoved(recordType: type, field: field.name, index)))
            }
        }
        for field in production.fields where development.field(named: field.name) == nil {
            changes.append(SchemaChange(.fieldRemoved(recordType: type, field: field.name)))
        }
        for grant in development.grants where !production.grants.contains(grant) {
            changes.append(SchemaChange(.grantAdded(recordType: type, grant)))
        }
        for grant in production.grants where !development.grants.contains(grant) {
            changes.append(SchemaChange(.grantRevoked(recordType: type, grant)))
        }
        return changes
    }

    /// Whether the two schemas are the same.
    public var isEmpty: Bool { changes.isEmpty }

    /// Whether a deploy of this diff would be refused.
    public var hasBlockedChanges: Bool { changes.contains { !$0.isAllowed } }

    /// The changes of one class, in order.
    public func changes(of changeClass: ChangeClass) -> [SchemaChange] {
        changes.filter { $0.changeClass == changeClass }
    }

    /// A SHA-256 over the changes (in hex), independent of their order: the same changes give the same digest.
    ///
    /// Each change is written as a JSON array of its words, so no name can make two changes look alike.
    public var digest: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let lines = changes.map { String(decoding: (try? encoder.encode($0.digestComponents)) ?? Data(), as: UTF8.self) }
        let text = lines.sorted().joined(separator: "\n")
        return SHA256.hash(data: Array(text.utf8)).map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }
}
