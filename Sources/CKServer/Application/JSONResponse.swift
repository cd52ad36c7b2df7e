import Foundation
import HTTPTypes
import Hummingbird

/// Builds responses whose body is JSON, as every CloudKit Web Services answer is.
enum JSONResponse {
    /// `value` encoded as JSON with `status` and any extra headers.
    static func make(_ value: some Encodable, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) throws -> Response {
        var fields = headers
        fields[.contentType] = "application/json; charset=utf-8"
        let data = try JSONEncoder().encode(value)
        return Response(status: status, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }
}
