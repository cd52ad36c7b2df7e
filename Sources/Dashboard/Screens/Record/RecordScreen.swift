import CKCoreData
import CKModel
import CKSchema
import Foundation
import TerminalKit

/// One record: every field with its type and value, the system fields, and the records that point to it.
/// Enter on a reference (or a record pointing here) opens that record, and Esc comes back; d downloads an
/// asset to a file; y copies the record as JSON; e edits it in the record form; s shares it; D deletes it and goes back; `/`
/// narrows the lines to the fields whose name or value contains the text typed.
final class RecordScreen: Screen {
    private(set) var session: Session
    let recordName: String
    private let loader: RecordLoader
    private let display: FieldValueDisplay
    private let record: Remote<Record>
    private let schema: Remote<(schema: Schema, ckdb: String)>
    /// Whether every type is known, so that the records pointing here can be looked for.
    private let knowsSchema: Bool
    private var backReferences: [BackReference]?
    /// Whether a record Core Data wrote is shown in the model's words (`V` switches); and its many-to-many links.
    private var showsCoreData = true
    private var coreDataLinks: [CoreDataLink]?
    private var lines: [RecordLine] = []
    private var table = Table(columns: RecordLines.columns, source: TableRows([]))
    private var download: Prompt?
    private var downloadTarget: Asset?
    private var filter = ""
    private(set) var hasChangedData = false

    init(session: Session, recordName: String, loader: RecordLoader, schemaLoader: RecordTypesLoader, display: FieldValueDisplay) {
        self.session = session
        self.recordName = recordName
        self.loader = loader
        self.display = display
        let zone = session.zone
        record = Remote { try await loader.record(named: recordName, in: zone) }
        schema = Remote { try await schemaLoader.schema() }
        knowsSchema = schemaLoader.knowsSchema
    }

    var title: String { filter.isEmpty ? "Record \(recordName)" : "Record \(recordName) /\(filter)" }

    /// The screen's own keys, which the hint bar, the help overlay and docs/dashboard.md list.
    static let keys = KeyBindingTable([
        KeyBinding(.open, keys: [.enter], label: "Follow", help: "Open the record the selected reference points to", group: "Record"),
        KeyBinding(.download, keys: [.character("d")], label: "Download", help: "Download the selected asset to a file", group: "Record"),
        KeyBinding(.copy, keys: [.character("y")], label: "Copy JSON", help: "Copy the record as JSON (OSC 52)", group: "Record"),
        KeyBinding(.editRecord, keys: [.character("e")], label: "Edit", help: "Edit the record's fields", group: "Record", isMutation: true),
        KeyBinding(
            .deleteRecords, keys: [.character("D")], label: "Delete", help: "Delete the record, with what its DELETE_SELF references take along",
            group: "Record", isMutation: true),
        KeyBinding(
            .share, keys: [.character("s")], label: "Share", help: "Share the record and the records below it, or show its share (custom zones)",
            group: "Record", isMutation: true),
        KeyBinding(
            .toggleCoreDataView, keys: [.character("V")], label: "View",
            help: "For a record Core Data wrote: switch between the model's words (entity, attributes, relationships) and the raw fields",
            group: "Record", isShownInHints: false),
    ])

    var bindings: KeyBindingTable { Self.keys }

    var statusItems: [String] {
        guard let row = table.selectedRow, !lines.isEmpty else { return [] }
        return ["\(row + 1)/\(lines.count)"]
    }

    var capturesKeys: Bool { download != nil }
    var filterStyle: FilterStyle? { .live }
    var filterText: String { filter }
    var isLoading: Bool { record.isLoading || schema.isLoading }
    var hasFailedToLoad: Bool { record.hasFailed || schema.hasFailed }

    func load(_ host: any ScreenHost) {
        backReferences = nil
        record.load(in: host.work) { [weak self, weak host] loaded in
            guard let self, let host else { return }
            session.recordType = loaded.recordType
            refreshLines()
            if isCoreData(loaded) { loadCoreDataLinks(host) }
        }
        schema.load(in: host.work) { [weak self, weak host] loaded in
            guard let self, let host else { return }
            refreshLines()
            guard knowsSchema else { return }
            let (loader, name, zone) = (loader, recordName, session.zone)
            host.work.start({ try await loader.backReferences(to: name, in: zone, schema: loaded.schema) }) { [weak self, weak host] result in
                switch result {
                case .success(let found): self?.backReferences = found
                case .failure(let error):
                    self?.backReferences = []
                    host?.report(StatusMessage("Could not look for records pointing here: \(ErrorMessage.text(for: error))", kind: .warning))
                }
                self?.refreshLines()
            }
        }
    }

    /// Whether `record` is one Core Data wrote (a `CDMR` link itself is shown raw).
    private func isCoreData(_ record: Record) -> Bool {
        record.recordType.map(MirroredNames.isEntityType) ?? false
    }

