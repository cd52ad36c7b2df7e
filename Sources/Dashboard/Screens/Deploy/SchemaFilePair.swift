import Foundation

/// Two `.ckdb` files the deploy screen compares instead of the server's environments: production's and
/// development's exports, where there is no management API (Apple's CloudKit deploys in its console).
struct SchemaFilePair: Equatable, Sendable {
    /// Production's schema file.
    var production: String
    /// Development's schema file.
    var development: String

    /// Production's file name, for titles.
    var productionName: String { (production as NSString).lastPathComponent }
    /// Development's file name, for titles.
    var developmentName: String { (development as NSString).lastPathComponent }
}
