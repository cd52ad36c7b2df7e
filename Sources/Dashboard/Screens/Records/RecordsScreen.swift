import CKModel
import CKSchema
import Foundation
import TerminalKit

/// The records of one type in a table whose columns come from the schema, filled a page at a time as the
/// selection nears the end of what was fetched, never all at once (G fetches page after page to the result's last
/// record, keeping only a few in memory); `/` filters with a quick query, Enter
/// opens a record, Q opens the query builder on the query shown; a query the server refuses for a missing index
/// offers I, which adds that index in development and runs the query again. A query from the builder may return only
/// some fields (the columns shown) and stop after a number of records.
final class RecordsScreen: Screen {
    /// A picker or dialog open over the table.
    enum Overlay {
        case columns(Checklist<RecordColumns.Column>)
        case sort(Picker<CKModel.SortDescriptor?>)
        case copy(Picker<String>)
        case export(Prompt, includesEncrypted: Bool)
        case setFieldPicker(Picker<Field>)
        case setFieldValue(field: Field, editor: ValueEditor)
        case importPath(Prompt)
        case importPreview(ImportPreviewDialog)
    }

    let session: Session
    let recordTypeName: String
    var query: Query
    /// At most this many records in all; every match when `nil`.
    let resultsLimit: Int?
    /// Whether only the shown fields are fetched (a query that names its fields), rather than all of them.
    private let returnsShownFieldsOnly: Bool
    /// The fields to show first, from the query that opened the screen.
    private let initialFields: [String]?
    let loader: RecordsLoader
    let display: FieldValueDisplay
    let schema: Remote<(schema: Schema, ckdb: String)>
    let editor: SchemaEditor
    private let statistics: Remote<[String: ManagementStatistics.RecordType]>
    var columns: RecordColumns?
    private var source: RecordRowsSource
    var table: Table
    private var fetch: BackgroundWork.Job?
    /// Counts the restarts, so that a page fetched for the query before a restart is not stored as one of the new.
    private var generation = 0
    private var fetchError: String?
    /// Whether G asked for the last record: pages are fetched one after the other until the last one has come.
    private var goesToEnd = false
    /// The index the server refused the query for, which I adds.
    private var missingIndex: MissingIndex?
    private var filter = ""
    /// A filter applied while the schema was still loading, applied once it has.
    private var pendingFilter: String?
    /// A quick filter refused for the index `missingIndex` names, applied once I has added it.
    private var filterAwaitingIndex: String?
    var overlay: Overlay?
    /// The records marked for a bulk action, by name.
    var marked: [String: Record] = [:] {
        didSet { source.marked = Set(marked.keys) }
    }
    /// The import running in the background, whose progress the status line shows.
    var importProgress: ImportProgress?

    /// The page size of the fetches.
    static let pageSize = QueryPaging.pageSize

    /// The records of `recordType` that `query` finds (all of them when `nil`), with the fields `desiredKeys`
    /// names (all when `nil`), `resultsLimit` at most.
    init(
        session: Session, recordType: String, query: Query?, desiredKeys: [String]? = nil, resultsLimit: Int? = nil, loader: RecordsLoader,
        schemaLoader: RecordTypesLoader, display: FieldValueDisplay
    ) {
        self.session = session
        recordTypeName = recordType
        self.query = query ?? Query(recordType: recordType)
        self.resultsLimit = resultsLimit
        returnsShownFieldsOnly = desiredKeys != nil
        initialFields = desiredKeys
        self.loader = loader
        self.display = display
        let zone = session.zone
        schema = Remote { try await schemaLoader.schema(describing: recordType, in: zone) }
        statistics = Remote { try await schemaLoader.statistics() }
        editor = SchemaEditor(client: schemaLoader.client)
        source = RecordRowsSource(cache: RecordPageCache(pageSize: Self.pageSize), columns: [], display: display)
        table = Table(columns: [], source: source)
    }

