/// The `.xccurrentversion` property list of a model bundle: `_XCCurrentVersionName` names the version folder.
enum CurrentVersion {
    /// The version folder's name in the property list `text`.
    static func name(in text: String, file: String) throws(ModelReadError) -> String {
        let root: XMLElement
        do {
            root = try XMLReader.root(of: text)
        } catch {
            throw ModelReadError(file: file, line: error.line, message: error.message)
        }
        guard root.name == "plist", let dictionary = root.child(named: "dict") else {
            throw ModelReadError(file: file, line: root.line, message: "expected a property list with a <dict>")
        }
        let children = dictionary.children
        guard let key = children.firstIndex(where: { $0.name == "key" && $0.text == "_XCCurrentVersionName" }), key + 1 < children.count,
            children[key + 1].name == "string", children[key + 1].text.hasSuffix(".xcdatamodel"), !children[key + 1].text.contains("/")
        else {
            throw ModelReadError(file: file, line: dictionary.line, message: "expected _XCCurrentVersionName naming a .xcdatamodel folder")
        }
        return children[key + 1].text
    }
}
