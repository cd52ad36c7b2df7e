import Foundation

extension CodingUserInfoKey {
    /// Set to `true` in a `JSONEncoder`'s `userInfo` to write INT64 and DOUBLE field values as strings,
    /// as CloudKit does for requests that carry `numbersAsStrings: true`.
    public static let numbersAsStrings = CodingUserInfoKey(rawValue: "ck.numbersAsStrings")!
}

extension Encoder {
    var writesNumbersAsStrings: Bool {
        userInfo[.numbersAsStrings] as? Bool ?? false
    }
}
