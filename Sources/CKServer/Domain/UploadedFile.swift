/// A file uploaded for an ASSET field, as the server knows it.
public struct UploadedFile: Hashable, Sendable {
    /// The SHA-256 of the content, hex; the file's name in the assets folder.
    public var checksum: String
    /// The size in bytes.
    public var size: Int64

    /// Creates an uploaded file.
    public init(checksum: String, size: Int64) {
        self.checksum = checksum
        self.size = size
    }
}
