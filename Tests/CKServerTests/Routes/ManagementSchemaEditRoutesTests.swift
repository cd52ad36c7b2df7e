import CKModel
import CKServer
import CKTestSupport
import Foundation
import HummingbirdTesting
import Testing

@Suite("Fine-grained development schema edits, reset and statistics over the management API", .heavy)
struct ManagementSchemaEditRoutesTests {
    private typealias Edit = ManagementSchema.Edit

    private func edit(
        _ client: any TestClientProtocol, _ server: TestServer, _ edits: [Edit], validateOnly: Bool? = nil, token: String? = nil
    ) async throws -> TestResponse {
        try await TestServer.management(
            client, .post, "containers/\(server.container)/schema/edit", ManagementSchema.EditRequest(operations: edits, validateOnly: validateOnly),
            token: token ?? server.managementToken)
    }

    private func schema(_ client: any TestClientProtocol, _ server: TestServer, _ environment: String = "development") async throws -> ManagementSchema.Response {
        try TestServer.decode(
            ManagementSchema.Response.self,
            try await TestServer.management(client, .get, "containers/\(server.container)/schema/\(environment)", token: server.managementToken))
    }

    @Test("edits apply in order and all or none; production changes only by deploy, and a deployed field cannot be removed")
    func edits() async throws {
        let server = try await TestServer()
        try await server.live { client in
            let item: [Edit] = [
                Edit(.createRecordType, recordType: "Item"),
                Edit(.addField, recordType: "Item", field: "price", fieldType: "DOUBLE", indexes: ["QUERYABLE"]),
                Edit(.addIndex, recordType: "Item", field: "price", index: "SORTABLE"),
            ]
            let checked = try TestServer.decode(ManagementSchema.UpdateResponse.self, try await edit(client, server, item, validateOnly: true))
            #expect(!checked.applied && checked.changes.map(\.change) == ["recordTypeAdded"])
            #expect(try await schema(client, server).recordTypes.map(\.name) == ["Users"])

            let applied = try TestServer.decode(ManagementSchema.UpdateResponse.self, try await edit(client, server, item))
            #expect(applied.applied)
            let price = try await schema(client, server).recordTypes.first { $0.name == "Item" }?.fields.first { $0.name == "price" }
            #expect(price == .init(name: "price", type: "DOUBLE", indexes: ["QUERYABLE", "SORTABLE"]))
            #expect(try await schema(client, server, "production").recordTypes.map(\.name) == ["Users"])

            // The second edit fails: the first must not stay applied.
            let failed = try await edit(client, server, [
                Edit(.addField, recordType: "Item", field: "name", fieldType: "STRING"), Edit(.removeField, recordType: "Item", field: "colour"),
            ])
            #expect(try failed.json["serverErrorCode"] as? String == "BAD_REQUEST")
            #expect((try failed.json["reason"] as? String)?.contains("Item has no field colour") == true)
            #expect(try await schema(client, server).recordTypes.first { $0.name == "Item" }?.fields.contains { $0.name == "name" } == false)
            for (bad, reason) in [
                (Edit(.addField, recordType: "Item", field: "tags", fieldType: "LIST<TEXT>"), "LIST<TEXT> is not a field type"),
                (Edit(.addField, recordType: "Item", field: "count", fieldType: "INT64", indexes: ["SEARCHABLE"]), "SEARCHABLE"),
                (Edit(.addIndex, recordType: "Item", field: "price", index: "FAST"), "FAST is not an index"),
                (Edit(.grant, recordType: "Item", role: "Ghost", permission: "READ"), "Ghost"),
                (Edit(.grant, recordType: "Item", role: "_world"), "grant needs permission"),
            ] {
                let refused = try await edit(client, server, [bad]).json
                #expect(refused["serverErrorCode"] as? String == "BAD_REQUEST")
                #expect((refused["reason"] as? String)?.contains(reason) == true, "\(bad.operationType): \(refused)")
            }

            let diff = try TestServer.decode(
                ManagementSchema.DiffResponse.self, try await TestServer.management(client, .get, "containers/\(server.container)/schema/diff", token: server.managementToken))
            _ = try await TestServer.management(
                client, .post, "containers/\(server.container)/schema/deploy", ManagementSchema.DeployRequest(digest: diff.digest), token: server.managementToken)
            #expect(try await schema(client, server, "production").recordTypes.map(\.name) == ["Item", "Users"])
            let removal = try await edit(client, server, [Edit(.removeField, recordType: "Item", field: "price")])
            #expect(try removal.json["serverErrorCode"] as? String == "BAD_REQUEST")
            #expect((try removal.json["reason"] as? String)?.contains("production") == true)
            let dropIndex = try await edit(client, server, [Edit(.dropIndex, recordType: "Item", field: "price", index: "SORTABLE")])
            #expect(dropIndex.status == .ok, "an index may be dropped in development even after a deploy")

            let audit = try TestServer.decode(ManagementAudit.Response.self, try await TestServer.management(client, .get, "audit?action=schema.edit", token: server.managementToken))
            #expect(audit.entries.count == 2, "validations and refused edits are not audited")
            #expect(audit.entries.last?.changes == ["create record type Item", "add field Item.price DOUBLE", "add SORTABLE index on Item.price"])
        }
    }

