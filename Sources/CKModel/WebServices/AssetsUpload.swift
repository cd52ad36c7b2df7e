/// `POST …/assets/upload`: where to upload the files of ASSET fields, and the receipt an upload answers.
public enum AssetsUpload {
    /// The request body.
    public struct Request: Hashable, Sendable, Codable {
        /// The zone of the records the files are for.
        public var zoneID: ZoneID?
        /// One entry per file.
        public var tokens: [TokenRequest]

        /// Creates a request.
        public init(zoneID: ZoneID? = nil, tokens: [TokenRequest]) {
            self.zoneID = zoneID
            self.tokens = tokens
        }
    }

    /// One file to upload: for which field of which record.
    public struct TokenRequest: Hashable, Sendable, Codable {
        /// The record type.
        public var recordType: String
        /// The ASSET (or LIST<ASSET>) field.
        public var fieldName: String
        /// The record; a new UUID when absent.
        public var recordName: String?

        /// Creates a token request.
        public init(recordType: String, fieldName: String, recordName: String? = nil) {
            self.recordType = recordType
            self.fieldName = fieldName
            self.recordName = recordName
        }
    }

    /// The response body.
    public struct Response: Hashable, Sendable, Codable {
        /// One upload URL per file asked for.
        public var tokens: [Token]

        /// Creates a response.
        public init(tokens: [Token]) {
            self.tokens = tokens
        }
    }

    /// Where to POST one file.
    public struct Token: Hashable, Sendable, Codable {
        /// The record the file is for.
        public var recordName: String
        /// The field.
        public var fieldName: String
        /// The URL to POST the bytes to, valid for 15 minutes.
        public var url: String

        /// Creates a token.
        public init(recordName: String, fieldName: String, url: String) {
            self.recordName = recordName
            self.fieldName = fieldName
            self.url = url
        }
    }

    /// What an upload answers: the asset value to save in the record's field.
    public struct Receipt: Hashable, Sendable, Codable {
        /// The uploaded file.
        public var singleFile: Asset

        /// Creates a receipt.
        public init(singleFile: Asset) {
            self.singleFile = singleFile
        }
    }
}
