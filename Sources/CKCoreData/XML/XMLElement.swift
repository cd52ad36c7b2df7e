/// An element of an XML document as the model reader needs it: its name, attributes, child elements, the text
/// directly inside it, and the line it starts on (for messages).
struct XMLElement: Hashable, Sendable {
    var name: String
    var attributes: [String: String]
    var children: [XMLElement]
    /// The text between the element's tags, outside its children, entities resolved.
    var text: String
    /// The line the element's start tag is on, counting from 1.
    var line: Int

    /// The child elements named `name`, in document order.
    func children(named name: String) -> [XMLElement] {
        children.filter { $0.name == name }
    }

    /// The first child element named `name`.
    func child(named name: String) -> XMLElement? {
        children.first { $0.name == name }
    }
}
