/// The change tags the server gives saved records, made the same way by every storage engine.
enum ChangeTag {
    /// The change tag of the record saved by change `number` of the zone stored with the row ID `zoneRowID`:
    /// short, and unique even across a zone deleted and created again under the same name (its row, hence its
    /// incarnation, is new).
    static func of(change number: Int64, zoneRowID: Int64) -> String {
        String(zoneRowID, radix: 36) + "-" + String(number, radix: 36)
    }
}
