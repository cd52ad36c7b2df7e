import CKModel
import CKSchema
import Foundation
import TerminalKit

/// Creating and deleting custom zones from the zones screen.
extension ZonesScreen {
    /// Asks the new zone's name (again, with the reason, after a name that cannot be), then creates the zone.
    func askNewZoneName(host: any ScreenHost, typed: String = "") {
        guard session.database == .private else {
            host.report(StatusMessage("Custom zones exist only in private databases: :db private USER", kind: .warning))
            return
        }
        let owner = session.user.map { "\($0.name)'s" } ?? "the"
        let prompt = Prompt(title: "New zone", message: "Name of the custom zone to create in \(owner) private database:", text: typed)
        question = SchemaQuestion(prompt) { [weak self, weak host] name in
            guard let self, let host else { return }
            let name = name.trimmingCharacters(in: .whitespaces)
            if let problem = problem(withNewName: name) {
                host.report(StatusMessage("Cannot create it: \(problem)", kind: .error))
                askNewZoneName(host: host, typed: name)
                return
            }
            let loader = loader
            host.change("Creating zone \(name)", { try await loader.create(ZoneID(zoneName: name)) }) { [weak self, weak host] _ in
                guard let self, let host else { return }
                host.report(StatusMessage("Created zone \(name): Enter browses it, c watches its changes", kind: .success))
                pendingSelection = name
                load(host)
            }
        }
    }

    /// Counts the selected zone's records, then asks before deleting the zone with them; a zone with records needs
    /// its name typed. The default zone cannot be deleted.
    func confirmDeletion(host: any ScreenHost) {
        guard let zone = list.selected?.zoneID else { return }
        guard !zone.isDefaultZone else {
            host.report(StatusMessage(
                "The default zone cannot be deleted: every database always has one (delete its records instead)", kind: .warning))
            return
        }
        let loader = loader
        host.report(StatusMessage("Counting the records of \(zone.zoneName)…"))
        host.work.start({ try await loader.recordCount(in: zone) }) { [weak host] result in
            guard let host else { return }
            switch result {
            case .failure(let error):
                host.report(StatusMessage("Cannot count the records of \(zone.zoneName): \(ErrorMessage.text(for: error))", kind: .error))
            case .success(let count):
                host.report(StatusMessage(""))
                host.confirm(Self.deletion(of: zone, records: count)) { [weak self, weak host] in
                    guard let self, let host else { return }
                    delete(zone, records: count, host: host)
                }
            }
        }
    }

    /// The question before deleting `zone` and its `records` records.
    static func deletion(of zone: ZoneID, records: Int) -> Confirmation {
        let counted = records == 0 ? "It holds no records." : "Deleting it removes its \(Counting.grouped(records)) record\(records == 1 ? "" : "s")."
        return Confirmation(
            title: "Delete zone \(zone.zoneName)?",
            message: "\(counted) Its change history goes too, and its subscriptions no longer fire. This cannot be undone.",
            typedName: records == 0 ? nil : zone.zoneName)
    }

    private func delete(_ zone: ZoneID, records: Int, host: any ScreenHost) {
        let loader = loader
        host.change("Deleting zone \(zone.zoneName)", { try await loader.delete(zone) }) { [weak self, weak host] _ in
            guard let self, let host else { return }
            host.report(StatusMessage("Deleted zone \(zone.zoneName) and its \(Counting.grouped(records)) record\(records == 1 ? "" : "s")", kind: .success))
            load(host)
        }
    }

    /// Why `name` cannot name a new zone here; `nil` when it can.
    private func problem(withNewName name: String) -> String? {
        if let problem = ObjectName.problem(with: name, kind: "zone") { return problem }
        if zones.value?.contains(where: { $0.zoneID.zoneName == name }) == true { return "there is a zone \(name) already" }
        return nil
    }
}
