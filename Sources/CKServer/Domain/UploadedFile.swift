/// A file uploaded for an ASSET field, as the server knows it.
public struct UploadedFile: Hashable, Sendable {
    /// The SHA-256 of the content, hex; the file's name in the assets folder.
    public var checksum: String
    /// The size in bytes.
    public var size: Int64
    /// Whom the upload was for; `nil` for an upload stored before uploads were bound to their origin.
    public var origin: UploadOrigin?
    /// Whether a record holds the file, or held it once.
    public var wasHeld: Bool

    /// Creates an uploaded file.
    public init(checksum: String, size: Int64, origin: UploadOrigin? = nil, wasHeld: Bool = false) {
        self.checksum = checksum
        self.size = size
        self.origin = origin
        self.wasHeld = wasHeld
    }
}
