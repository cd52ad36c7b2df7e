import Foundation

/// The IDs of requests, which their errors carry as `uuid` and the request log keeps: random (version 4) UUIDs
/// from the system's generator. Foundation's `UUID()` opens `/dev/urandom` for each one on Linux, a file opened
/// and closed per request.
enum RequestID {
    /// A new ID, in the upper-case form of `UUID.uuidString`.
    static func make() -> String {
        var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &bytes) { SecretGenerator.fillRandomly($0) }
        bytes.6 = bytes.6 & 0x0F | 0x40
        bytes.8 = bytes.8 & 0x3F | 0x80
        return UUID(uuid: bytes).uuidString
    }
}
