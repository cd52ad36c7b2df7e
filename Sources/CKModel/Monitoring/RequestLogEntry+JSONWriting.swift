extension RequestLogEntry: JSONWritable {
    /// Writes the members `Codable` encodes, under the same names (an absent optional left out): every request
    /// stores one, and `JSONEncoder` cost more than the rest of keeping it.
    public func write(to writer: inout JSONWriter, numbersAsStrings: Bool) {
        writer.beginObject()
        writer.key("sequence")
        writer.number(sequence)
        writer.key("timestamp")
        writer.number(timestamp)
        writer.key("requestID")
        writer.string(requestID)
        writer.key("containerID")
        writer.string(containerID.rawValue)
        Self.write("environment", environment?.rawValue, to: &writer)
        Self.write("database", database?.rawValue, to: &writer)
        writer.key("operation")
        writer.string(operation)
        writer.key("zones")
        Self.write(zones, to: &writer)
        writer.key("operationCounts")
        Self.write(operationCounts, to: &writer)
        writer.key("recordTypes")
        Self.write(recordTypes, to: &writer)
        if let recordNames {
            writer.key("recordNames")
            Self.write(recordNames, to: &writer)
        }
        writer.key("recordsRead")
        writer.number(Int64(recordsRead))
        writer.key("recordsWritten")
        writer.number(Int64(recordsWritten))
        Self.write("caller", caller?.rawValue, to: &writer)
        Self.write("userID", userID, to: &writer)
        Self.write("platform", platform, to: &writer)
        Self.write("client", client, to: &writer)
        writer.key("status")
        writer.number(Int64(status))
        Self.write("serverErrorCode", serverErrorCode, to: &writer)
        Self.write("reason", reason, to: &writer)
        writer.key("itemErrors")
        Self.write(itemErrors, to: &writer)
        writer.key("latencyMicroseconds")
        writer.number(latencyMicroseconds)
        writer.key("bytesIn")
        writer.number(Int64(bytesIn))
        writer.key("bytesOut")
        writer.number(Int64(bytesOut))
        writer.endObject()
    }

    public var estimatedByteCount: Int { 512 }

    private static func write(_ key: StaticString, _ text: String?, to writer: inout JSONWriter) {
        guard let text else { return }
        writer.key(key)
        writer.string(text)
    }

    private static func write(_ strings: [String], to writer: inout JSONWriter) {
        writer.beginArray()
        strings.forEach { writer.string($0) }
        writer.endArray()
    }

    private static func write(_ counts: [String: Int], to writer: inout JSONWriter) {
        writer.beginObject()
        for (name, count) in counts {
            writer.key(named: name)
            writer.number(Int64(count))
        }
        writer.endObject()
    }
}
