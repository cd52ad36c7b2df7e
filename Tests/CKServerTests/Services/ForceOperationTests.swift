import CKModel
@testable import CKServer
import CKTestSupport
import Foundation
import Testing

@Suite("Force operations under concurrent writers", .heavy)
struct ForceOperationTests {
    @Test("concurrent force updates of one record all succeed, and none loses another's field")
    func concurrentForceUpdates() async throws {
        let temporary = try await TemporaryStorage()
        let id = ContainerID(rawValue: "iCloud.com.example.Party")!
        let container = try await ContainerService(storage: temporary.storage).create(id)
        let access = DatabaseAccess(
            container: container, environment: .development, database: .public,
            caller: .developer(userRecordName: container.developerRecordName), serverURL: "")
        let service = RecordService(storage: temporary.storage)
        _ = try await service.modify(.init(operations: [RecordOperation(.create, Record(recordName: "p1", recordType: "Party"))]), access: access)
        let writers = 4
        let savesEach = 25
        let failures = try await withThrowingTaskGroup(of: [String].self) { group in
            for writer in 0..<writers {
                group.addTask {
                    var failures: [String] = []
                    for save in 0..<savesEach {
                        let record = Record(recordName: "p1", recordType: "Party", fields: ["w\(writer)s\(save)": .int64(Int64(save))])
                        let response = try await service.modify(.init(operations: [RecordOperation(.forceUpdate, record)]), access: access)
                        if case .failure(let error) = response.records[0] {
                            failures.append(error.serverErrorCode.rawValue)
                        }
                    }
                    return failures
                }
            }
            return try await group.reduce(into: [String]()) { $0 += $1 }
        }
        #expect(failures.isEmpty)
        let saved = try await service.lookup(.init(records: [.init(recordName: "p1")]), access: access).records.decoded()
        guard case .success(let record) = saved[0] else {
            Issue.record("p1 is gone")
            return
        }
        #expect(try record.decodingEncodedFields().fields?.count == writers * savesEach)
    }
}
