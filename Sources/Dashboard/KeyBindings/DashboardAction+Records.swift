import TerminalKit

/// The actions that change records: the record form, deleting, marking, bulk changes, import and undo.
extension KeyAction {
    /// Opens the form for a new record of the type.
    static let newRecord = KeyAction("new-record")
    /// Opens the form on the selected record.
    static let editRecord = KeyAction("edit-record")
    /// Deletes the marked records, or the selected one.
    static let deleteRecords = KeyAction("delete-records")
    /// Marks or unmarks the selected record for a bulk action.
    static let markRecord = KeyAction("mark-record")
    /// Sets one field of every marked record.
    static let setField = KeyAction("set-field")
    /// Imports a JSON lines or CSV file into the type.
    static let importRecords = KeyAction("import-records")
    /// Reverts the last bulk delete or import.
    static let undo = KeyAction("undo")

    /// Edits the selected field of the record form.
    static let editField = KeyAction("edit-field")
    /// Clears the selected field of the record form.
    static let clearField = KeyAction("clear-field")
    /// Saves the record of the form.
    static let saveRecord = KeyAction("save-record")
    /// Keeps the user's value of the selected field of a conflict.
    static let keepMine = KeyAction("keep-mine")
    /// Keeps the server's value of the selected field of a conflict.
    static let keepServer = KeyAction("keep-server")
}
