import ArgumentParser
import CKModel
import CKSchema
import CommandLineSupport

/// The options that select records by query: the type, cktool-style filters and sort keys.
struct QueryOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The record type.", valueName: "type"))
    var type: String?

    @Option(help: ArgumentHelp("A condition as cktool writes it, such as \"price > 4.5\" (repeatable; all must hold).", valueName: "expression"))
    var filter: [String] = []

    @Option(help: ArgumentHelp("A field to sort by, field or field:desc (repeatable; most significant first).", valueName: "field"))
    var sort: [String] = []

    /// The record type, or a failure saying it is needed.
    func requireType() throws -> String {
        guard let type else { throw CommandFailure("no record type: give --type T") }
        return type
    }

    /// The query these options describe, filter values typed by `recordType` when the schema has it.
    func query(typed recordType: RecordType?) throws -> Query {
        let filters = try filter.map { text in
            do {
                return try FilterExpression.parse(text, recordType: recordType)
            } catch {
                throw CommandFailure("--filter \"\(text)\": \(error)")
            }
        }
        let sortDescriptors = try sort.map { text in
            let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
            guard let name = parts.first, !name.isEmpty, parts.count == 1 || ["asc", "desc"].contains(parts[1]) else {
                throw CommandFailure("--sort \(text): write field, field:asc or field:desc")
            }
            return SortDescriptor(FilterExpression.queryField(name), ascending: parts.count == 1 || parts[1] == "asc")
        }
        return Query(recordType: try requireType(), filterBy: filters.isEmpty ? nil : filters, sortBy: sortDescriptors.isEmpty ? nil : sortDescriptors)
    }
}