    var title: String {
        var title = "Records of " + (columns?.showsModelNames == true ? RecordTypeRows.displayName(of: recordTypeName) : recordTypeName)
        if let total = source.rowCount.total { title += " [\(Counting.grouped(total))]" }
        if !filter.isEmpty {
            title += " /\(filter)"
        } else if let filters = query.filterBy, !filters.isEmpty {
            title += " where " + filters.map(FilterExpression.format).joined(separator: " and ")
        }
        if !marked.isEmpty { title += " · \(Counting.grouped(marked.count)) marked" }
        return title
    }

    /// The screen's own keys, which the hint bar, the help overlay and docs/dashboard.md list.
    static let keys = KeyBindingTable([
        KeyBinding(.open, keys: [.enter], label: "Open", help: "Open the selected record", group: "Records"),
        KeyBinding(.newRecord, keys: [.character("n")], label: "New", help: "Create a record of this type in a form built from the schema", group: "Records", isMutation: true),
        KeyBinding(.editRecord, keys: [.character("e")], label: "Edit", help: "Edit the selected record's fields", group: "Records", isMutation: true),
        KeyBinding(.markRecord, keys: [.character(" ")], label: "Mark", help: "Mark or unmark the selected record for a bulk action", group: "Records"),
        KeyBinding(
            .deleteRecords, keys: [.character("d")], label: "Delete",
            help: "Delete the marked records (or the selected one), with what their DELETE_SELF references take along", group: "Records", isMutation: true),
        KeyBinding(.setField, keys: [.character("=")], label: "Set field", help: "Set one field of every marked record", group: "Records", isMutation: true),
        KeyBinding(.importRecords, keys: [.character("i")], label: "Import", help: "Import a JSON lines or CSV file into this type, after a preview", group: "Records", isMutation: true),
        KeyBinding(.undo, keys: [.character("u")], label: "Undo", help: "Revert the last bulk delete or import of this session", group: "Records", isMutation: true),
        KeyBinding(.chooseColumns, keys: [.character("c")], label: "Columns", help: "Choose, hide and order the columns", group: "Records"),
        KeyBinding(.sort, keys: [.character("s")], label: "Sort", help: "Sort by a sortable field", group: "Records"),
        KeyBinding(.copy, keys: [.character("y")], label: "Copy", help: "Copy the selected cell, row or record as JSON (OSC 52)", group: "Records"),
        KeyBinding(.export, keys: [.character("x")], label: "Export", help: "Export the marked records, or every record of this result, to a JSON lines or CSV file (by its name)", group: "Records"),
        KeyBinding(
            .exportWithEncrypted, keys: [.character("X")], label: "Export all",
            help: "Export as x does, the encrypted fields included (written in the clear)", group: "Records", isShownInHints: false),
        KeyBinding(.queryBuilder, keys: [.character("Q")], label: "Query", help: "Open the query builder on this query", group: "Records", isShownInHints: false),
        KeyBinding(
            .toggleCoreDataView, keys: [.character("V")], label: "View",
            help: "For a type Core Data wrote: switch the columns between the model's attribute names and the raw CD_ fields", group: "Records",
            isShownInHints: false),
        MissingIndex.binding(group: "Records"),
    ])

    var bindings: KeyBindingTable { Self.keys }

    var statusItems: [String] {
        var items: [String] = []
        if let importProgress { items.append(importProgress.text) }
        if goesToEnd { items.append("going to the end (Esc stops)") } else if fetch != nil { items.append("fetching…") }
        if let row = table.selectedRow {
            let count = source.rowCount
            items.append("\(Counting.grouped(row + 1))/\(Counting.grouped(count.total ?? count.loaded))\(count.total == nil ? "+" : "")")
        }
        return items
    }

