/// The type of a Core Data attribute, as the model file's `attributeType` names it.
public enum AttributeType: String, CaseIterable, Hashable, Sendable {
    case integer16 = "Integer 16"
    case integer32 = "Integer 32"
    case integer64 = "Integer 64"
    case decimal = "Decimal"
    case double = "Double"
    case float = "Float"
    case string = "String"
    case boolean = "Boolean"
    case date = "Date"
    case binary = "Binary"
    case uuid = "UUID"
    case uri = "URI"
    case transformable = "Transformable"
    case undefined = "Undefined"
    case objectID = "ObjectID"
    case composite = "Composite"
}
