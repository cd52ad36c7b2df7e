import CKModel
import CKSchema
import Foundation
import TerminalKit

/// The query builder's pickers, editors and panels: what Enter opens on each part of a row, and what comes
/// of what is chosen in them.
extension QueryBuilderScreen {
    /// Enter: edits the selected part of the row, adds a row on an "add" row, runs on Run.
    func edit(host: any ScreenHost) {
        switch row {
        case .filter(let index):
            switch part {
            case 0: openFieldPicker(.filter(index), host: host)
            case 1: openComparatorPicker(filter: index, host: host)
            default: openValueEditor(filter: index)
            }
        case .addFilter:
            openFieldPicker(.newFilter, host: host)
        case .sort(let index):
            if part == 0 { openFieldPicker(.sort(index), host: host) } else { draft.sorts[index].ascending.toggle() }
        case .addSort:
            openFieldPicker(.newSort, host: host)
        case .fields:
            openFieldsChecklist(host: host)
        case .limit:
            overlay = .limit(Prompt(
                title: "Limit", message: "At most this many records (empty: every match):", text: draft.resultsLimit.map(String.init) ?? ""))
        case .run:
            run(host: host)
        }
    }

    /// Lists the fields a filter (or a sort key) can name, with their types and indexes.
    func openFieldPicker(_ target: FieldTarget, host: any ScreenHost) {
        guard let fields = queryFields(host: host) else { return }
        let entries = target.isSort ? fields.sortable : fields.filterable
        let current: QueryField? = switch target {
        case .filter(let index): draft.filters[index].field
        case .sort(let index): draft.sorts[index].field
        case .newFilter, .newSort: nil
        }
        overlay = .field(
            Picker(
                title: target.isSort ? "Sort by" : "Filter on", choices: entries, items: entries.map { ListItem($0.field.wireName, detail: $0.detail) },
                selected: entries.firstIndex { $0.field == current } ?? 0),
            target: target)
    }

    /// Lists the comparators valid for the filter's field, each with the index it needs and whether it exists.
    func openComparatorPicker(filter index: Int, host: any ScreenHost) {
        guard let fields = queryFields(host: host), let recordType else { return }
        let row = draft.filters[index]
        guard let type = fields.type(of: row.field) else {
            host.report(StatusMessage("\(draft.recordType) has no field \(row.field.wireName) in \(session.environment.rawValue): choose another field", kind: .error))
            return
        }
        let comparators = QueryComparators.valid(for: type)
        let items = comparators.map { comparator in
            let requirement = QueryIndexes.Requirement(row.field, QueryIndexes.index(for: comparator))
            let name = FilterExpression.symbol(for: comparator)
            let detail = requirement.isMet(by: recordType) ? "\(requirement.index.rawValue) ✓" : "needs \(requirement.index.rawValue)"
            return ListItem(name == comparator.rawValue ? name : "\(name)  \(comparator.rawValue)", detail: detail)
        }
        overlay = .comparator(
            Picker(title: "Compare \(row.field.wireName) (\(type))", choices: comparators, items: items, selected: comparators.firstIndex(of: row.comparator) ?? 0),
            filter: index)
    }

    /// Opens the editor that fits the value the filter's comparator compares with.
    func openValueEditor(filter index: Int) {
        let row = draft.filters[index]
        let type = recordType.map(QueryFields.init)?.type(of: row.field)
        overlay = .value(
            ValueEditor(fieldName: row.field.wireName, type: type, comparator: row.comparator, value: row.value, distance: row.distance, timeZone: display.timeZone),
            filter: index)
    }

    /// Ticks the fields the query returns; none ticked returns them all.
    func openFieldsChecklist(host: any ScreenHost) {
        guard queryFields(host: host) != nil, let recordType else { return }
        let names = recordType.fields.filter { !$0.isSystemField }.map(\.name)
        overlay = .fields(Checklist(title: "Fields to return (none ticked: all)", available: names, ticked: draft.desiredKeys ?? [], name: { $0 }))
    }

    /// Asks for the name to save the query under, once it is complete.
    func openSavePrompt(host: any ScreenHost) {
        guard savedQueriesFile(host: host) != nil else { return }
        do {
            _ = try draft.query()
        } catch {
            host.report(StatusMessage("Cannot save: \(error)", kind: .error))
            return
        }
        overlay = .save(Prompt(title: "Save query", message: "Save this query of \(draft.recordType) as:", text: draft.name ?? ""))
    }

    /// Lists the container's saved queries, or says why there are none.
    func openSavedQueries(host: any ScreenHost) {
        guard let file = savedQueriesFile(host: host) else { return }
        do {
            let queries = try file.load()
            guard !queries.isEmpty else {
                host.report(StatusMessage("No saved queries for \(session.container?.rawValue ?? "this container") yet: S saves one in \(file.url.path)"))
                return
            }
            let items = queries.map { saved in
                let filters = saved.query.filterBy?.count ?? 0
                return ListItem(saved.name, detail: "\(saved.query.recordType) · \(filters) filter\(filters == 1 ? "" : "s")")
            }
            overlay = .load(Picker(title: "Load a query", choices: queries, items: items, selected: queries.firstIndex { $0.name == draft.name } ?? 0))
        } catch {
            host.report(StatusMessage(error.description, kind: .error))
        }
    }

    /// Shows the query as its JSON request or as a command line.
    func openTextPanel(json: Bool, host: any ScreenHost) {
        guard let paging = completePaging(host: host) else { return }
        overlay = .text(json
            ? QueryTextPanel(
                title: "JSON request: \(QueryRequestJSON.endpoint(for: session))", text: QueryRequestJSON.text(for: paging), description: "the JSON request",
                wraps: false)
            : QueryTextPanel(title: "Command line", text: QueryCommandLine.command(for: paging, session: session), description: "the command", wraps: true))
    }

