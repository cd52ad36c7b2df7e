import CKModel

/// What an answer copies of a record's stored fields JSON, when it can copy rather than decode and write again:
/// all of it, or the members `desiredKeys` keeps.
enum StoredFieldsCopy {
    case all
    case kept([UInt8])

    /// The copy of `json` an answer with these options takes; `nil` when the answer must be written from decoded
    /// fields (an asset gains its `downloadURL`, `numbersAsStrings` rewrites numbers, JSON it cannot read).
    init?(of json: UnsafeRawBufferPointer, desiredKeys: [String]?, numbersAsStrings: Bool) {
        guard !numbersAsStrings, ByteSearch.firstOffset(of: Self.assetTag, in: json) == nil else { return nil }
        guard let desiredKeys else {
            self = .all
            return
        }
        guard let kept = StoredFieldsJSON.keeping(Set(desiredKeys), of: Array(json)) else { return nil }
        self = .kept(kept)
    }

    /// How stored JSON tags an asset value: `ASSETID` and `ASSETID_LIST`, and `ASSET` in rows saved before.
    private static let assetTag = Array(#""ASSET"#.utf8)
}
