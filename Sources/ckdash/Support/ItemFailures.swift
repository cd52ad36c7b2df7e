import CKClient
import CommandLineSupport

/// Per-item results as a command reports them: the items that succeeded, or one line for the first failure.
enum ItemFailures {
    /// The successes, or a failure saying which `kind` of item failed and why.
    static func successes<Item>(of results: [Result<Item, CloudKitClientError>], kind: String) throws -> [Item] {
        try results.map { result in
            switch result {
            case .success(let item): return item
            case .failure(let error): throw CommandFailure("a \(kind) failed: \(error)")
            }
        }
    }
}
