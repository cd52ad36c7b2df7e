import CKModel
import CKSchema
import Foundation
import TerminalKit

/// A form to create a record of a type, or to edit one, built from the schema: Enter edits the selected field
/// with an editor that fits its type (a reference is picked from a list of records, an asset is a file path), x
/// clears it, S saves. When the record changed on the server meanwhile, the form shows both versions of each
/// differing field side by side; the user keeps either per field and S saves again with the server's change tag.
final class RecordFormScreen: Screen {
    /// An editor or picker open over the form.
    enum Overlay {
        case value(field: String, editor: ValueEditor)
        case referenceType(field: String, picker: Picker<String>)
        /// The records to point to; `nil` is the choice to type a record name.
        case referenceRecord(field: String, picker: Picker<String?>)
        case referenceName(field: String, prompt: Prompt)
        case referenceAction(field: String, recordName: String, picker: Picker<ReferenceAction>)
        case assetFile(field: String, prompt: Prompt)
        case recordName(Prompt)

        /// The field the overlay edits a value of.
        var fieldName: String? {
            switch self {
            case .value(let field, _), .referenceType(let field, _), .referenceRecord(let field, _), .referenceName(let field, _),
                .referenceAction(let field, _, _), .assetFile(let field, _):
                field
            case .recordName: nil
            }
        }
    }

    let session: Session
    let recordTypeName: String
    /// The record edited; `nil` while creating one.
    let editedRecordName: String?
    let loader: RecordFormLoader
    let display: FieldValueDisplay
    private let start: Remote<(draft: RecordDraft, recordTypes: [String])>
    var draft: RecordDraft?
    var recordTypes: [String] = []
    var conflict: RecordConflict?
    var overlay: Overlay?
    var table = Table(columns: RecordFormRows.columns, source: TableRows([]))
    /// Whether a save reached the server, so the screen below fetches again when the form closes.
    var hasChangedData = false

    /// The form for a new record of `recordType` (`recordName` `nil`) or for the record named `recordName`.
    init(session: Session, recordType: String, recordName: String?, loader: RecordFormLoader, schemaLoader: RecordTypesLoader, display: FieldValueDisplay) {
        self.session = session
        recordTypeName = recordType
        editedRecordName = recordName
        self.loader = loader
        self.display = display
        let zone = session.zone
        start = Remote {
            let schema = try await schemaLoader.schema(describing: recordType, in: zone).schema
            guard let type = schema.recordType(named: recordType) else { throw RecordFormError.unknownRecordType(recordType) }
            let names = schema.recordTypes.map(\.name)
            guard let recordName else { return (RecordDraft(newOf: type), names) }
            return (RecordDraft(editing: try await loader.record(named: recordName, in: zone), of: type), names)
        }
    }

    var title: String {
        let name = draft.map { $0.isNew ? nil : $0.recordName } ?? editedRecordName
        let subject = name.map { "Edit \($0)" } ?? "New \(recordTypeName) record"
        guard let conflict else { return subject }
        return "\(subject): conflict on \(Counting.counted(conflict.differences.count, "field"))"
    }

    /// The keys while editing, which the hint bar, the help overlay and docs/dashboard.md list.
    static let keys = KeyBindingTable([
        KeyBinding(.editField, keys: [.enter], label: "Edit", help: "Edit the selected field: typed editor, record picker or file path", group: "Record form"),
        KeyBinding(.clearField, keys: [.character("x")], label: "Clear", help: "Clear the selected field's value", group: "Record form"),
        KeyBinding(.saveRecord, keys: [.character("S")], label: "Save", help: "Save the record", group: "Record form", isMutation: true),
    ])

    /// The keys while a conflict is shown.
    static let conflictKeys = KeyBindingTable([
        KeyBinding(.keepMine, keys: [.character("m")], label: "Yours", help: "Keep your value of the selected field", group: "Conflict"),
        KeyBinding(.keepServer, keys: [.character("t")], label: "Server's", help: "Keep the server's value of the selected field", group: "Conflict"),
        KeyBinding(.saveRecord, keys: [.character("S")], label: "Save", help: "Save the values kept, over the server's version", group: "Conflict", isMutation: true),
    ])