    var filterStyle: FilterStyle? { .query(placeholder: "name BEGINS_WITH Pic and rsvpCount > 10, or a word") }
    var filterText: String { filter }
    var capturesKeys: Bool { overlay != nil }
    var isLoading: Bool { schema.isLoading || fetch != nil }
    /// The next pages fetched in the background do not hold changes up; the schema and the first page do, except
    /// for undo and a new record, which need nothing of this screen's.
    func isLoading(for action: KeyAction) -> Bool {
        switch action {
        case .undo, .newRecord: false
        default: schema.isLoading || (schema.value != nil && columns != nil && !hasFailedToLoad && source.rowCount.loaded == 0 && !source.cache.isComplete)
        }
    }

    var hasFailedToLoad: Bool { schema.hasFailed || (fetchError != nil && source.rowCount.loaded == 0) }

    func load(_ host: any ScreenHost) {
        fetchError = nil
        schema.load(in: host.work) { [weak self, weak host] loaded in
            guard let self else { return }
            guard let type = loaded.schema.recordType(named: recordTypeName) else {
                fetchError = "\(recordTypeName) is not a record type of \(session.environment.rawValue)."
                (pendingFilter, filter) = (nil, "")
                return
            }
            if columns == nil { columns = RecordColumns(recordType: type, shownFields: initialFields) }
            if let pending = pendingFilter, let host {
                pendingFilter = nil
                filter = ""
                applyFilter(pending, host: host)
                guard filter.isEmpty else { return }  // applied, and applying restarted the rows
            }
            restart()
        }
        statistics.load(in: host.work) { [weak self] _ in self?.updateExpectedTotal() }
    }

    func cancelLoading(_ host: any ScreenHost) {
        schema.cancel(in: host.work)
        statistics.cancel(in: host.work)
        if let fetch {
            host.work.cancel(fetch)
            self.fetch = nil
            // Esc while G fetches its way to the end stops only that: the rows fetched so far stay browsable.
            if !goesToEnd { fetchError = "Cancelled: the records stop here." }
        }
        goesToEnd = false
    }

    func perform(_ action: KeyAction, host: any ScreenHost) {
        switch action {
        case .open:
            guard let record = selectedRecord, let name = record.recordName else { return }
            host.open(.record(recordName: name), session: session)
        case .chooseColumns:
            if let columns { overlay = .columns(Checklist(title: "Columns", available: columns.available, ticked: columns.shown, name: { columns.title(of: $0) })) }
        case .toggleCoreDataView:
            guard var columns, columns.isCoreData else {
                return host.report(StatusMessage("\(recordTypeName) was not written by Core Data: its fields have no other names", kind: .warning))
            }
            columns.showsModelNames.toggle()
            self.columns = columns
            let sample = (0..<min(source.rowCount.loaded, Self.pageSize)).compactMap { source.cache.record(at: $0) }
            table.columns = columns.tableColumns(sample: sample, display: display)
        case .sort:
            openSortPicker(host: host)
        case .copy:
            openCopyPicker()
        case .export, .exportWithEncrypted:
            let includesEncrypted = action == .exportWithEncrypted
            let what = marked.isEmpty ? "every record of this result" : "the \(Counting.counted(marked.count, "marked record"))"
            let encrypted = schema.value?.schema.recordType(named: recordTypeName)?.fields.filter(\.type.primitive.isEncrypted).map(\.name) ?? []
            let note = switch (encrypted.isEmpty, includesEncrypted) {
            case (true, _): ""
            case (false, false): " (encrypted fields are left out: \(encrypted.joined(separator: ", ")); X includes them)"
            case (false, true): " with the encrypted fields \(encrypted.joined(separator: ", ")) in the clear"
            }
            overlay = .export(
                Prompt(title: "Export", message: "Write \(what)\(note) to (a .csv name writes CSV, any other JSON lines):", text: "\(recordTypeName).jsonl"),
                includesEncrypted: includesEncrypted)
        case .queryBuilder:
            let draft = QueryDraft(recordType: recordTypeName, query: query, desiredKeys: paging.desiredKeys, resultsLimit: resultsLimit)
            host.open(.queryBuilder(recordType: recordTypeName, draft: draft), session: session)
        case .addMissingIndex:
            guard let missingIndex else {
                host.report(StatusMessage("No index is missing: the server did not refuse this query for one"))
                return
            }
            missingIndex.add(with: editor, host: host) { [weak self, weak host] in
                guard let self, let host else { return }
                if let text = filterAwaitingIndex {
                    (pendingFilter, filterAwaitingIndex) = (text, nil)
                }
                load(host)
            }
        default:
            performChange(action, host: host)
        }
    }

