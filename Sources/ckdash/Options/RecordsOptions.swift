import ArgumentParser
import CKModel

/// The options every `records` command takes besides the server's: the record zone and JSON output.
struct RecordsOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The record zone (the default zone when absent).", valueName: "name"))
    var zone: String?

    @Flag(help: "Print JSON: records one per line in CloudKit's wire JSON.")
    var json = false

    /// The zone the records are in; `nil` for the default zone.
    var zoneID: ZoneID? {
        zone.map { ZoneID(zoneName: $0) }
    }
}
