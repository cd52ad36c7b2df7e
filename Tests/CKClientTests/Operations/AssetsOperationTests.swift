import CKClient
import CKModel
import CKTestSupport
import Testing

@Suite("Assets against the real server", .heavy)
struct AssetsOperationTests {
    @Test("an uploaded file saved in an ASSET field downloads with the same bytes")
    func uploadSaveDownload() async throws {
        try await LiveServer.run { server in
            let client = server.userClient()
            let bytes = Array("a photo of the picnic \u{1F9FA}".utf8) + [0, 255, 7]
            let asset = try await client.uploadAsset(bytes, recordType: "Party", fieldName: "photo", recordName: "p1")
            #expect(asset.receipt != nil)
            let (saved, _) = try await client.modifyRecords(saving: [Record(recordName: "p1", recordType: "Party", fields: ["photo": .asset(asset)])])
            #expect(throws: Never.self) { try saved[0].get() }

            let fetched = try await client.lookupRecords(named: ["p1"])[0].get()
            guard case .asset(let stored)? = fetched.fields?["photo"] else {
                Issue.record("the record has no asset: \(fetched)")
                return
            }
            let downloaded = try await client.downloadAsset(stored)
            #expect(downloaded == bytes)
        }
    }
}