    func refusal(of binding: KeyBinding) -> String? {
        SchemaEditor.refusal(of: binding, in: session.environment)
    }

    func handle(_ key: Key, host: any ScreenHost) -> Bool {
        guard let overlay else {
            goesToEnd = KeyBindingTable.navigation.action(for: key) == .bottom && !source.cache.isComplete
            return table.handleOpening(key) { perform(.open, host: host) }
        }
        handleOverlay(overlay, key: key, host: host)
        return true
    }

    func applyFilter(_ text: String, host: any ScreenHost) {
        guard let type = schema.value?.schema.recordType(named: recordTypeName) else {
            pendingFilter = text
            filter = text
            host.report(StatusMessage("The filter applies once the schema has loaded"))
            return
        }
        do {
            query.filterBy = try QuickQuery.filters(text, recordType: type).nilIfEmpty
            filter = text
            restart()
            updateExpectedTotal()
        } catch let error as MissingIndexError {
            (missingIndex, filterAwaitingIndex) = (error.missing, text)
            let remedy = session.environment == .production ? MissingIndex.remedy(in: .production) : "I adds it in development and applies the filter"
            host.report(StatusMessage("\(error.description): \(remedy)", kind: .error))
        } catch {
            (missingIndex, filterAwaitingIndex) = (nil, nil)
            host.report(StatusMessage(String(describing: error), kind: .error))
        }
    }

    func draw(in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        guard schema.valueOrDrawState(in: rect, on: &canvas, theme: theme, loading: "Loading the schema…") != nil else { return }
        let remedy = missingIndex.map { "The query needs \($0) in \(session.environment.rawValue): \(MissingIndex.remedy(in: session.environment))" }
        let body = fetchError.map { FetchErrorFooter(message: $0, remedy: remedy) }.draw(in: rect, on: &canvas, theme: theme)
        table.emptyMessage = emptyMessage
        table.draw(in: body, on: &canvas, theme: theme, focused: overlay == nil)
        switch overlay {
        case .columns(var chooser)?:
            chooser.draw(in: rect, on: &canvas, theme: theme)
            overlay = .columns(chooser)
        case .sort(var picker)?:
            picker.draw(in: rect, on: &canvas, theme: theme)
            overlay = .sort(picker)
        case .copy(var picker)?:
            picker.draw(in: rect, on: &canvas, theme: theme)
            overlay = .copy(picker)
        case .export(var prompt, let includesEncrypted)?:
            prompt.draw(in: rect, on: &canvas, theme: theme)
            overlay = .export(prompt, includesEncrypted: includesEncrypted)
        case .setFieldPicker(var picker)?:
            picker.draw(in: rect, on: &canvas, theme: theme)
            overlay = .setFieldPicker(picker)
        case .setFieldValue(let field, var editor)?:
            editor.draw(in: rect, on: &canvas, theme: theme)
            overlay = .setFieldValue(field: field, editor: editor)
        case .importPath(var prompt)?:
            prompt.draw(in: rect, on: &canvas, theme: theme)
            overlay = .importPath(prompt)
        case .importPreview(let dialog)?:
            dialog.draw(in: rect, on: &canvas, theme: theme)
        case nil:
            break
        }
    }

