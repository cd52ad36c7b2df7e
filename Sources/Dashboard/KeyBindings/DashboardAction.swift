import TerminalKit

/// The dashboard's actions, by the stable names key maps and tests use; TerminalKit's navigation actions
/// (`move-down`, `page-down`, …) complete them.
extension KeyAction {
    /// Shows every key of the current screen.
    static let help = KeyAction("help")
    /// Opens the `:` command palette.
    static let commandPalette = KeyAction("command-palette")
    /// Opens the `/` filter of the current screen.
    static let filter = KeyAction("filter")
    /// Cancels a load, clears a filter, or goes back one screen.
    static let back = KeyAction("back")
    /// Leaves the dashboard.
    static let quit = KeyAction("quit")
    /// Fetches the screen's data again.
    static let reload = KeyAction("reload")
    /// Opens the selected item.
    static let open = KeyAction("open")

    /// Switches between development and production.
    static let switchEnvironment = KeyAction("switch-environment")
    /// Chooses the public, private or shared database.
    static let chooseDatabase = KeyAction("choose-database")
    /// Shows the zones of the current database.
    static let showZones = KeyAction("show-zones")
    /// Shows the record types of the current environment.
    static let showRecordTypes = KeyAction("show-record-types")
    /// Shows the fields of the selected record type.
    static let showFields = KeyAction("show-fields")
    /// Shows the schema as `.ckdb` text.
    static let showSchemaText = KeyAction("show-schema-text")
    /// Opens the query builder.
    static let queryBuilder = KeyAction("query-builder")
    /// Chooses, hides and orders the columns of the records table.
    static let chooseColumns = KeyAction("choose-columns")
    /// Sorts the records by a sortable field.
    static let sort = KeyAction("sort")
    /// Copies the selected cell, row or record as JSON to the clipboard.
    static let copy = KeyAction("copy")
    /// Writes the current result to a file.
    static let export = KeyAction("export")
    /// Writes the current result to a file with its encrypted fields, which an export otherwise leaves out.
    static let exportWithEncrypted = KeyAction("export-with-encrypted")
    /// Downloads the selected asset to a file.
    static let download = KeyAction("download")
    /// Searches the text shown.
    static let search = KeyAction("search")

    /// Moves to the next part of a query builder row: field, comparator, value.
    static let nextPart = KeyAction("next-part")
    /// Moves to the previous part of a query builder row.
    static let previousPart = KeyAction("previous-part")
    /// Adds a filter or a sort key to the query.
    static let addRow = KeyAction("add-row")
    /// Deletes the selected filter or sort key.
    static let deleteRow = KeyAction("delete-row")
    /// Runs the query and shows its records.
    static let runQuery = KeyAction("run-query")
    /// Saves the query under a name.
    static let saveQuery = KeyAction("save-query")
    /// Loads a saved query.
    static let loadQuery = KeyAction("load-query")
    /// Shows the query as its JSON request.
    static let showJSON = KeyAction("show-json")
    /// Shows the query as a command line.
    static let showCommand = KeyAction("show-command")

    /// Opens the deploy screen: development's changes to promote to production.
    static let showDeploy = KeyAction("show-deploy")
    /// Deploys the diff on screen to production.
    static let deploy = KeyAction("deploy")
    /// Deletes development's records and sets its schema back to production's.
    static let resetDevelopment = KeyAction("reset-development")
    /// Shows the next tab.
    static let nextTab = KeyAction("next-tab")
    /// Shows the previous tab.
    static let previousTab = KeyAction("previous-tab")
    /// Goes to the next run of changed lines of a text comparison.
    static let nextChange = KeyAction("next-change")
    /// Creates a record type in development.
    static let createRecordType = KeyAction("create-record-type")
    /// Deletes the selected record type from development.
    static let deleteRecordType = KeyAction("delete-record-type")
    /// Adds a field to the record type in development.
    static let addField = KeyAction("add-field")
    /// Removes the selected field from development.
    static let removeField = KeyAction("remove-field")
    /// Adds or drops QUERYABLE on the selected field.
    static let toggleQueryable = KeyAction("toggle-queryable")
    /// Adds or drops SORTABLE on the selected field.
    static let toggleSortable = KeyAction("toggle-sortable")
    /// Adds or drops SEARCHABLE on the selected field.
    static let toggleSearchable = KeyAction("toggle-searchable")
    /// Shows every index of the environment.
    static let showIndexes = KeyAction("show-indexes")
    /// Adds an index in development.
    static let addIndex = KeyAction("add-index")
    /// Drops the selected index from development.
    static let dropIndex = KeyAction("drop-index")
    /// Adds the index a query was refused for, then runs it again.
    static let addMissingIndex = KeyAction("add-missing-index")
}
