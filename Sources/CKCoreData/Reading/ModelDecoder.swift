/// Makes a `CoreDataModel` of a `contents` file's XML, checking each element and attribute it reads: an unknown
/// element, a missing name or an unknown type is an error naming its line and what was expected. Attributes of
/// the XML that the model does not need (Xcode's `syncable`, `codeGenerationType` …) are ignored.
struct ModelDecoder {
    /// The file's name, for errors.
    let file: String

    /// The elements a `<model>` may hold.
    private static let modelChildren: Set = ["entity", "configuration", "elements", "fetchRequest"]
    /// The elements an `<entity>` may hold.
    private static let entityChildren: Set = [
        "attribute", "relationship", "fetchedProperty", "fetchIndex", "compoundIndexes", "uniquenessConstraints", "userInfo",
    ]

    /// The model `text` describes.
    func model(from text: String) throws(ModelReadError) -> CoreDataModel {
        let root: XMLElement
        do {
            root = try XMLReader.root(of: text)
        } catch {
            throw ModelReadError(file: file, line: error.line, message: error.message)
        }
        guard root.name == "model" else { throw failure(root, "expected a Core Data model (<model>), found <\(root.name)>") }
        for child in root.children where !Self.modelChildren.contains(child.name) {
            throw failure(child, "expected <entity>, <configuration>, <fetchRequest> or <elements> in <model>, found <\(child.name)>")
        }
        var entities: [Entity] = []
        for element in root.children(named: "entity") {
            let entity = try self.entity(element)
            guard !entities.contains(where: { $0.name == entity.name }) else { throw failure(element, "the entity \(entity.name) is declared twice") }
            entities.append(entity)
        }
        for entity in entities {
            if let parent = entity.parent, !entities.contains(where: { $0.name == parent }) {
                throw ModelReadError(file: file, line: entity.line, message: "the parent entity \(parent) of \(entity.name) is not in the model")
            }
            for relationship in entity.relationships where !entities.contains(where: { $0.name == relationship.destination }) {
                throw ModelReadError(
                    file: file, line: relationship.line,
                    message: "the destination \(relationship.destination) of \(entity.name).\(relationship.name) is not an entity of the model")
            }
        }
        let configurations = try root.children(named: "configuration").map(configuration)
        return CoreDataModel(usedWithCloudKit: root.attributes["usedWithCloudKit"] == "YES", entities: entities, configurations: configurations)
    }

    private func entity(_ element: XMLElement) throws(ModelReadError) -> Entity {
        let name = try required("name", of: element)
        for child in element.children where !Self.entityChildren.contains(child.name) {
            throw failure(child, "expected <attribute>, <relationship>, <fetchIndex>, <uniquenessConstraints> or <userInfo> in the entity \(name), found <\(child.name)>")
        }
        var names: Set<String> = []
        var attributes: [Attribute] = []
        for child in element.children(named: "attribute") {
            let attribute = try self.attribute(child, in: name)
            guard names.insert(attribute.name).inserted else { throw failure(child, "\(name).\(attribute.name) is declared twice") }
            attributes.append(attribute)
        }
        var relationships: [Relationship] = []
        for child in element.children(named: "relationship") {
            let relationship = try self.relationship(child, in: name)
            guard names.insert(relationship.name).inserted else { throw failure(child, "\(name).\(relationship.name) is declared twice") }
            relationships.append(relationship)
        }
        let constraints = element.children(named: "uniquenessConstraints").flatMap { $0.children(named: "uniquenessConstraint") }
            .map { $0.children(named: "constraint").compactMap { $0.attributes["value"] } }
        return Entity(
            name: name, parent: element.attributes["parentEntity"], isAbstract: element.attributes["isAbstract"] == "YES", attributes: attributes,
            relationships: relationships, uniquenessConstraints: constraints, userInfo: userInfo(of: element), line: element.line)
    }

    private func attribute(_ element: XMLElement, in entity: String) throws(ModelReadError) -> Attribute {
        let name = try required("name", of: element)
        let typeName = try required("attributeType", of: element)
        guard let type = AttributeType(rawValue: typeName) else {
            throw failure(element, "expected the type of \(entity).\(name) to be one of \(AttributeType.allCases.map(\.rawValue).joined(separator: ", ")); found \(typeName)")
        }
        let flag = { (key: String) in element.attributes[key] == "YES" }
        return Attribute(
            name: name, type: type, isOptional: flag("optional"), defaultValue: element.attributes["defaultValueString"], isTransient: flag("transient"),
            isDerived: flag("derived"), derivationExpression: element.attributes["derivationExpression"],
            allowsExternalStorage: flag("allowsExternalBinaryDataStorage"), allowsCloudEncryption: flag("allowsCloudEncryption"),
            valueTransformerName: element.attributes["valueTransformerName"], customClassName: element.attributes["customClassName"],
            userInfo: userInfo(of: element), line: element.line)
    }

    private func relationship(_ element: XMLElement, in entity: String) throws(ModelReadError) -> Relationship {
        let name = try required("name", of: element)
        let destination = try required("destinationEntity", of: element)
        let ruleName = element.attributes["deletionRule"] ?? Relationship.DeletionRule.nullify.rawValue
        guard let rule = Relationship.DeletionRule(rawValue: ruleName) else {
            throw failure(element, "expected the deletion rule of \(entity).\(name) to be one of \(Relationship.DeletionRule.allCases.map(\.rawValue).joined(separator: ", ")); found \(ruleName)")
        }
        let flag = { (key: String) in element.attributes[key] == "YES" }
        return Relationship(
            name: name, destination: destination, inverseName: element.attributes["inverseName"], inverseEntity: element.attributes["inverseEntity"],
            isToMany: flag("toMany"), isOrdered: flag("ordered"), isOptional: flag("optional"), deletionRule: rule, isTransient: flag("transient"),
            userInfo: userInfo(of: element), line: element.line)
    }

    private func configuration(_ element: XMLElement) throws(ModelReadError) -> Configuration {
        let name = try required("name", of: element)
        var members: [String] = []
        for member in element.children(named: "memberEntity") { members.append(try required("name", of: member)) }
        return Configuration(name: name, usedWithCloudKit: element.attributes["usedWithCloudKit"] == "YES", members: members, line: element.line)
    }

    /// The `<userInfo><entry key value/></userInfo>` of `element`.
    private func userInfo(of element: XMLElement) -> [String: String] {
        let entries = element.children(named: "userInfo").flatMap { $0.children(named: "entry") }
        return Dictionary(entries.compactMap { entry in entry.attributes["key"].map { ($0, entry.attributes["value"] ?? "") } }) { first, _ in first }
    }

    private func required(_ attribute: String, of element: XMLElement) throws(ModelReadError) -> String {
        guard let value = element.attributes[attribute], !value.isEmpty else { throw failure(element, "expected a \(attribute) on <\(element.name)>") }
        return value
    }

    private func failure(_ element: XMLElement, _ message: String) -> ModelReadError {
        ModelReadError(file: file, line: element.line, message: message)
    }
}
