import CKModel
import Foundation
import HTTPTypes
import Hummingbird

/// Builds responses whose body is JSON, as every CloudKit Web Services answer is.
enum JSONResponse {
    /// `value` encoded as JSON with `status`; with `numbersAsStrings`, INT64 and DOUBLE field values are written as
    /// strings.
    static func make(_ value: some Encodable, status: HTTPResponse.Status = .ok, numbersAsStrings: Bool = false) throws -> Response {
        let fields: HTTPFields = [.contentType: "application/json; charset=utf-8"]
        if let writable = value as? any JSONWritable {
            var writer = JSONWriter(capacity: writable.estimatedByteCount)
            writable.write(to: &writer, numbersAsStrings: numbersAsStrings)
            return Response(status: status, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(bytes: writer.bytes)))
        }
        let encoder = encoder()
        encoder.userInfo[.numbersAsStrings] = numbersAsStrings
        let data = try encoder.encode(value)
        return Response(status: status, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// The encoder of answers `JSONWriter` does not write: with sorted keys, so that an answer's bytes are the same
    /// from one server process to the next (Foundation's encoder on Linux orders keys by their hash otherwise).
    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return encoder
    }
}
