import CKClient
import CKModel
import CKServer
import CKTestSupport
import Testing

@Suite("Management calls against the real server", .heavy)
struct ManagementOperationTests {
    @Test("granting and revoking through the client decides whether a signed-in user may create, and each change is audited")
    func grantAndRevoke() async throws {
        try await LiveServer.run { server in
            let token = try await CredentialService(storage: server.storage, configuration: server.configuration)
                .createManagementToken(name: "client tests", container: nil, readOnly: false)
            let admin = server.client(.managementToken(token))
            let user = server.userClient()
            _ = try await admin.editSchema([
                .init(.createRecordType, recordType: "Post"), .init(.addField, recordType: "Post", field: "text", fieldType: "STRING"),
                .init(.revoke, recordType: "Post", role: "_icloud", permission: "CREATE"),
            ])
            func create(_ name: String) async throws -> ServerErrorCode? {
                let (saved, _) = try await user.modifyRecords(saving: [Record(recordName: name, recordType: "Post", fields: ["text": .string("hi")])])
                if case .failure(let error) = saved.first { return error.serverErrorCode }
                return nil
            }
            #expect(try await create("p1") == .accessDenied)
            _ = try await admin.editSchema([.init(.grant, recordType: "Post", role: "_icloud", permission: "CREATE")])
            #expect(try await create("p2") == nil)
            _ = try await admin.editSchema([.init(.revoke, recordType: "Post", role: "_icloud", permission: "CREATE")])
            #expect(try await create("p3") == .accessDenied)

            let audit = try await admin.auditLog(ManagementAudit.Filter(action: "schema.edit"))
            #expect(audit.entries.map(\.changes) == [
                ["revoke CREATE on Post from _icloud"], ["grant CREATE on Post to _icloud"],
                ["create record type Post", "add field Post.text STRING", "revoke CREATE on Post from _icloud"],
            ])
            let refused = await #expect(throws: CloudKitClientError.self) {
                try await admin.editSchema([.init(.removeField, recordType: "Post", field: "missing")])
            }
            #expect(refused?.serverErrorCode == .badRequest && refused?.reason?.contains("Post has no field missing") == true)
        }
    }
}
