/// An ASSET value: the receipt of an uploaded file, or on fetch, where to download it.
public struct Asset: Hashable, Sendable, Codable {
    /// The server's checksum of the file (opaque, not a SHA-256 of the content).
    public var fileChecksum: String?
    /// The file's size in bytes.
    public var size: Int64?
    /// Checksum of the wrapping key, required in the private database.
    public var referenceChecksum: String?
    /// The key wrapping the encrypted file, required in the private database.
    public var wrappingKey: String?
    /// The upload receipt that attaches the file to the record.
    public var receipt: String?
    /// Where to download the file; present on fetch only.
    public var downloadURL: String?

    /// The members an asset value's JSON may have.
    public static let wireKeys: Set<String> = ["fileChecksum", "size", "receipt", "downloadURL", "wrappingKey", "referenceChecksum"]

    /// Creates an asset value.
    public init(
        fileChecksum: String? = nil, size: Int64? = nil, referenceChecksum: String? = nil,
        wrappingKey: String? = nil, receipt: String? = nil, downloadURL: String? = nil
    ) {
        self.fileChecksum = fileChecksum
        self.size = size
        self.referenceChecksum = referenceChecksum
        self.wrappingKey = wrappingKey
        self.receipt = receipt
        self.downloadURL = downloadURL
    }
}
