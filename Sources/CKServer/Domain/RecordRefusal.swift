import CKModel

/// The per-record errors of reading and writing records, worded once: the services and every storage engine
/// refuse a record with the same code and the same words.
enum RecordRefusal {
    /// `NOT_FOUND`: no live record has the name.
    static func notFound(_ name: String) -> ServerError {
        ServerError(.notFound, reason: "there is no record named \(name)", recordName: name)
    }

    /// `EXISTS`: a live record has the name already.
    static func exists(_ name: String) -> ServerError {
        ServerError(.exists, reason: "a record named \(name) already exists", recordName: name)
    }

    /// `CONFLICT`: the record was saved again since the change tag the client sent.
    static func conflict(_ name: String) -> ServerError {
        ServerError(.conflict, reason: "the recordChangeTag of \(name) expired: the record was changed since it was fetched", recordName: name)
    }

    /// `VALIDATING_REFERENCE_ERROR`: `source` references `target` with VALIDATE, and no live record has that name.
    static func missingTarget(_ target: String, of source: String) -> ServerError {
        ServerError(
            .validatingReferenceError, reason: "\(source) references \(target) with VALIDATE, and there is no such record", recordName: source)
    }

    /// `VALIDATING_REFERENCE_ERROR`: deleting `recordName` would delete `target`, which `source` (a record that
    /// stays) references with VALIDATE.
    static func heldTarget(_ target: String, by source: String, deleting recordName: String) -> ServerError {
        ServerError(
            .validatingReferenceError, reason: "\(target) cannot be deleted while \(source) references it with VALIDATE", recordName: recordName)
    }

    /// The errors of an atomic batch of writes to the records `names` that failed at `culprit` with `error`: the
    /// culprit keeps its error, every other write gets `ATOMIC_ERROR` naming it.
    static func atomicBatch(_ names: [String], failedAt culprit: Int, with error: ServerError) -> [ServerError] {
        names.indices.map { index in
            index == culprit
                ? error
                : ServerError(.atomicError, reason: "the atomic batch failed because of \(names[culprit])", recordName: names[index])
        }
    }
}
