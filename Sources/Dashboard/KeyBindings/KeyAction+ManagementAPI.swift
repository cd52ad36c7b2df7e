import TerminalKit

extension KeyAction {
    /// The actions that change the schema or open a management API screen: a session with data API credentials
    /// only offers none of them, in the hint bar, the help or its keys.
    static let needingManagementAPI: Set<KeyAction> = [
        .createRecordType, .deleteRecordType, .addField, .removeField, .toggleQueryable, .toggleSortable, .toggleSearchable, .addIndex,
        .dropIndex, .addMissingIndex, .showIndexes, .showDeploy, .deploy, .resetDevelopment,
    ]
}
