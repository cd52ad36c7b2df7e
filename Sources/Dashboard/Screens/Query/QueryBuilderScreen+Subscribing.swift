import CKModel
import TerminalKit

/// Subscribing to the query built: its filters become a query subscription, made on the subscriptions screen.
extension QueryBuilderScreen {
    /// Opens the subscriptions screen asking what a subscription to the query fires on, once the query is complete
    /// and the fields it filters on are QUERYABLE; sort keys, fields and limit do not matter to a subscription.
    func subscribe(host: any ScreenHost) {
        guard queryFields(host: host) != nil, let recordType else { return }
        let query: Query
        do {
            query = try draft.paging(in: session.zone).query
        } catch {
            host.report(StatusMessage("Cannot subscribe: \(error)", kind: .error))
            return
        }
        let notes = QueryBuilderRows.lines(of: draft, recordType: recordType, display: display).compactMap { line -> QueryBuilderRows.IndexNote? in
            guard case .filter? = line.row else { return nil }
            return line.note
        }
        if let problem = notes.first(where: { $0 != .present }) {
            host.report(StatusMessage("Cannot subscribe: \(problem.reason(recordType: draft.recordType, environment: session.environment))", kind: .warning))
            return
        }
        host.open(.subscriptions(subscribing: Query(recordType: query.recordType, filterBy: query.filterBy)), session: session)
    }
}
