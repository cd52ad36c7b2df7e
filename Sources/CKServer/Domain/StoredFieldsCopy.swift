import CKModel

/// What an answer copies of a record's stored fields JSON, when it can copy rather than decode and write again:
/// all of it, or the members `desiredKeys` keeps.
enum StoredFieldsCopy {
    case all
    case kept([UInt8])

    /// The copy of `json` an answer with these options takes, its assets given their `downloadURL` from
    /// `downloadPrefix` (`StoredAssetsJSON`); `nil` when the answer must be written from decoded fields
    /// (`numbersAsStrings` rewrites numbers, JSON or an asset it cannot read).
    init?(of json: UnsafeRawBufferPointer, desiredKeys: [String]?, numbersAsStrings: Bool, downloadPrefix: @autoclosure () -> String) {
        guard !numbersAsStrings else { return nil }
        let assets = ByteSearch.firstOffset(of: StoredAssetsJSON.tag, in: json) == nil ? nil : StoredAssetsJSON(downloadPrefix: downloadPrefix())
        guard let desiredKeys else {
            guard let assets else {
                self = .all
                return
            }
            guard let fetched = assets.fetched(json) else { return nil }
            self = .kept(fetched)
            return
        }
        guard var kept = StoredFieldsJSON.keeping(Set(desiredKeys), of: Array(json)) else { return nil }
        if let assets {
            guard let fetched = kept.withUnsafeBytes(assets.fetched) else { return nil }
            kept = fetched
        }
        self = .kept(kept)
    }
}