    @Test("granting and revoking a permission decides whether a signed-in user may create")
    func grantAndRevoke() async throws {
        let server = try await TestServer()
        try await server.live { client in
            _ = try await edit(client, server, [
                Edit(.createRecordType, recordType: "Post"), Edit(.addField, recordType: "Post", field: "text", fieldType: "STRING"),
                Edit(.revoke, recordType: "Post", role: "_icloud", permission: "CREATE"),
            ])
            func create(_ name: String) async throws -> String? {
                let response = try await server.post(
                    client, "records/modify",
                    #"{"operations":[{"operationType":"create","record":{"recordName":"\#(name)","recordType":"Post","fields":{"text":{"value":"hi"}}}}]}"#,
                    as: .user(server.webAuthToken))
                return try TestServer.records(response).first?["serverErrorCode"] as? String
            }
            #expect(try await create("p1") == "ACCESS_DENIED")
            _ = try await edit(client, server, [Edit(.grant, recordType: "Post", role: "_icloud", permission: "CREATE")])
            #expect(try await create("p2") == nil)
            _ = try await edit(client, server, [Edit(.revoke, recordType: "Post", role: "_icloud", permission: "CREATE")])
            #expect(try await create("p3") == "ACCESS_DENIED")
        }
    }

    @Test("statistics count records and index entries per type; reset deletes development's records and its undeployed schema")
    func statisticsAndReset() async throws {
        let server = try await TestServer()
        let schemaPath = "containers/\(server.container)/schema"
        try await server.live { client in
            let notes = (1...30).map { #"{"operationType":"create","record":{"recordName":"n\#($0)","recordType":"Note","fields":{"title":{"value":"note \#($0)"},"tags":{"value":["a","b"]}}}}"# }
            let saved = try await server.post(client, "records/modify", #"{"operations":[\#(notes.joined(separator: ","))]}"#, as: .developer(actingAs: nil))
            #expect(saved.status == .ok)
            _ = try await edit(client, server, [Edit(.addIndex, recordType: "Note", field: "title", index: "SEARCHABLE")])
            let statistics = try TestServer.decode(
                ManagementStatistics.Response.self, try await TestServer.management(client, .get, schemaPath + "/development/statistics", token: server.managementToken))
            let note = try #require(statistics.recordTypes.first { $0.name == "Note" })
            #expect(note.records == 30 && note.recordBytes > 30 * 20)
            let indexes = Dictionary(uniqueKeysWithValues: note.indexes.map { ("\($0.field) \($0.index)", $0) })
            #expect(indexes["tags QUERYABLE"]?.entries == 60, "one entry per list element")
            #expect(indexes["title SEARCHABLE"]?.entries == 30, "an index added later is built for the records already there")
            #expect(indexes["title SORTABLE"]?.entries == 30 && indexes["title SORTABLE"]?.bytes == indexes["title QUERYABLE"]?.bytes)
            #expect((indexes["title SEARCHABLE"]?.bytes ?? 0) > 0)
            #expect(statistics.recordTypes.first { $0.name == "Users" }?.records == 1)

            let preview = try TestServer.decode(
                ManagementSchema.ResetResponse.self,
                try await TestServer.management(client, .post, schemaPath + "/reset", ManagementSchema.ResetRequest(dryRun: true), token: server.managementToken))
            #expect(!preview.applied && preview.records == [.init(recordType: "Note", records: 30), .init(recordType: "Users", records: 1)])
            #expect(preview.changes.contains { $0.change == "recordTypeRemoved" && $0.recordType == "Note" })
            let readOnly = try await CredentialService(storage: server.temporary.storage, configuration: server.temporary.configuration)
                .createManagementToken(name: "auditor", container: nil, readOnly: true)
            let refused = try await TestServer.management(client, .post, schemaPath + "/reset", ManagementSchema.ResetRequest(), token: readOnly)
            #expect(try refused.json["serverErrorCode"] as? String == "ACCESS_DENIED")

            let reset = try TestServer.decode(
                ManagementSchema.ResetResponse.self,
                try await TestServer.management(client, .post, schemaPath + "/reset", ManagementSchema.ResetRequest(), token: server.managementToken))
            #expect(reset.applied && reset.records.first?.records == 30)
            #expect(try await schema(client, server).recordTypes.map(\.name) == ["Users"])
            let query = try await server.post(client, "records/query", #"{"query":{"recordType":"Note"}}"#, as: .developer(actingAs: nil))
            #expect(try query.json["serverErrorCode"] as? String != nil || (try TestServer.records(query)).isEmpty)
            let after = try TestServer.decode(
                ManagementStatistics.Response.self, try await TestServer.management(client, .get, schemaPath + "/development/statistics", token: server.managementToken))
            #expect(after.recordTypes.map(\.records) == [0])
            let audit = try TestServer.decode(ManagementAudit.Response.self, try await TestServer.management(client, .get, "audit?action=schema.reset", token: server.managementToken))
            #expect(audit.entries.first?.changes.first == "deleted 31 records")
        }
    }
}
