import ArgumentParser
import CKModel
import CommandLineSupport

/// The options every `records` command takes besides the server's: the record zone and JSON output.
struct RecordsOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The record zone (the default zone when absent).", valueName: "name"))
    var zone: String?

    @Option(
        help: ArgumentHelp(
            "The userRecordName of the zone's owner: a zone of the shared database belongs to another user (ckdash zones --database shared lists them).",
            valueName: "user"))
    var zoneOwner: String?

    @Flag(help: "Print JSON: records one per line in CloudKit's wire JSON.")
    var json = false

    func validate() throws {
        guard zoneOwner == nil || zone != nil else { throw ValidationError("--zone-owner names the owner of the zone --zone names: give both") }
    }

    /// The zone the records are in, in `database`; `nil` for the default zone. The shared database holds only
    /// other users' zones, so there the zone and its owner are both needed.
    func zoneID(in database: DatabaseScope) throws -> ZoneID? {
        if database == .shared, zone == nil || zoneOwner == nil {
            throw CommandFailure(
                "the shared database holds other users' zones: give --zone NAME --zone-owner USER (ckdash zones --database shared lists them)")
        }
        return zone.map { ZoneID(zoneName: $0, ownerRecordName: zoneOwner) }
    }
}
