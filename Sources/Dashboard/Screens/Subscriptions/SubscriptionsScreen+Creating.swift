import CKModel
import Foundation
import TerminalKit

/// Creating and deleting subscriptions from the subscriptions screen: the questions asked, one at a time.
extension SubscriptionsScreen {
    /// Asks which changes a query subscription on `query` fires on, then its options and ID.
    func askFiresOn(_ query: Query, host: any ScreenHost) {
        let all = Subscription.FiresOn.allCases
        let checklist = Checklist(title: "Notify when a matching \(query.recordType) record is", available: all, ticked: all) { $0.rawValue + "d" }
        question = SchemaQuestion(checklist) { [weak self, weak host] firesOn in
            guard let self, let host else { return }
            guard !firesOn.isEmpty else {
                host.report(StatusMessage("Tick at least one of create, update and delete", kind: .error))
                askFiresOn(query, host: host)
                return
            }
            let subscription = Subscription(
                subscriptionType: .query, zoneID: session.zone, query: Query(recordType: query.recordType, filterBy: query.filterBy), firesOn: firesOn)
            askOptions(for: subscription, suggestedID: ([query.recordType] + firesOn.map(\.rawValue)).joined(separator: "-"), host: host)
        }
    }

    /// Fetches the zones and asks which one a zone subscription watches, then its options and ID.
    func askZone(host: any ScreenHost) {
        let loader = loader
        host.report(StatusMessage("Fetching the zones…"))
        host.work.start({ try await loader.zones() }) { [weak self, weak host] result in
            guard let self, let host else { return }
            switch result {
            case .failure(let error):
                host.report(StatusMessage("Cannot list the zones: \(ErrorMessage.text(for: error))", kind: .error))
            case .success(let zones):
                host.report(StatusMessage(""))
                let items = zones.map { ListItem($0.zoneID.zoneName, detail: $0.zoneID.isDefaultZone ? "default zone" : "custom zone") }
                question = SchemaQuestion(Picker(title: "Notify of every change in the zone", choices: zones.map(\.zoneID), items: items)) { [weak self, weak host] zone in
                    guard let self, let host else { return }
                    askOptions(for: Subscription(subscriptionType: .zone, zoneID: zone), suggestedID: "\(zone.zoneName)-changes", host: host)
                }
            }
        }
    }

    /// Asks how `subscription`'s notifications behave, then its ID.
    private func askOptions(for subscription: Subscription, suggestedID: String, host: any ScreenHost) {
        let checklist = Checklist(title: "Notifications", available: SubscriptionOption.allCases, ticked: [.contentAvailable], name: \.label)
        question = SchemaQuestion(checklist) { [weak self, weak host] options in
            guard let self, let host else { return }
            var subscription = subscription
            subscription.notificationInfo = SubscriptionOption.notificationInfo(options)
            askID(for: subscription, typed: suggestedID, host: host)
        }
    }

    /// Asks `subscription`'s ID (again, with the reason, after one that is taken), then creates it.
    private func askID(for subscription: Subscription, typed: String, host: any ScreenHost) {
        let prompt = Prompt(title: "New \(subscription.subscriptionType.rawValue) subscription", message: "Its ID (empty: the server names it):", text: typed)
        question = SchemaQuestion(prompt) { [weak self, weak host] id in
            guard let self, let host else { return }
            let id = id.trimmingCharacters(in: .whitespaces)
            if subscriptions.value?.contains(where: { $0.subscriptionID == id }) == true {
                host.report(StatusMessage("Cannot create it: there is a subscription \(id) already, which creating would replace", kind: .error))
                askID(for: subscription, typed: id, host: host)
                return
            }
            var subscription = subscription
            subscription.subscriptionID = id.isEmpty ? nil : id
            create(subscription, host: host)
        }
    }

    private func create(_ subscription: Subscription, host: any ScreenHost) {
        let loader = loader
        let kind = subscription.subscriptionType.rawValue
        host.change("Creating a \(kind) subscription on \(SubscriptionRows.watched(by: subscription))", { try await loader.create(subscription) }) {
            [weak self, weak host] created in
            guard let self, let host else { return }
            let id = created.subscriptionID ?? "—"
            host.report(StatusMessage("Created the \(kind) subscription \(id): w watches its notifications arrive", kind: .success))
            pendingSelection = created.subscriptionID
            load(host)
        }
    }

    /// Asks before deleting the selected subscription, saying what it watches.
    func confirmDeletion(host: any ScreenHost) {
        guard let subscription = list.selected, let id = subscription.subscriptionID else { return }
        let watched = SubscriptionRows.watched(by: subscription)
        let confirmation = Confirmation(
            title: "Delete subscription \(id)?",
            message: "Deletes the \(subscription.subscriptionType.rawValue) subscription \(id) on \(watched) (fires on "
                + "\(SubscriptionRows.firesOn(subscription))): its owner gets no more notifications from it.")
        host.confirm(confirmation) { [weak self, weak host] in
            guard let self, let host else { return }
            let loader = loader
            host.change("Deleting subscription \(id)", { try await loader.delete(id) }) { [weak self, weak host] _ in
                guard let self, let host else { return }
                host.report(StatusMessage("Deleted subscription \(id)", kind: .success))
                load(host)
            }
        }
    }
}
