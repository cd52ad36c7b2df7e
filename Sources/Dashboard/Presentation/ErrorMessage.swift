import CKClient

/// What a failed fetch says on screen: the server's code and reason, or what happened to the connection.
enum ErrorMessage {
    /// One line for `error`.
    static func text(for error: any Error) -> String {
        switch error {
        case is CancellationError:
            "Cancelled."
        case CloudKitClientError.transport(.connectionRefused, _):
            "Cannot reach the server: nothing is listening there. Press r to try again."
        case CloudKitClientError.transport(.timedOut, _):
            "The server did not answer in time. Press r to try again."
        case CloudKitClientError.transport(.connectionDropped, _):
            "The connection to the server closed. Press r to try again."
        case let error as CloudKitClientError:
            error.description
        default:
            String(describing: error)
        }
    }
}
