import CKModel

/// How a request wants each record of its answer written: which fields, numbers as strings or not, and what
/// asset download addresses and a share's `currentUserParticipant` depend on.
struct RecordAnswerOptions: Sendable {
    /// The fields to answer with, all when `nil`.
    var desiredKeys: [String]?
    /// Whether INT64 and DOUBLE values are written as strings.
    var numbersAsStrings: Bool
    /// Where asset downloads are served.
    var serverURL: String
    /// The container the records belong to.
    var container: ContainerID
    /// The user reading, whom a share's `currentUserParticipant` describes.
    var viewer: String?

    /// The options of a request with `desiredKeys` and `numbersAsStrings`, read through `access`.
    init(desiredKeys: [String]?, numbersAsStrings: Bool?, access: DatabaseAccess) {
        self.desiredKeys = desiredKeys
        self.numbersAsStrings = numbersAsStrings ?? false
        serverURL = access.serverURL
        container = access.container.id
        viewer = access.caller.userRecordName
    }
}