    /// Fetches the next page the rows on screen (and a screenful beyond) need, unless a fetch is under way.
    func didDraw(_ host: any ScreenHost) {
        guard fetch == nil, fetchError == nil, columns != nil else { return }
        let loaded = source.rowCount.loaded
        let wanted = goesToEnd ? loaded..<(loaded + 1) : table.visibleRows.lowerBound..<(table.visibleRows.upperBound + table.pageHeight + 1)
        guard let next = source.cache.nextFetch(for: wanted) else { return }
        let (loader, paging, offset, generation) = (loader, paging, next.page * Self.pageSize, generation)
        guard let request = paging.request(from: offset, marker: next.marker) else { return }
        fetch = host.work.start({ try await loader.page(request) }) { [weak self, weak host] result in
            guard let self else { return }
            fetch = nil
            guard generation == self.generation else { return }
            switch result {
            case .success(let page):
                let marker = paging.marker(after: offset, count: page.records.count, answered: page.continuationMarker)
                source.cache.store(page: next.page, records: page.records, continuationMarker: marker)
                if next.page == 0, let columns { table.columns = columns.tableColumns(sample: page.records, display: display) }
                if goesToEnd {
                    table.select(row: source.rowCount.loaded - 1)
                    goesToEnd = !source.cache.isComplete
                }
                if page.failed > 0 { host?.report(StatusMessage("\(page.failed) records of this page could not be read", kind: .warning)) }
            case .failure(let error):
                goesToEnd = false
                fetchError = ErrorMessage.text(for: error)
                missingIndex = MissingIndex(refusing: paging.query, error: error)
            }
        }
    }

    /// How many pages of records are held in memory: never more than the page cache's capacity.
    var pagesInMemory: Int { source.cache.pages.count }

    /// The query as it is fetched: the shown fields only when the query names its fields, up to its limit.
    var paging: QueryPaging {
        QueryPaging(
            query: query, zone: session.zone, desiredKeys: returnsShownFieldsOnly ? columns?.shownFieldNames ?? initialFields : nil,
            resultsLimit: resultsLimit)
    }

    /// What the table says while it has no rows: that they are on their way until the first page comes (or
    /// fails: the error is below), then that the query matched none.
    private var emptyMessage: String {
        if !source.cache.isComplete { return fetchError == nil ? "Loading \(recordTypeName) records…" : "No records loaded" }
        return filter.isEmpty ? "No \(recordTypeName) records" : "No records match \(filter)"
    }

    /// The selected record, when its page is in memory.
    var selectedRecord: Record? {
        table.selectedRow.flatMap { source.cache.record(at: $0) }
    }

    /// Starts the query again from its first page with the current columns.
    func restart() {
        guard let columns else { return }
        generation += 1
        goesToEnd = false
        source = RecordRowsSource(cache: RecordPageCache(pageSize: Self.pageSize), columns: columns.shown, display: display)
        source.marked = Set(marked.keys)
        table = Table(columns: columns.tableColumns(), source: source, sort: sortIndicator(columns.shown))
        fetchError = nil
        (missingIndex, filterAwaitingIndex) = (nil, nil)
        updateExpectedTotal()
    }

    /// The type's record count for a query without filters (it finds them all), capped by the limit.
    private func updateExpectedTotal() {
        let total = (query.filterBy ?? []).isEmpty ? statistics.value?[recordTypeName]?.records : nil
        source.expectedTotal = total.map { min($0, resultsLimit ?? $0) }
    }

    private func sortIndicator(_ shown: [RecordColumns.Column]) -> TableSort? {
        guard let sort = query.sortBy?.first else { return nil }
        let column: RecordColumns.Column = switch sort.field {
        case .field(let name): .field(name)
        case .system(let system) where system.schemaFieldName == SystemField.createTime.rawValue: .created
        case .system(let system) where system.schemaFieldName == SystemField.modTime.rawValue: .modified
        case .system: .changeTag
        }
        return shown.firstIndex(of: column).map { TableSort(column: $0 + 1, ascending: sort.ascending) }
    }
}

extension Array {
    /// `nil` for an empty array, which a query leaves out of its JSON.
    var nilIfEmpty: [Element]? { isEmpty ? nil : self }
}
