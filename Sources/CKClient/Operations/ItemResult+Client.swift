import CKModel

extension ItemResult {
    /// The entry as the per-item result callers get: a failed item is a server error without an HTTP status
    /// of its own, since it came inside a successful answer.
    var clientResult: Result<Item, CloudKitClientError> {
        switch self {
        case .success(let item): .success(item)
        case .failure(let error): .failure(.server(error, httpStatus: nil))
        }
    }
}
