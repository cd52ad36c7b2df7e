import CKClient
import CKModel
import CKTestSupport
import Testing

@Suite("Records against the real server: save, lookup, query, delete, conflicts", .heavy)
struct RecordsOperationTests {
    static func party(_ name: String, title: String, guests: Int64) -> Record {
        Record(recordName: name, recordType: "Party", fields: ["title": .string(title), "guests": .int64(guests)])
    }

    @Test("saved records come back from lookup and query; a deleted or missing one is a NOT_FOUND item, not a thrown error")
    func saveLookupQueryDelete() async throws {
        try await LiveServer.run { server in
            let client = server.userClient()
            let (saved, _) = try await client.modifyRecords(saving: [
                Self.party("p1", title: "Picnic", guests: 4), Self.party("p2", title: "Gala", guests: 90), Self.party("p3", title: "Brunch", guests: 6),
            ])
            #expect(try saved.map { try $0.get().recordName } == ["p1", "p2", "p3"])
            #expect(try saved.allSatisfy { try $0.get().recordChangeTag != nil })

            let query = Query(
                recordType: "Party", filterBy: [Filter(.field("guests"), .lessThan, .int64(10))],
                sortBy: [SortDescriptor(.field("guests"))])
            let page = try await client.queryRecords(query)
            #expect(try page.records.map { try $0.get().recordName } == ["p1", "p3"])
            #expect(page.continuationMarker == nil)

            let (_, deleted) = try await client.modifyRecords(deleting: ["p2"])
            #expect(try deleted.map { try $0.get() } == ["p2"])

            let looked = try await client.lookupRecords(named: ["p1", "p2", "missing"])
            #expect(try looked[0].get().fields?["title"] == .string("Picnic"))
            for result in looked.dropFirst() {
                guard case .failure(let error) = result else {
                    Issue.record("expected NOT_FOUND, got \(result)")
                    continue
                }
                #expect(error.serverErrorCode == .notFound)
                #expect(error.httpStatus == nil)
            }
        }
    }

    @Test("more than 200 records are saved and looked up in requests of 200; all or nothing, more than 200 are refused before sending")
    func beyondTheOperationLimit() async throws {
        try await LiveServer.run { server in
            let client = server.userClient()
            let parties = (0..<450).map { Self.party("many-\($0)", title: "Party \($0)", guests: Int64($0)) }
            let saved = try await client.modifyRecords(parties.map { RecordOperation(.create, $0) }, atomically: false)
            #expect(saved.count == 450 && saved.allSatisfy { (try? $0.get()) != nil })
            let looked = try await client.lookupRecords(named: parties.map { $0.recordName ?? "" })
            #expect(try looked.map { try $0.get().recordName } == parties.map(\.recordName))
            await #expect(throws: CloudKitClientError.self) {
                _ = try await client.modifyRecords(parties.map { RecordOperation(.forceUpdate, $0) })
            }
        }
    }

    @Test("saving over a changed record fails that record alone with CONFLICT, carrying the server's record to merge into")
    func conflictCarriesServerRecord() async throws {
        try await LiveServer.run { server in
            let client = server.userClient()
            let (first, _) = try await client.modifyRecords(saving: [Self.party("p1", title: "Picnic", guests: 4), Self.party("p2", title: "Gala", guests: 9)])
            let stale = try first[0].get()
            var elsewhere = stale
            elsewhere.fields?["guests"] = .int64(12)
            let (changed, _) = try await client.modifyRecords(saving: [elsewhere])
            let current = try changed[0].get()

            var mine = stale
            mine.fields?["title"] = .string("Picnic in the park")
            let (results, _) = try await client.modifyRecords(saving: [mine, try first[1].get()])
            guard case .failure(let conflict) = results[0] else {
                Issue.record("expected a conflict, got \(results[0])")
                return
            }
            #expect(conflict.serverErrorCode == .conflict)
            let serverRecord = try #require(conflict.serverRecord)
            #expect(serverRecord.recordChangeTag == current.recordChangeTag)
            #expect(serverRecord.fields?["guests"] == .int64(12))
            #expect(throws: Never.self) { try results[1].get() }

            var merged = serverRecord
            merged.fields?["title"] = .string("Picnic in the park")
            let (retried, _) = try await client.modifyRecords(saving: [merged])
            #expect(try retried[0].get().fields?["guests"] == .int64(12))
        }
    }

    @Test("a request the server refuses as a whole is thrown with its code, status and reason")
    func refusedRequestThrows() async throws {
        try await LiveServer.run { server in
            let client = server.client(.apiToken(String(repeating: "0", count: 64)))
            let error = await #expect(throws: CloudKitClientError.self) {
                try await client.lookupRecords(named: ["p1"])
            }
            #expect(error?.serverErrorCode == .authenticationFailed)
            #expect(error?.httpStatus == 401)
            #expect(error?.reason?.isEmpty == false)
            #expect(error?.description.contains("AUTHENTICATION_FAILED (HTTP 401)") == true)
        }
    }
}