    /// Looks for the `CDMR` links naming the record, for its many-to-many relationships.
    private func loadCoreDataLinks(_ host: any ScreenHost) {
        coreDataLinks = nil
        let (loader, name, zone) = (loader, recordName, session.zone)
        host.work.start({ try await loader.coreDataLinks(of: name, in: zone) }) { [weak self, weak host] result in
            switch result {
            case .success(let links): self?.coreDataLinks = links
            case .failure(let error):
                self?.coreDataLinks = []
                host?.report(StatusMessage("Could not read the CDMR links: \(ErrorMessage.text(for: error))", kind: .warning))
            }
            self?.refreshLines()
        }
    }

    func cancelLoading(_ host: any ScreenHost) {
        record.cancel(in: host.work)
        schema.cancel(in: host.work)
    }

    func perform(_ action: KeyAction, host: any ScreenHost) {
        switch (action, selectedLine?.action) {
        case (.open, .open(let name)?):
            var next = session
            next.recordType = nil
            host.open(.record(recordName: name), session: next)
        case (.download, .download(let field, let asset)?):
            downloadTarget = asset
            download = Prompt(title: "Download", message: "Save the asset \(field) (\(Counting.size(Int(asset.size ?? 0)))) to:", text: "\(recordName)-\(field)")
        case (.open, _):
            host.report(StatusMessage("Enter follows a reference (→) or a record pointing here (←): select one", kind: .warning))
        case (.download, _):
            host.report(StatusMessage("Select an asset field to download it", kind: .warning))
        case (.toggleCoreDataView, _):
            guard let value = record.value, isCoreData(value) else {
                return host.report(StatusMessage("This record was not written by Core Data: its fields are shown as they are", kind: .warning))
            }
            showsCoreData.toggle()
            refreshLines()
            table.select(row: 0)
        case (.copy, _):
            if let value = record.value { host.copyToClipboard(RecordFileWriter.jsonLine(value), describing: "record \(recordName) as JSON") }
        case (.share, _):
            host.open(.shares(sharing: recordName), session: session)
        case (.editRecord, _):
            if let type = record.value?.recordType { host.open(.recordForm(recordType: type, recordName: recordName), session: session) }
        case (.deleteRecords, _):
            guard let type = record.value?.recordType, let schema = schema.value?.schema else { return }
            RecordDeletion(names: [recordName], recordType: type, session: session, client: loader.client, schema: schema).start(host: host) { [weak self, weak host] in
                guard let self, let host else { return }
                hasChangedData = true
                if !host.close(self) { load(host) }
            }
        default:
            break
        }
    }

    func applyFilter(_ text: String, host: any ScreenHost) {
        filter = text
        refreshLines()
        table.select(row: 0)
    }

    func handle(_ key: Key, host: any ScreenHost) -> Bool {
        guard var prompt = download else { return table.handleOpening(key) { perform(.open, host: host) } }
        switch prompt.handle(key) {
        case .consumed: download = prompt
        case .cancelled: download = nil
        case .answered(let path):
            download = nil
            if let asset = downloadTarget { startDownload(asset, to: path, host: host) }
        }
        return true
    }

    func draw(in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        guard record.valueOrDrawState(in: rect, on: &canvas, theme: theme, loading: "Loading \(recordName)…") != nil else { return }
        table.draw(in: rect, on: &canvas, theme: theme, focused: download == nil)
        download?.draw(in: rect, on: &canvas, theme: theme)
    }

    private var selectedLine: RecordLine? {
        table.selectedRow.flatMap { lines.indices.contains($0) ? lines[$0] : nil }
    }

    private func refreshLines() {
        guard let value = record.value else { return }
        let type = value.recordType.flatMap { schema.value?.schema.recordType(named: $0) }
        let all = showsCoreData && isCoreData(value)
            ? CoreDataRecordLines.lines(of: value, recordType: type, links: coreDataLinks, display: display)
            : RecordLines.lines(of: value, recordType: type, backReferences: knowsSchema ? .looked(backReferences) : .needSchema, display: display)
        lines = all.filter { line in
            filter.isEmpty || line.name.localizedCaseInsensitiveContains(filter) || line.value.localizedCaseInsensitiveContains(filter)
        }
        table.source = RecordLines.rows(lines)
        table.emptyMessage = "No field or value contains \(filter)"
    }

    private func startDownload(_ asset: Asset, to path: String, host: any ScreenHost) {
        let file = LocalFile.url(for: path)
        let loader = loader
        host.report(StatusMessage("Downloading to \(file.path)…"))
        host.work.start({ try await loader.download(asset, to: file) }) { [weak host] result in
            switch result {
            case .success(let bytes): host?.report(StatusMessage("Saved \(Counting.size(bytes)) to \(file.path)", kind: .success))
            case .failure(let error): host?.report(StatusMessage("Download failed: \(ErrorMessage.text(for: error))", kind: .error))
            }
        }
    }
}
