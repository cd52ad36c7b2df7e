/// `POST …/assets/rereference`: the ASSET values of saved records in a form another record can save, since a
/// fetched asset carries only its `downloadURL`.
public enum AssetsRereference {
    /// The request body.
    public struct Request: Hashable, Sendable, Codable {
        /// The zone of the records; the default zone when absent.
        public var zoneID: ZoneID?
        /// The asset fields wanted.
        public var assets: [FieldRequest]

        /// Creates a request.
        public init(zoneID: ZoneID? = nil, assets: [FieldRequest]) {
            self.zoneID = zoneID
            self.assets = assets
        }
    }

    /// One ASSET (or LIST<ASSET>) field of a saved record.
    public struct FieldRequest: Hashable, Sendable, Codable {
        /// The record.
        public var recordName: String
        /// The field.
        public var fieldName: String

        /// Creates a field request.
        public init(recordName: String, fieldName: String) {
            self.recordName = recordName
            self.fieldName = fieldName
        }
    }

    /// The response body.
    public struct Response: Hashable, Sendable, Codable {
        /// The writable asset values, in request order (every element of a list field, in its order).
        public var assets: [Asset]

        /// Creates a response.
        public init(assets: [Asset]) {
            self.assets = assets
        }
    }
}
