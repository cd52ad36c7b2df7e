import CKClient
import CKModel
import CKServer
import CKTestSupport
import Testing

@Suite("A management token acting as a user", .heavy)
struct ActingAsUserTests {
    @Test("reaches that user's private database with the user's permissions; the developer alone cannot, and a read-only token stays read-only")
    func privateDatabaseAsUser() async throws {
        try await LiveServer.run { server in
            let credentials = CredentialService(storage: server.storage, configuration: server.configuration)
            let token = try await credentials.createManagementToken(name: "client tests", container: nil, readOnly: false)
            let developer = server.client(.managementToken(token), database: .private)
            let asMei = developer.actingAsUser(recordName: server.user.userRecordName)

            let note = Record(recordName: "note-1", recordType: "Party", fields: ["title": .string("mine")])
            let (saved, _) = try await asMei.modifyRecords(saving: [note])
            #expect(try saved.first?.get().fields?["title"] == .string("mine"))
            let ownView = try await server.userClient(database: .private).lookupRecords(named: ["note-1"])
            #expect(try ownView.first?.get().fields?["title"] == .string("mine"))

            let refused = await #expect(throws: CloudKitClientError.self) {
                try await asMei.actingAsUser(recordName: nil).lookupRecords(named: ["note-1"])
            }
            #expect(refused?.serverErrorCode == .authenticationFailed && refused?.reason?.contains("signed-in user") == true)
            let nobody = await #expect(throws: CloudKitClientError.self) {
                try await developer.actingAsUser(recordName: "_no_such_user").lookupRecords(named: ["note-1"])
            }
            #expect(nobody?.serverErrorCode == .badRequest && nobody?.reason?.contains("no user _no_such_user") == true)

            let readOnly = try await credentials.createManagementToken(name: "viewer", container: nil, readOnly: true)
            let viewer = server.client(.managementToken(readOnly, actingAsUser: server.user.userRecordName), database: .private)
            #expect(try await viewer.lookupRecords(named: ["note-1"]).first?.get().recordName == "note-1")
            let write = await #expect(throws: CloudKitClientError.self) {
                try await viewer.modifyRecords(saving: [Record(recordName: "note-2", recordType: "Party", fields: [:])])
            }
            #expect(write?.serverErrorCode == .accessDenied && write?.reason?.contains("read-only") == true)
        }
    }
}
