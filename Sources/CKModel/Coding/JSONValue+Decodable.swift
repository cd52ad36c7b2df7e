extension JSONValue: Decodable {
    /// Takes the value straight from `JSONValueDecoder`'s tree; from any other decoder (Foundation's), rebuilds
    /// it by asking the decoder what it holds.
    public init(from decoder: any Decoder) throws {
        if let tree = decoder as? JSONTreeDecoder {
            self = tree.value
            return
        }
        if let single = try? decoder.singleValueContainer() {
            if single.decodeNil() {
                self = .null
                return
            }
            // Most likely first: every failed attempt costs a DecodingError.
            if let text = try? single.decode(String.self) {
                self = .string(text)
                return
            }
            if let whole = try? single.decode(Int64.self) {
                self = .number(.integer(whole))
                return
            }
            if let number = try? single.decode(Double.self) {
                self = .number(.text(number.description))
                return
            }
            if let flag = try? single.decode(Bool.self) {
                self = .bool(flag)
                return
            }
        }
        if var elements = try? decoder.unkeyedContainer() {
            var values: [JSONValue] = []
            while !elements.isAtEnd {
                values.append(try JSONValue(from: elements.superDecoder()))
            }
            self = .array(values)
            return
        }
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        var object = JSONObject()
        for key in container.allKeys {
            object.append(key.stringValue, try JSONValue(from: container.superDecoder(forKey: key)))
        }
        self = .object(object)
    }
}

extension JSONTreeDecoder {
    /// `decoder` itself when it is one, otherwise a tree decoder over what `decoder` holds, at its coding path.
    static func reading(_ decoder: any Decoder) throws -> JSONTreeDecoder {
        if let tree = decoder as? JSONTreeDecoder {
            return tree
        }
        return JSONTreeDecoder(try JSONValue(from: decoder), codingPath: decoder.codingPath, userInfo: decoder.userInfo)
    }
}
