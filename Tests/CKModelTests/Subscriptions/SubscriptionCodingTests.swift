import CKModel
import Foundation
import Testing

@Suite("Subscriptions, notification info and users on the wire")
struct SubscriptionCodingTests {
    private struct ModifyRequest: Codable, Equatable {
        var operations: [SubscriptionOperation]
    }

    private struct CallerResponse: Codable, Equatable {
        var users: [UserIdentity]
    }

    @Test("zone and query subscriptions decode as Apple's examples write them, and round-trip")
    func subscriptions() throws {
        let request = try JSONDecoder().decode(ModifyRequest.self, from: fixture("subscriptions-modify-request.json"))
        let zone = request.operations[0].subscription
        #expect(zone == Subscription(subscriptionID: "changedArtwork", subscriptionType: .zone, zoneID: ZoneID(zoneName: "publicArtwork")))
        let query = request.operations[1].subscription
        #expect(query.subscriptionType == .query)
        #expect(query.firesOn == [.create, .update, .delete])
        #expect(query.query?.filterBy?.first?.fieldValue == .reference(Reference(recordName: "Mei Chen", action: ReferenceAction.none)))
        #expect(query.notificationInfo == NotificationInfo(alertBody: "New art", alertLocalizationArgs: ["x"], soundName: "default", shouldBadge: true, shouldSendContentAvailable: false))
        #expect(query.zoneWide == true)
        #expect(try JSONDecoder().decode(ModifyRequest.self, from: JSONEncoder().encode(request)) == request)
    }

    @Test("user identities decode lookup info and name components; users encode their keys")
    func users() throws {
        let response = try JSONDecoder().decode(CallerResponse.self, from: fixture("users-caller-response.json"))
        let identity = try #require(response.users.first)
        #expect(identity.userRecordName == "_2e80a1b2c3d4e5f60718293a4b5c6d7e")
        #expect(identity.lookupInfo?.emailAddress == "mei@example.com")
        #expect(identity.nameComponents?.givenName == "Mei")
        #expect(identity.nameComponents?.phoneticRepresentation?["givenName"] == "may")
        let user = User(userRecordName: "_a", firstName: "Mei", lastName: "Chen", emailAddress: "m@e.com")
        #expect(try jsonObject(user) == jsonObject(#"{"userRecordName":"_a","firstName":"Mei","lastName":"Chen","emailAddress":"m@e.com"}"#))
        #expect(try decode(UserIdentity.self, #"{"lookupInfo":{"phoneNumber":"+1"}}"#) == UserIdentity(lookupInfo: .init(phoneNumber: "+1")))
    }
}
