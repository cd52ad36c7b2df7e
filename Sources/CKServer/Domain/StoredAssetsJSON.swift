import CKModel

/// A record's stored fields JSON with every asset value made into the form a fetch answers
/// (`AssetService.fetched`): its `fileChecksum` and `size` copied as they are, its `receipt` made into a
/// `downloadURL`, its keys dropped. The rest of the JSON is copied untouched, so that a record holding an asset is
/// answered without decoding its fields and writing them again.
///
/// Only the exact form storage writes is rewritten (`"type":"ASSETID","value":{…}` and `"ASSETID_LIST"` with an
/// array): for anything else (an `ASSET` tag of rows saved before, an escaped string inside an asset, a member it
/// does not know) it gives `nil`, and the caller decodes the fields instead.
struct StoredAssetsJSON {
    /// Where a receipt's file is downloaded, up to the receipt.
    let downloadPrefix: String

    /// How stored JSON tags an asset value: `ASSETID` and `ASSETID_LIST`, and `ASSET` in rows saved before.
    static let tag = Array(#""ASSET"#.utf8)
    private static let typeKey = Array(#""type":"#.utf8)
    private static let single = Array(#"ID","value":{"#.utf8)
    private static let list = Array(#"ID_LIST","value":["#.utf8)

    /// `json` with its asset values rewritten; `nil` when one of them is not in the form storage writes.
    func fetched(_ json: UnsafeRawBufferPointer) -> [UInt8]? {
        var output: [UInt8] = []
        output.reserveCapacity(json.count + 64)
        // Up to where `json` is copied or rewritten into `output`, and where the next tag is looked for.
        var copied = 0
        while let found = ByteSearch.firstOffset(of: Self.tag, in: json, from: copied) {
            guard found >= Self.typeKey.count, json[(found - Self.typeKey.count)..<found].elementsEqual(Self.typeKey) else { return nil }
            let afterTag = found + Self.tag.count
            var reader = Reader(json: json, position: afterTag)
            if reader.skip(Self.list) {
                output += json[copied..<(reader.position - 1)]
                guard rewriteList(&reader, into: &output) else { return nil }
            } else if reader.skip(Self.single) {
                output += json[copied..<(reader.position - 1)]
                reader.position -= 1
                guard rewriteAsset(&reader, into: &output) else { return nil }
            } else {
                return nil
            }
            copied = reader.position
        }
        output += json[copied...]
        return output
    }

    /// Rewrites the array of assets at the reader (its `[` just read), through its `]`.
    private func rewriteList(_ reader: inout Reader, into output: inout [UInt8]) -> Bool {
        output.append(UInt8(ascii: "["))
        if reader.skip(UInt8(ascii: "]")) {
            output.append(UInt8(ascii: "]"))
            return true
        }
        repeat {
            guard rewriteAsset(&reader, into: &output) else { return false }
            if reader.skip(UInt8(ascii: "]")) {
                output.append(UInt8(ascii: "]"))
                return true
            }
            output.append(UInt8(ascii: ","))
        } while reader.skip(UInt8(ascii: ","))
        return false
    }

    /// Rewrites the asset object at the reader, through its `}`.
    private func rewriteAsset(_ reader: inout Reader, into output: inout [UInt8]) -> Bool {
        guard reader.skip(UInt8(ascii: "{")) else { return false }
        var members: [String: Range<Int>] = [:]
        if !reader.skip(UInt8(ascii: "}")) {
            repeat {
                guard let key = reader.string(), reader.skip(UInt8(ascii: ":")) else { return false }
                let name = String(decoding: reader.json[(key.lowerBound + 1)..<(key.upperBound - 1)], as: UTF8.self)
                // `size` is a whole number that fits 64 bits, every other member a string, as the decoder reads them.
                guard Asset.wireKeys.contains(name), let value = name == "size" ? reader.int64() : reader.string(),
                    members.updateValue(value, forKey: name) == nil
                else { return false }
            } while reader.skip(UInt8(ascii: ","))
            guard reader.skip(UInt8(ascii: "}")) else { return false }
        }
        var writer = JSONWriter(capacity: 128)
        writer.beginObject()
        if let checksum = members["fileChecksum"] {
            writer.key("fileChecksum")
            writer.raw(UnsafeRawBufferPointer(rebasing: reader.json[checksum]))
        }
        if let size = members["size"] {
            writer.key("size")
            writer.raw(UnsafeRawBufferPointer(rebasing: reader.json[size]))
        }
        if let receipt = members["receipt"] {
            writer.key("downloadURL")
            writer.string(downloadPrefix + String(decoding: reader.json[(receipt.lowerBound + 1)..<(receipt.upperBound - 1)], as: UTF8.self))
        }
        writer.endObject()
        output += writer.bytes
        return true
    }

    /// Reads the compact JSON storage writes, byte by byte.
    private struct Reader {
        let json: UnsafeRawBufferPointer
        var position: Int

        /// Moves past `bytes` when they come next.
        mutating func skip(_ bytes: [UInt8]) -> Bool {
            guard json.count - position >= bytes.count, json[position..<(position + bytes.count)].elementsEqual(bytes) else { return false }
            position += bytes.count
            return true
        }

        mutating func skip(_ byte: UInt8) -> Bool {
            guard position < json.count, json[position] == byte else { return false }
            position += 1
            return true
        }

        /// A string with its quotes, holding nothing JSON escapes (no backslash, no control character).
        mutating func string() -> Range<Int>? {
            let start = position
            guard skip(UInt8(ascii: "\"")) else { return nil }
            while position < json.count, json[position] != UInt8(ascii: "\"") {
                guard json[position] >= 0x20, json[position] != UInt8(ascii: "\\") else { return nil }
                position += 1
            }
            guard skip(UInt8(ascii: "\"")) else { return nil }
            return start..<position
        }

        /// A whole number as storage writes one (an optional minus and digits) that fits 64 bits.
        mutating func int64() -> Range<Int>? {
            let start = position
            _ = skip(UInt8(ascii: "-"))
            let digits = position
            while position < json.count, json[position].isASCIIDigit { position += 1 }
            guard position > digits, Int64(String(decoding: json[start..<position], as: UTF8.self)) != nil else { return nil }
            return start..<position
        }
    }
}
