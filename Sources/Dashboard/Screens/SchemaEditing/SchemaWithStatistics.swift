import CKModel
import CKSchema
import TerminalKit

/// The environment's schema and its statistics (records and index sizes per type), fetched side by side for the
/// screens that show and edit the schema: the record types, a type's fields, the indexes.
final class SchemaWithStatistics {
    /// The schema with its `.ckdb` text.
    let schema: Remote<(schema: Schema, ckdb: String)>
    /// Records, bytes and index sizes per record type, by type name.
    let statistics: Remote<[String: ManagementStatistics.RecordType]>
    /// What fetches them, and production's schema when a change needs it.
    let loader: RecordTypesLoader

    /// Both, fetched through `loader`.
    init(loader: RecordTypesLoader) {
        self.loader = loader
        schema = Remote { try await loader.schema() }
        statistics = Remote { try await loader.statistics() }
    }

    /// Whether either fetch is under way.
    var isLoading: Bool { schema.isLoading || statistics.isLoading }

    /// Starts both fetches; `then` runs as each one comes (the statistics, which count every record, often last).
    func load(in work: BackgroundWork, then: @escaping () -> Void) {
        schema.load(in: work) { _ in then() }
        statistics.load(in: work) { _ in then() }
    }

    /// Cancels both fetches.
    func cancel(in work: BackgroundWork) {
        schema.cancel(in: work)
        statistics.cancel(in: work)
    }
}
