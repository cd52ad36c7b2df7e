import CKClient
import CKModel
import CKServer
import CKTestSupport
import Testing

@Suite("The permission check: what a subject may do with a type, by which grant, as the data API decides", .heavy)
struct PermissionCheckTests {
    /// A client of `server` with a management token that may change the schema.
    private static func admin(of server: LiveServer) async throws -> CloudKitClient {
        let token = try await CredentialService(storage: server.storage, configuration: server.configuration)
            .createManagementToken(name: "permission tests", container: nil, readOnly: false)
        return server.client(.managementToken(token))
    }

    /// The CREATE, READ and WRITE verdicts of `answer` as `reach grantedBy` strings.
    private static func verdicts(_ answer: ManagementPermissions.Response) -> [String] {
        answer.permissions.map { "\($0.permission) \($0.reach.rawValue) \($0.grantedBy.joined(separator: ","))" }
    }

    @Test("a new type's default grants: anyone reads; a signed-in user also creates and writes their own records; a role's grant reaches every record")
    func defaultsAndRoles() async throws {
        try await LiveServer.run { server in
            let admin = try await Self.admin(of: server)
            _ = try await admin.editSchema([.init(.createRecordType, recordType: "Post"), .init(.createRole, role: "Editor")])
            let anyone = try await admin.checkPermissions(of: .anyone, on: "Post")
            #expect(Self.verdicts(anyone) == ["CREATE none ", "READ allRecords _world", "WRITE none "])
            #expect(anyone.roles == ["_world"])
            let signedIn = try await admin.checkPermissions(of: .signedIn, on: "Post")
            #expect(Self.verdicts(signedIn) == ["CREATE allRecords _icloud", "READ allRecords _world", "WRITE ownRecords _creator"])

            _ = try await admin.editSchema([.init(.grant, recordType: "Post", role: "Editor", permission: "WRITE")])
            _ = try await admin.setRole("Editor", assigned: true, userRecordName: server.user.userRecordName)
            let mei = try await admin.checkPermissions(of: .user(userRecordName: server.user.userRecordName), on: "Post")
            #expect(mei.name == "mei")
            #expect(Self.verdicts(mei)[2] == "WRITE allRecords Editor")
            #expect(mei.roles.contains("Editor"))
        }
    }

    @Test("revoking CREATE from _icloud shows in the check and the data API refuses the same create")
    func agreesWithTheDataAPI() async throws {
        try await LiveServer.run { server in
            let admin = try await Self.admin(of: server)
            _ = try await admin.editSchema([
                .init(.createRecordType, recordType: "Post"), .init(.addField, recordType: "Post", field: "text", fieldType: "STRING"),
                .init(.revoke, recordType: "Post", role: "_icloud", permission: "CREATE"),
            ])
            let mei = try await admin.checkPermissions(of: .user(userRecordName: server.user.userRecordName), on: "Post")
            #expect(Self.verdicts(mei)[0] == "CREATE none ")
            let (saved, _) = try await server.userClient().modifyRecords(saving: [Record(recordName: "p1", recordType: "Post", fields: ["text": .string("hi")])])
            guard case .failure(let error) = saved.first else {
                Issue.record("the data API let mei create a Post")
                return
            }
            #expect(error.serverErrorCode == .accessDenied)
        }
    }

    @Test("an unknown type or user is NOT_FOUND, and production is checked against its own schema")
    func errors() async throws {
        try await LiveServer.run { server in
            let admin = try await Self.admin(of: server)
            _ = try await admin.editSchema([.init(.createRecordType, recordType: "Post")])
            let unknownType = await #expect(throws: CloudKitClientError.self) { try await admin.checkPermissions(of: .anyone, on: "Nope") }
            #expect(unknownType?.serverErrorCode == .notFound && unknownType?.reason == "there is no record type Nope in development")
            let inProduction = await #expect(throws: CloudKitClientError.self) {
                try await admin.checkPermissions(of: .anyone, on: "Post", in: .production)
            }
            #expect(inProduction?.reason == "there is no record type Post in production")
            let unknownUser = await #expect(throws: CloudKitClientError.self) {
                try await admin.checkPermissions(of: .user(userRecordName: "_nobody"), on: "Post")
            }
            #expect(unknownUser?.serverErrorCode == .notFound)
        }
    }
}