    /// Copies the command line.
    func copyCommand(host: any ScreenHost) {
        guard let paging = completePaging(host: host) else { return }
        host.copyToClipboard(QueryCommandLine.command(for: paging, session: session), describing: "the command")
    }

    /// Passes `key` to the open overlay and acts on what it chose.
    func handleOverlay(_ current: Overlay, key: Key, host: any ScreenHost) {
        switch current {
        case .field(var picker, let target):
            switch picker.handle(key) {
            case .consumed: overlay = .field(picker, target: target)
            case .cancelled: overlay = nil
            case .chose(let entry):
                overlay = nil
                choose(entry, for: target, host: host)
            }
        case .comparator(var picker, let index):
            switch picker.handle(key) {
            case .consumed: overlay = .comparator(picker, filter: index)
            case .cancelled: overlay = nil
            case .chose(let comparator):
                overlay = nil
                let type = recordType.map(QueryFields.init)?.type(of: draft.filters[index].field)
                draft.setComparator(comparator, type: type, ofFilter: index)
                if draft.filters[index].value == nil { openValueEditor(filter: index) }
                selectedPart = 2
            }
        case .value(var editor, let index):
            switch editor.handle(key) {
            case .consumed: overlay = .value(editor, filter: index)
            case .cancelled: overlay = nil
            case .applied(let value, let distance):
                overlay = nil
                draft.filters[index].value = value
                draft.filters[index].distance = distance
            }
        case .fields(var checklist):
            switch checklist.handle(key) {
            case .consumed: overlay = .fields(checklist)
            case .cancelled: overlay = nil
            case .applied(let names):
                overlay = nil
                draft.desiredKeys = names.isEmpty ? nil : names
            }
        case .limit(var prompt):
            switch prompt.handle(key) {
            case .consumed: overlay = .limit(prompt)
            case .cancelled: overlay = nil
            case .answered(let text):
                applyLimit(text, prompt: prompt, host: host)
            }
        case .save(var prompt):
            switch prompt.handle(key) {
            case .consumed: overlay = .save(prompt)
            case .cancelled: overlay = nil
            case .answered(let name):
                save(as: name, prompt: prompt, host: host)
            }
        case .load(var picker):
            switch picker.handle(key) {
            case .consumed: overlay = .load(picker)
            case .cancelled: overlay = nil
            case .chose(let saved):
                overlay = nil
                apply(saved)
                host.report(StatusMessage("Loaded the query \(saved.name) of \(saved.query.recordType)", kind: .success))
            }
        case .text(var panel):
            switch panel.handle(key) {
            case .consumed: overlay = .text(panel)
            case .closed: overlay = nil
            case .copy:
                overlay = .text(panel)
                host.copyToClipboard(panel.text, describing: panel.description)
            }
        }
    }

    /// Puts the field chosen in the picker in its row; a new filter then asks for its value.
    private func choose(_ entry: QueryFields.Entry, for target: FieldTarget, host: any ScreenHost) {
        switch target {
        case .newFilter:
            let comparator = QueryComparators.valid(for: entry.type).first ?? .equals
            draft.filters.append(QueryDraft.FilterRow(field: entry.field, comparator: comparator))
            select(.filter(draft.filters.count - 1), part: 2)
            openValueEditor(filter: draft.filters.count - 1)
        case .filter(let index):
            draft.setField(entry.field, type: entry.type, ofFilter: index)
        case .newSort:
            draft.sorts.append(CKModel.SortDescriptor(entry.field))
            select(.sort(draft.sorts.count - 1), part: 1)
        case .sort(let index):
            draft.sorts[index].field = entry.field
        }
    }

    /// Sets the limit typed, or keeps the prompt open and says what a limit is.
    private func applyLimit(_ text: String, prompt: Prompt, host: any ScreenHost) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty {
            draft.resultsLimit = nil
        } else if let limit = Int(trimmed), limit > 0 {
            draft.resultsLimit = limit
        } else {
            host.report(StatusMessage("\(trimmed) is not a limit: write a whole number above 0, or nothing for every match", kind: .error))
            overlay = .limit(prompt)
            return
        }
        overlay = nil
    }

    /// Writes the query to the container's file under `name`, or keeps the prompt open and says why not.
    private func save(as name: String, prompt: Prompt, host: any ScreenHost) {
        let name = name.trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else {
            host.report(StatusMessage("Give the query a name", kind: .warning))
            overlay = .save(prompt)
            return
        }
        guard let file = savedQueriesFile(host: host), let query = try? draft.query() else { return }
        overlay = nil
        do {
            let replaced = try file.save(SavedQuery(name: name, query: query, desiredKeys: draft.desiredKeys, resultsLimit: draft.resultsLimit))
            draft.name = name
            host.report(StatusMessage("\(replaced ? "Replaced" : "Saved") the query \(name) in \(file.url.path)", kind: .success))
        } catch {
            host.report(StatusMessage(error.description, kind: .error))
        }
    }

    /// The file of the container's saved queries, or `nil` with the reason reported.
    private func savedQueriesFile(host: any ScreenHost) -> SavedQueriesFile? {
        guard let folder = host.savedQueriesFolder, let container = session.container else {
            host.report(StatusMessage("Saved queries need a config folder: set XDG_CONFIG_HOME or HOME", kind: .warning))
            return nil
        }
        return SavedQueriesFile(folder: folder, container: container)
    }

    /// The query as it runs, or `nil` with what is missing reported.
    private func completePaging(host: any ScreenHost) -> QueryPaging? {
        do {
            return try draft.paging(in: session.zone)
        } catch {
            host.report(StatusMessage(error.description, kind: .error))
            return nil
        }
    }
}
