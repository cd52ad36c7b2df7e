import CKModel
import CKSchema

/// A model checked against an environment's schema: first CloudKit's rules for the model itself, then the
/// schema the model mirrors to against the environment's, as `ckdash model check` and the dashboard's `:model`
/// report it. What the model needs and the environment lacks fails every save in production (an error); in
/// development, just-in-time schema adds it on the first save that carries a value (a warning). What the
/// environment has that the model no longer uses is a warning.
public struct ModelCheck: Sendable {
    public let mirrored: MirroredSchema
    /// The environment's schema, and its name in messages (`production`, or a file's name).
    public let schema: Schema
    public let environmentName: String
    /// Whether the environment creates no schema itself (production, or a file standing for it).
    public let isProduction: Bool

    public init(mirrored: MirroredSchema, schema: Schema, environmentName: String, isProduction: Bool) {
        self.mirrored = mirrored
        self.schema = schema
        self.environmentName = environmentName
        self.isProduction = isProduction
    }

    /// The model's problems, then the schema's, each once.
    public func problems() throws(MirroringError) -> [ModelProblem] {
        let derived = try mirrored.schema()
        let modelProblems = ModelRules.problems(in: mirrored.model, configuration: mirrored.configuration, database: mirrored.database)
        return modelProblems + SchemaDiff(production: schema, development: derived).changes.compactMap(problem)
    }

    /// The problem a difference between the environment and the model's schema is, if it is one.
    private func problem(_ change: SchemaChange) -> ModelProblem? {
        let missing: ModelProblem.Severity = isProduction ? .error : .warning
        let consequence = isProduction
            ? "saves will fail in \(environmentName)"
            : "\(environmentName) adds it on the first save with a value (just-in-time schema); initialize the schema so it is not missed"
        switch change.kind {
        case .recordTypeAdded(let type):
            return ModelProblem(
                missing, .missing, Self.modelName(type.name), "\(environmentName) has no record type \(type.name): \(consequence)",
                missing: ModelProblem.Missing(recordType: type.name, field: nil))
        case .fieldAdded(let type, let field):
            let subject = modelName(type, field.name)
            return ModelProblem(
                missing, .missing, subject, "\(isProduction ? "saves of \(subject) will fail in \(environmentName)" : consequence): \(type) lacks \(field.name) (\(field.type))",
                missing: ModelProblem.Missing(recordType: type, field: field.name))
        case .fieldTypeChanged(let type, let field, let from, let to):
            return ModelProblem(.error, .differentType, modelName(type, field), "\(type).\(field) is \(from) in \(environmentName), the model needs \(to)")
        case .indexAdded(let type, let field, let index) where mirrored.database == .public:
            return ModelProblem(.error, .missingIndex, Self.modelName(type), "\(type).\(field) is not \(index.rawValue) in \(environmentName): the public database needs it to list the records")
        case .recordTypeRemoved(let type) where MirroredNames.isMirrored(recordType: type):
            return ModelProblem(.warning, .unused, type, "\(environmentName) has \(type), which the model no longer uses")
        case .fieldRemoved(let type, let field) where MirroredNames.isMirrored(recordType: type) && field.hasPrefix(MirroredNames.prefix):
            return ModelProblem(.warning, .unused, Self.modelName(type, field), "\(environmentName) has \(type).\(field), which the model no longer uses")
        default:
            return nil
        }
    }

    /// `PhotoEntry.caption` for `CD_Entry`'s `CD_caption` when the sub-entity `PhotoEntry` declares it: the entity
    /// that declares the property the field mirrors, else the name the field and type make.
    func modelName(_ type: String, _ field: String) -> String {
        let declaring = mirrored.model.entities.first { entity in
            MirroredNames.recordType(mirrored.model.root(of: entity.name)) == type
                && (entity.attributes.contains { MirroredSchema.fields(of: $0).contains { $0.name == field } }
                    || entity.relationships.contains { MirroredNames.field($0.name) == field })
        }
        guard let declaring else { return Self.modelName(type, field) }
        return declaring.name + "." + Self.modelName(type, field).split(separator: ".").dropFirst().joined(separator: ".")
    }

    /// `Photo` for `CD_Photo`, `Photo.displayName` for its `CD_displayName_ckAsset`: names in the model's words.
    static func modelName(_ type: String, _ field: String? = nil) -> String {
        let entity = type.hasPrefix(MirroredNames.prefix) ? String(type.dropFirst(MirroredNames.prefix.count)) : type
        guard let field, field.hasPrefix(MirroredNames.prefix) else { return field.map { "\(entity).\($0)" } ?? entity }
        var property = field.dropFirst(MirroredNames.prefix.count)
        if property.hasSuffix(MirroredNames.assetSuffix) { property = property.dropLast(MirroredNames.assetSuffix.count) }
        return "\(entity).\(property)"
    }
}
