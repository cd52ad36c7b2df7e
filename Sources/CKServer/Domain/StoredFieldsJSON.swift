/// A record's fields as stored, the JSON object of their wire form, read without decoding it: the members whose
/// names an answer's `desiredKeys` keep are copied as they are.
enum StoredFieldsJSON {
    /// The object with only the members named in `names`, in their stored order; `nil` when the JSON is not a
    /// plain object of members whose names need no unescaping (the caller decodes it instead).
    static func keeping(_ names: Set<String>, of json: [UInt8]) -> [UInt8]? {
        var kept: [UInt8] = [UInt8(ascii: "{")]
        var position = 0
        guard skipSpace(json, &position), json[position] == UInt8(ascii: "{") else { return nil }
        position += 1
        while true {
            guard skipSpace(json, &position) else { return nil }
            if json[position] == UInt8(ascii: "}") { break }
            if json[position] == UInt8(ascii: ",") {
                position += 1
                guard skipSpace(json, &position) else { return nil }
            }
            let memberStart = position
            guard json[position] == UInt8(ascii: "\""), let nameEnd = json[(position + 1)...].firstIndex(of: UInt8(ascii: "\"")),
                !json[(position + 1)..<nameEnd].contains(UInt8(ascii: "\\"))
            else { return nil }
            let name = String(decoding: json[(position + 1)..<nameEnd], as: UTF8.self)
            position = nameEnd + 1
            guard skipSpace(json, &position), json[position] == UInt8(ascii: ":") else { return nil }
            position += 1
            guard skipSpace(json, &position), skipValue(json, &position) else { return nil }
            if names.contains(name) {
                if kept.count > 1 { kept.append(UInt8(ascii: ",")) }
                kept += json[memberStart..<position]
            }
        }
        kept.append(UInt8(ascii: "}"))
        return kept
    }

    /// Moves past spaces; `false` at the end of the JSON.
    private static func skipSpace(_ json: [UInt8], _ position: inout Int) -> Bool {
        while position < json.count, [0x20, 0x09, 0x0A, 0x0D].contains(json[position]) { position += 1 }
        return position < json.count
    }

    /// Moves past one value (a string, an object or array with all it holds, a number or a literal); `false`
    /// when the JSON ends inside it.
    private static func skipValue(_ json: [UInt8], _ position: inout Int) -> Bool {
        var depth = 0
        while position < json.count {
            switch json[position] {
            case UInt8(ascii: "\""):
                position += 1
                while position < json.count, json[position] != UInt8(ascii: "\"") {
                    position += json[position] == UInt8(ascii: "\\") ? 2 : 1
                }
                guard position < json.count else { return false }
                position += 1
                if depth == 0 { return true }
                continue
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if depth == 0 { return true }
                depth -= 1
                if depth == 0 {
                    position += 1
                    return true
                }
            case UInt8(ascii: ","), 0x20, 0x09, 0x0A, 0x0D:
                if depth == 0 { return true }
            default:
                break
            }
            position += 1
        }
        return false
    }
}
