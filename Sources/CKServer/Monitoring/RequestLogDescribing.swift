import CKModel

/// A request body or an answer that tells the request log what a request was about: its zones, record types and
/// counts. Never a field value.
protocol RequestLogDescribing {
    /// Adds what this body or answer says to `details`.
    func describe(to details: inout RequestLogNote.Details)
}

extension RequestLogNote {
    /// Adds what `value` says, when it is a body or an answer the log reads.
    func describe(_ value: Any) {
        guard let value = value as? any RequestLogDescribing else { return }
        note { value.describe(to: &$0) }
    }
}

extension RequestLogNote.Details {
    /// Counts the items of a batch answer: each success with `succeeded`, each failure by its code.
    mutating func count<Item>(_ items: [ItemResult<Item>], succeeded: (inout Self, Item) -> Void) {
        for item in items {
            switch item {
            case .success(let value): succeeded(&self, value)
            case .failure(let error): itemErrors[error.serverErrorCode.rawValue, default: 0] += 1
            }
        }
    }

    /// Notes a record the request named, while fewer than the limit are kept.
    mutating func name(_ recordName: String?) {
        guard let recordName, recordNames.count < RequestLogEntry.recordNameLimit, !recordNames.contains(recordName) else { return }
        recordNames.append(recordName)
    }

    /// Notes a zone the request named.
    mutating func zone(_ zone: ZoneID?) {
        zones.insert(zone?.zoneName ?? ZoneID.defaultZoneName)
    }
}
