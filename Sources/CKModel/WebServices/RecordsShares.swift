/// `POST …/public/records/resolve` and `records/accept`: what a share URL's short GUID leads to, and joining it.
public enum RecordsShares {
    /// The request body of both.
    public struct Request: Hashable, Sendable, Codable {
        /// The shares asked about.
        public var shortGUIDs: [ShortGUID]

        /// Creates a request.
        public init(shortGUIDs: [ShortGUID]) {
            self.shortGUIDs = shortGUIDs
        }
    }

    /// One share, by its short GUID.
    public struct ShortGUID: Hashable, Sendable, Codable {
        /// The short GUID, the last part of the share's URL.
        public var value: String
        /// Whether to answer the shared root record too.
        public var shouldFetchRootRecord: Bool?
        /// The root record's fields to answer (all when absent).
        public var rootRecordDesiredKeys: [String]?

        /// Creates a short GUID entry.
        public init(value: String, shouldFetchRootRecord: Bool? = nil, rootRecordDesiredKeys: [String]? = nil) {
            self.value = value
            self.shouldFetchRootRecord = shouldFetchRootRecord
            self.rootRecordDesiredKeys = rootRecordDesiredKeys
        }
    }

    /// The response body of both: one result per short GUID, in order.
    public struct Response: Hashable, Sendable, Codable {
        /// Each share's metadata, or why it cannot be had.
        public var results: [ItemResult<ShareMetadata>]

        /// Creates a response.
        public init(results: [ItemResult<ShareMetadata>]) {
            self.results = results
        }
    }

    /// What a share is and what the caller is to it.
    public struct ShareMetadata: Hashable, Sendable, Codable {
        /// The container the share is in.
        public var containerIdentifier: String
        /// `development` or `production`.
        public var environment: String
        /// `PRIVATE` for the owner, `SHARED` for anyone else: the database the caller reaches the records in.
        public var databaseScope: String
        /// The share's short GUID.
        public var shortGUID: String
        /// The zone shared (or holding the shared records), with its owner.
        public var zoneID: ZoneID
        /// The `cloudkit.share` record.
        public var share: Record
        /// The shared record, for a share of one record.
        public var rootRecordName: String?
        /// The shared record itself, when asked for.
        public var rootRecord: Record?
        /// Who owns the share.
        public var ownerIdentity: UserIdentity
        /// What the caller may do with the shared records.
        public var participantPermission: SharePermission?
        /// Whether the caller accepted the share.
        public var participantStatus: ShareParticipant.AcceptanceStatus?
        /// The caller's part in the share.
        public var participantType: ShareParticipant.ParticipantType?
        /// The share's link, whose last part is the short GUID: what the owner sends people to join it.
        public var webpageURL: String?

        /// Creates share metadata.
        public init(
            containerIdentifier: String, environment: String, databaseScope: String, shortGUID: String, zoneID: ZoneID, share: Record,
            rootRecordName: String? = nil, rootRecord: Record? = nil, ownerIdentity: UserIdentity,
            participantPermission: SharePermission? = nil, participantStatus: ShareParticipant.AcceptanceStatus? = nil,
            participantType: ShareParticipant.ParticipantType? = nil, webpageURL: String? = nil
        ) {
            self.containerIdentifier = containerIdentifier
            self.environment = environment
            self.databaseScope = databaseScope
            self.shortGUID = shortGUID
            self.zoneID = zoneID
            self.share = share
            self.rootRecordName = rootRecordName
            self.rootRecord = rootRecord
            self.ownerIdentity = ownerIdentity
            self.participantPermission = participantPermission
            self.participantStatus = participantStatus
            self.participantType = participantType
            self.webpageURL = webpageURL
        }
    }
}
