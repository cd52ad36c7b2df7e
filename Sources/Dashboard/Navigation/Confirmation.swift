/// A question the app asks before a change that cannot be taken back: what it destroys, and for the gravest
/// ones (production, a whole zone) a name to type.
///
/// ```swift
/// host.confirm(Confirmation(title: "Delete zone Receipts?", message: "Deletes its 1,000 records.",
///                           confirmTitle: "Delete", typedName: "Receipts")) { deleteZone() }
/// ```
struct Confirmation {
    /// The dialog's title, a question naming the change: `Delete zone Receipts?`.
    var title: String
    /// What the change destroys or does, in full.
    var message: String
    /// The button that goes ahead: `Delete`.
    var confirmTitle: String
    /// The text to type before the change can go ahead (a container's or zone's name); `nil` for yes or no.
    var typedName: String?

    init(title: String, message: String, confirmTitle: String = "Delete", typedName: String? = nil) {
        self.title = title
        self.message = message
        self.confirmTitle = confirmTitle
        self.typedName = typedName
    }
}
