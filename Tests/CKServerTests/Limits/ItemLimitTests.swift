import CKServer
import CKTestSupport
import Foundation
import Testing

/// Every request that names a list of things takes at most 200 of them, as CloudKit does (issue 20, point 4).
@Suite("Lists in requests are capped at 200 items", .heavy)
struct ItemLimitTests {
    @Test("zones/lookup, changes/zone, subscriptions/lookup, users/lookup and users/discover refuse 201 items with BAD_REQUEST, and take 200")
    func listsAreCapped() async throws {
        let server = try await TestServer()
        try await server.live { client in
            func items(_ count: Int, _ item: (Int) -> String) -> String {
                (0..<count).map(item).joined(separator: ",")
            }
            let requests: [(operation: String, database: String, body: (Int) -> String)] = [
                ("zones/lookup", "public", { #"{"zones":[\#(items($0) { #"{"zoneName":"z\#($0)"}"# })]}"# }),
                ("changes/zone", "private", { #"{"zones":[\#(items($0) { #"{"zoneID":{"zoneName":"z\#($0)"}}"# })]}"# }),
                ("subscriptions/lookup", "public", { #"{"subscriptions":[\#(items($0) { #"{"subscriptionID":"s\#($0)"}"# })]}"# }),
                ("users/lookup/email", "public", { #"{"users":[\#(items($0) { #"{"emailAddress":"u\#($0)@example.com"}"# })]}"# }),
                ("users/lookup/id", "public", { #"{"users":[\#(items($0) { #"{"userRecordName":"_u\#($0)"}"# })]}"# }),
                ("users/discover", "public", { #"{"lookupInfos":[\#(items($0) { #"{"emailAddress":"u\#($0)@example.com"}"# })]}"# }),
            ]
            for request in requests {
                let refused = try await server.post(client, request.operation, request.body(201), as: .user(server.webAuthToken), database: request.database)
                #expect(refused.status == .badRequest, "\(request.operation)")
                #expect(try refused.json["serverErrorCode"] as? String == "BAD_REQUEST", "\(request.operation)")
                #expect(try (refused.json["reason"] as? String)?.hasPrefix("at most 200 ") == true, "\(request.operation)")
                let taken = try await server.post(client, request.operation, request.body(200), as: .user(server.webAuthToken), database: request.database)
                #expect(taken.status == .ok, "\(request.operation): \(String(buffer: taken.body).prefix(200))")
            }
        }
    }
}
