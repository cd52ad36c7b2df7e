import CKModel
import Foundation
import TerminalKit

/// What the request log opens from an entry, and where it writes the entries listed.
extension LogsScreen {
    /// Opens where the logged request `entry` looked: a record it names (a picker when it names several), its zone's
    /// changes, or the dashboard acting as its user; says why not when the request names none.
    func openLogged(_ action: KeyAction, of entry: RequestLogEntry, host: any ScreenHost) {
        let next = LoggedRequestSession.session(of: entry, from: session)
        switch action {
        case .openLoggedRecord:
            let names = entry.recordNames ?? []
            if names.count == 1 {
                host.open(.record(recordName: names[0]), session: next)
            } else if names.isEmpty {
                host.report(StatusMessage("Request \(entry.sequence) names no record: only saves, deletes and lookups keep their records' names", kind: .warning))
            } else {
                overlay = .records(Picker(title: "Records of request \(entry.sequence)", choices: names, items: names.map { ListItem($0) }), entry)
            }
        case .openLoggedZone:
            guard let zone = entry.zones.first else {
                return host.report(StatusMessage("Request \(entry.sequence) names no zone", kind: .warning))
            }
            host.open(.zoneChanges(zone: ZoneID(zoneName: zone)), session: next)
        default:
            guard let user = LoggedRequestSession.user(of: entry) else {
                return host.report(StatusMessage("Request \(entry.sequence) was not made by a signed-in user", kind: .warning))
            }
            host.actAs(user)
            host.report(StatusMessage("Acting as \(user.userRecordName), who made request \(entry.sequence): :db private shows their records", kind: .success))
        }
    }

    /// Writes the requests listed to the file at `path`, saying how it went.
    func export(to path: String, host: any ScreenHost) {
        let file = LocalFile.url(for: path)
        let entries = feed.list.visible
        host.work.start({ try LogsExport.write(entries, to: file) }) { [weak host] result in
            switch result {
            case .success(let csv):
                let what = csv ? "CSV" : "JSON lines"
                host?.report(StatusMessage("Exported \(Counting.grouped(entries.count)) requests to \(file.path) as \(what)", kind: .success))
            case .failure(let error): host?.report(StatusMessage("Export failed: \(ErrorMessage.text(for: error))", kind: .error))
            }
        }
    }
}