    var bindings: KeyBindingTable { conflict == nil ? Self.keys : Self.conflictKeys }

    var statusItems: [String] {
        guard let draft else { return [] }
        let changed = draft.changedFields.count
        return changed == 0 ? ["no changes"] : ["\(Counting.counted(changed, "field")) changed"]
    }

    var capturesKeys: Bool { overlay != nil }
    var isLoading: Bool { start.isLoading }
    var hasFailedToLoad: Bool { start.hasFailed }

    /// What closing the form would throw away: the changed fields, and the value typed in an editor still open.
    var unsavedChanges: String? {
        let changed = draft.flatMap { $0.hasChanges ? Counting.counted($0.changedFields.count, "changed field") : nil }
        let typed = overlay.map { $0.fieldName.map { "the value being edited of \($0)" } ?? "the record name being typed" }
        let lost = [changed, typed].compactMap { $0 }
        guard !lost.isEmpty else { return nil }
        return "\(lost.joined(separator: " and ")) of \(editedRecordName ?? "the new record") will be lost."
    }

    /// Fetches the record and the schema again, the draft and its changes dropped (the app asks first).
    func load(_ host: any ScreenHost) {
        draft = nil
        conflict = nil
        overlay = nil
        start.load(in: host.work) { [weak self] loaded in
            guard let self else { return }
            draft = loaded.draft
            recordTypes = loaded.recordTypes
            conflict = nil
            refreshRows()
        }
    }

    func cancelLoading(_ host: any ScreenHost) {
        start.cancel(in: host.work)
    }

    /// Whether the form is on screen: its keys do nothing while it loads or after its fetch failed or was cancelled.
    private var isShown: Bool { start.value != nil }

    func perform(_ action: KeyAction, host: any ScreenHost) {
        guard isShown else { return }
        switch action {
        case .editField: editSelected(host: host)
        case .clearField: clearSelected(host: host)
        case .saveRecord: save(host: host)
        case .keepMine: keep(.mine)
        case .keepServer: keep(.server)
        default: break
        }
    }

    func handle(_ key: Key, host: any ScreenHost) -> Bool {
        guard isShown else { return false }
        guard let overlay else { return table.handleOpening(key) { perform(conflict == nil ? .editField : .keepMine, host: host) } }
        handleOverlay(overlay, key: key, host: host)
        return true
    }

    func draw(in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        let loading = editedRecordName.map { "Loading \($0)…" } ?? "Loading the schema…"
        guard start.valueOrDrawState(in: rect, on: &canvas, theme: theme, loading: loading) != nil else { return }
        let (body, footer) = rect.splitBottom(1)
        table.draw(in: body, on: &canvas, theme: theme, focused: overlay == nil)
        canvas.fill(footer, style: theme.style(.text))
        if conflict != nil {
            canvas.write("Changed on the server: m keeps yours, t the server's, per field; S saves.", in: footer, style: theme.style(.warning))
        } else if let field = selectedField {
            canvas.write(RecordFormScreen.hint(for: field), in: footer, style: theme.style(.muted))
        }
        drawOverlay(in: rect, on: &canvas, theme: theme)
    }

    /// The field on the selected line; `nil` on the record name's line.
    var selectedField: Field? {
        guard let draft, let row = table.selectedRow, row > 0, row - 1 < draft.fields.count else { return nil }
        return draft.fields[row - 1]
    }

    /// Shows the draft, or the conflict, in the table, keeping the selection.
    func refreshRows() {
        let selected = table.selectedRow
        if let conflict {
            table = Table(columns: RecordFormRows.conflictColumns, source: RecordFormRows.rows(of: conflict, display: display))
        } else if let draft {
            table = Table(columns: RecordFormRows.columns, source: RecordFormRows.rows(of: draft, display: display))
        }
        if let selected { table.select(row: selected) }
    }

    private static func hint(for field: Field) -> String {
        switch field.type.valueType {
        case .reference?: "Enter picks the record \(field.name) points to"
        case .asset?: "Enter chooses the file to upload for \(field.name)"
        default: "Enter edits \(field.name) (\(field.type))"
        }
    }
}
