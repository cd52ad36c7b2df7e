@testable import CKClient
import CKModel
import CKTestSupport
import Testing

@Suite("Query pages followed through continuation markers", .heavy)
struct ContinuationSequenceTests {
    @Test("a query over 250 records comes back whole and in order across pages of at most 200")
    func pagesOverTwoHundredRecords() async throws {
        try await LiveServer.run { server in
            let client = server.userClient()
            let parties = (0..<250).map { index in
                Record(recordName: "p\(index)", recordType: "Party", fields: ["title": .string("t\(index % 3)"), "guests": .int64(Int64(250 - index))])
            }
            for batch in stride(from: 0, to: parties.count, by: 200) {
                let (saved, _) = try await client.modifyRecords(saving: Array(parties[batch..<min(batch + 200, parties.count)]))
                #expect(saved.allSatisfy { (try? $0.get()) != nil })
            }
            var names: [String] = []
            var pageSizes: [Int] = []
            for try await page in client.queryPages(Query(recordType: "Party", sortBy: [SortDescriptor(.field("guests"))])) {
                pageSizes.append(page.records.count)
                names += try page.records.map { try $0.get().recordName ?? "" }
            }
            #expect(names == (0..<250).reversed().map { "p\($0)" })
            #expect(pageSizes.count >= 2)
            #expect(pageSizes.allSatisfy { $0 <= 200 })
        }
    }

    @Test("a loop that stops after the first page sends no further request")
    func stoppingEarlySendsNothingMore() async throws {
        let transport = FakeTransport([.answer(status: 200, json: #"{"records":[{"recordName":"a"}],"continuationMarker":"m1"}"#)])
        let client = CloudKitClient.scripted(transport, delays: RecordedDelays())
        for try await page in client.queryPages(Query(recordType: "Party")) {
            #expect(page.continuationMarker == "m1")
            break
        }
        #expect(transport.requests.count == 1)
    }

    @Test("the next page is asked for with the previous page's marker, and cancellation ends the sequence before it")
    func markerFollowedAndCancellationHonoured() async throws {
        let transport = FakeTransport([
            .answer(status: 200, json: #"{"records":[],"continuationMarker":"m1"}"#),
            .answer(status: 200, json: #"{"records":[],"continuationMarker":"m2"}"#),
        ])
        let client = CloudKitClient.scripted(transport, delays: RecordedDelays())
        let iteration = Task {
            var iterator = client.queryPages(Query(recordType: "Party")).makeAsyncIterator()
            _ = try await iterator.next()
            _ = try await iterator.next()
            withUnsafeCurrentTask { $0?.cancel() }
            return try await iterator.next()
        }
        await #expect(throws: CancellationError.self) { try await iteration.value }
        #expect(transport.requests.count == 2)
        #expect(String(decoding: transport.requests[1].body, as: UTF8.self).contains(#""continuationMarker":"m1""#))
    }
}
