import CKModel

/// What NSPersistentCloudKitContainer refuses in a model, checked before any schema is compared: every attribute
/// optional or with a default, every relationship optional, with an inverse, unordered and not Deny, no unique
/// constraints, no Undefined or ObjectID attributes, no relationship leaving the configuration; and no encrypted
/// attribute in the public database.
public enum ModelRules {
    /// The problems of the entities `configuration` holds (every entity for `nil`), for `database`.
    public static func problems(in model: CoreDataModel, configuration: String? = nil, database: DatabaseScope = .private) -> [ModelProblem] {
        let included = Set(model.entityNames(in: configuration) ?? [])
        var problems: [ModelProblem] = []
        if !model.usedWithCloudKit {
            problems.append(ModelProblem(.warning, .modelRule, "the model", "is not marked Used with CloudKit (usedWithCloudKit) in Xcode"))
        }
        for entity in model.entities where included.contains(entity.name) {
            for constraint in entity.uniquenessConstraints {
                problems.append(ModelProblem(
                    .error, .modelRule, entity.name, "has a unique constraint on \(constraint.joined(separator: ", ")): CloudKit cannot keep values unique across devices",
                    line: entity.line))
            }
            problems += entity.attributes.flatMap { attributeProblems($0, of: entity, database: database) }
            problems += entity.relationships.flatMap { relationshipProblems($0, of: entity, in: model, included: included, configuration: configuration) }
        }
        return problems
    }

    private static func attributeProblems(_ attribute: Attribute, of entity: Entity, database: DatabaseScope) -> [ModelProblem] {
        guard !attribute.isTransient else { return [] }
        let subject = "\(entity.name).\(attribute.name)"
        var problems: [ModelProblem] = []
        if !attribute.isOptional, attribute.defaultValue == nil, !attribute.isDerived {
            problems.append(ModelProblem(.error, .modelRule, subject, "is required and has no default value: CloudKit needs every attribute optional or with a default", line: attribute.line))
        }
        switch attribute.type {
        case .undefined, .objectID:
            problems.append(ModelProblem(.error, .modelRule, subject, "is of type \(attribute.type.rawValue), which CloudKit cannot store", line: attribute.line))
        case .composite:
            problems.append(ModelProblem(.warning, .modelRule, subject, "is a Composite attribute: how its elements are mirrored is not known, so it is not checked", line: attribute.line))
        default:
            break
        }
        if attribute.allowsCloudEncryption, database == .public {
            problems.append(ModelProblem(.error, .modelRule, subject, "allows cloud encryption, which the public database does not offer", line: attribute.line))
        }
        return problems
    }

    private static func relationshipProblems(
        _ relationship: Relationship, of entity: Entity, in model: CoreDataModel, included: Set<String>, configuration: String?
    ) -> [ModelProblem] {
        guard !relationship.isTransient else { return [] }
        let subject = "\(entity.name).\(relationship.name)"
        var problems: [ModelProblem] = []
        if !relationship.isOptional {
            problems.append(ModelProblem(.error, .modelRule, subject, "is required: CloudKit needs every relationship optional", line: relationship.line))
        }
        if relationship.inverseName == nil {
            problems.append(ModelProblem(.error, .modelRule, subject, "has no inverse: CloudKit needs one on every relationship", line: relationship.line))
        }
        if relationship.isOrdered {
            problems.append(ModelProblem(.error, .modelRule, subject, "is ordered, which CloudKit does not support", line: relationship.line))
        }
        if relationship.deletionRule == .deny {
            problems.append(ModelProblem(.error, .modelRule, subject, "has the Deny delete rule, which CloudKit does not support", line: relationship.line))
        }
        if !included.contains(relationship.destination) {
            problems.append(ModelProblem(
                .error, .modelRule, subject, "points to \(relationship.destination), which is not in the configuration \(configuration ?? CoreDataModel.defaultConfiguration)",
                line: relationship.line))
        }
        return problems
    }
}
