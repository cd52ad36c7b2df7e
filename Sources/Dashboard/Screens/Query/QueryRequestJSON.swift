import CKModel
import Foundation

/// The JSON body of the `records/query` request that running a query sends first, indented and with its keys
/// sorted for reading: the very request value the records screen sends (`QueryPaging.request`), with
/// `desiredKeys` and `resultsLimit`.
enum QueryRequestJSON {
    /// The body of the first page's request for `paging`.
    static func text(for paging: QueryPaging) -> String {
        guard let request = paging.request(from: 0, marker: nil) else { return "{}" }
        let encoder = JSONEncoder()
        // The client encodes the same value without indentation; keys sorted so that it reads the same each time.
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        guard let data = try? encoder.encode(request) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    /// Where it is posted: `POST /database/1/iCloud.com.example.App/development/public/records/query`.
    static func endpoint(for session: Session) -> String {
        "POST /database/1/\(session.container?.rawValue ?? "-")/\(session.environment.rawValue)/\(session.database.rawValue)/records/query"
    }
}
