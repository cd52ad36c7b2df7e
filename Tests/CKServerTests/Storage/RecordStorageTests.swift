import CKModel
import CKServer
import CKTestSupport
import Foundation
import Testing

@Suite("Record storage", .heavy)
struct RecordStorageTests {
    let zone = ZoneKey(
        container: ContainerID(rawValue: "iCloud.com.example.Party")!, environment: .development, database: .private,
        ownerRecordName: "_owner", zoneName: "Work")

    private func record(_ name: String, guests: Int64 = 1) -> StoredRecord {
        let stamp = RecordStamp(timestamp: Timestamp(millisecondsSince1970: 1), userRecordName: "_owner", deviceID: "iCloud")
        return StoredRecord(recordName: name, recordType: "Party", changeTag: "", fields: ["guests": .int64(guests)], created: stamp, modified: stamp)
    }

    private func prepared(_ engine: StorageEngine) async throws -> any ServerStorage {
        let temporary = try await TemporaryStorage(engine: engine)
        try await ContainerService(storage: temporary.storage).create(zone.container)
        _ = try await temporary.storage.createZone(zone)
        return temporary.storage
    }

    @Test("an atomic batch with one failure writes nothing: the culprit has its error, the others ATOMIC_ERROR", arguments: TemporaryStorage.engines)
    func atomicBatch(engine: StorageEngine) async throws {
        let storage = try await prepared(engine)
        #expect(try await storage.apply([.insert(record("a"), RecordIndexes())], in: zone, atomic: true).map(\.isSuccess) == [true])
        let outcomes = try await storage.apply([.insert(record("b"), RecordIndexes()), .insert(record("a"), RecordIndexes()), .insert(record("c"), RecordIndexes())], in: zone, atomic: true)
        #expect(outcomes.map(\.errorCode) == [.atomicError, .exists, .atomicError])
        #expect(try await storage.records(named: ["a", "b", "c"], in: zone).keys.sorted() == ["a"])
    }

    @Test("a non-atomic batch applies what it can, and every write gets a new, increasing change tag", arguments: TemporaryStorage.engines)
    func nonAtomicBatch(engine: StorageEngine) async throws {
        let storage = try await prepared(engine)
        let outcomes = try await storage.apply([.insert(record("a"), RecordIndexes()), .insert(record("a"), RecordIndexes()), .insert(record("b"), RecordIndexes())], in: zone, atomic: false)
        #expect(outcomes.map(\.errorCode) == [nil, .exists, nil])
        let saved = try await storage.records(named: ["a", "b"], in: zone)
        let tagA = try #require(saved["a"]?.changeTag)
        let tagB = try #require(saved["b"]?.changeTag)
        #expect(tagA != tagB)
        #expect(try await storage.apply([.update(record("a", guests: 5), RecordIndexes(), expectedTag: "old")], in: zone, atomic: false).first?.errorCode == .conflict)
        #expect(try await storage.apply([.update(record("a", guests: 5), RecordIndexes(), expectedTag: tagA)], in: zone, atomic: false).map(\.isSuccess) == [true])
        let updated = try await storage.records(named: ["a"], in: zone)["a"]
        #expect(updated?.fields["guests"] == .int64(5))
        #expect(updated?.changeTag != tagA)
        #expect(try await storage.apply([.delete(recordName: "a", expectedTag: tagA)], in: zone, atomic: false).first?.errorCode == .conflict)
        #expect(try await storage.apply([.delete(recordName: "a", expectedTag: updated!.changeTag)], in: zone, atomic: false).map(\.isSuccess) == [true])
        #expect(try await storage.records(named: ["a"], in: zone).isEmpty)
        #expect(try await storage.apply([.insert(record("a"), RecordIndexes())], in: zone, atomic: false).map(\.isSuccess) == [true])
    }

    @Test("a batch keeps every text as written: quotes, backslashes, braces, commas, the word NULL, nothing at all", arguments: TemporaryStorage.engines)
    func awkwardTexts(engine: StorageEngine) async throws {
        let storage = try await prepared(engine)
        let texts = [#"a"b"#, #"back\slash\"#, "{braces},commas", "NULL", "", " spaced ", "ünï\u{1F389}"]
        let writes = texts.enumerated().map { index, text in
            let stamp = RecordStamp(timestamp: Timestamp(millisecondsSince1970: 1), userRecordName: text, deviceID: index.isMultiple(of: 2) ? nil : text)
            let saved = StoredRecord(
                recordName: "r\(index)", recordType: "Party", changeTag: "", fields: ["title": .string(text)], created: stamp, modified: stamp,
                parent: index == 3 ? nil : text)
            return RecordWrite.insert(saved, RecordIndexes(entries: [IndexEntry(fieldName: "title", value: .text(text))]))
        }
        #expect(try await storage.apply(writes, in: zone, atomic: false).allSatisfy(\.isSuccess))
        let read = try await storage.records(named: texts.indices.map { "r\($0)" }, in: zone)
        for (index, text) in texts.enumerated() {
            let record = try #require(read["r\(index)"])
            #expect(record.created.userRecordName == text && record.modified.userRecordName == text)
            #expect(record.created.deviceID == (index.isMultiple(of: 2) ? nil : text))
            #expect(record.parent == (index == 3 ? nil : text))
            #expect(record.fields["title"] == .string(text))
            let scan = IndexScan(recordType: "Party", fieldName: "title", lower: .init(.text(text), inclusive: true), upper: .init(.text(text), inclusive: true))
            #expect(try await storage.scan(scan, in: zone, after: nil, limit: 10).map(\.recordName) == ["r\(index)"])
        }
    }

    @Test("texts longer than an index entry holds are kept, found by equality and read in byte order", arguments: TemporaryStorage.engines)
    func longTexts(engine: StorageEngine) async throws {
        let storage = try await prepared(engine)
        var random = SystemRandomNumberGenerator()
        // Random letters do not compress: 12,000 of them are far over the 2,700 bytes of a PostgreSQL index entry.
        let noise = String((0..<12_000).map { _ in Character(UnicodeScalar(UInt8.random(in: 97...122, using: &random))) })
        // r1 and r2 share their first 12,001 characters, and their names order them the other way round.
        let texts = ["b" + noise, "a" + noise + "z", "a" + noise, "c"]
        let writes = texts.enumerated().map { index, text in
            let stamp = RecordStamp(timestamp: Timestamp(millisecondsSince1970: 1), userRecordName: "_owner", deviceID: nil)
            let saved = StoredRecord(recordName: "r\(index)", recordType: "Party", changeTag: "", fields: ["title": .string(text)], created: stamp, modified: stamp)
            return RecordWrite.insert(saved, RecordIndexes(entries: [IndexEntry(fieldName: "title", value: .text(text))]))
        }
        #expect(try await storage.apply(writes, in: zone, atomic: false).allSatisfy(\.isSuccess))
        let all = IndexScan(recordType: "Party", fieldName: "title")
        #expect(try await storage.scan(all, in: zone, after: nil, limit: 10).map(\.recordName) == ["r2", "r1", "r0", "r3"])
        var descending = all
        descending.descending = true
        let firstPage = try await storage.scan(descending, in: zone, after: nil, limit: 2)
        #expect(firstPage.map(\.recordName) == ["r3", "r0"])
        #expect(try await storage.scan(descending, in: zone, after: firstPage.last, limit: 2).map(\.recordName) == ["r1", "r2"])
        let equal = IndexScan(recordType: "Party", fieldName: "title", lower: .init(.text(texts[2]), inclusive: true), upper: .init(.text(texts[2]), inclusive: true))
        #expect(try await storage.scan(equal, in: zone, after: nil, limit: 10).map(\.recordName) == ["r2"])
        let after = IndexScan(recordType: "Party", fieldName: "title", lower: .init(.text(texts[2]), inclusive: false), upper: .init(.text("b"), inclusive: false))
        #expect(try await storage.scan(after, in: zone, after: nil, limit: 10).map(\.recordName) == ["r1"])
        var page: [IndexHit] = []
        var cursor: IndexHit?
        repeat {
            let hits = try await storage.scan(all, in: zone, after: cursor, limit: 1)
            page += hits
            cursor = hits.last
        } while cursor != nil && page.count < 10
        #expect(page.map(\.recordName) == ["r2", "r1", "r0", "r3"], "one at a time, as far as the last")
    }

    @Test("reindexing a type reaches every live record of it, page after page, and no other", arguments: TemporaryStorage.engines)
    func reindexEveryRecord(engine: StorageEngine) async throws {
        let storage = try await prepared(engine)
        let count = 1_234
        _ = try await storage.apply((0..<count).map { .insert(record("p\($0)", guests: Int64($0)), RecordIndexes()) }, in: zone, atomic: false)
        let stamp = RecordStamp(timestamp: Timestamp(millisecondsSince1970: 1), userRecordName: "_owner", deviceID: nil)
        let other = StoredRecord(recordName: "o", recordType: "Other", changeTag: "", fields: ["guests": .int64(1)], created: stamp, modified: stamp)
        _ = try await storage.apply([.insert(other, RecordIndexes())], in: zone, atomic: false)
        try await storage.reindex(recordType: "Party", in: zone.container, environment: .development) { record in
            guard case .int64(let guests)? = record.fields["guests"] else { return RecordIndexes() }
            return RecordIndexes(entries: [IndexEntry(fieldName: "guests", value: .integer(guests))])
        }
        let hits = try await storage.scan(IndexScan(recordType: "Party", fieldName: "guests"), in: zone, after: nil, limit: 2 * count)
        #expect(hits.count == count)
        #expect(Set(hits.map(\.recordName)).count == count)
        #expect(try await storage.scan(IndexScan(recordType: "Other", fieldName: "guests"), in: zone, after: nil, limit: 10).isEmpty)
    }

    @Test("one batch deletes and creates again, cascades and creates a cascaded name, is refused a delete and then an existing name", arguments: TemporaryStorage.engines)
    func writesAfterDeletesInOneBatch(engine: StorageEngine) async throws {
        let storage = try await prepared(engine)
        let saved = try await storage.apply([
            .insert(record("a"), RecordIndexes()),
            .insert(record("b"), RecordIndexes(references: [ReferenceEntry(targetRecordName: "a", action: .deleteSelf)])),
            .insert(record("c"), RecordIndexes()),
            .insert(record("d"), RecordIndexes(references: [ReferenceEntry(targetRecordName: "c", action: .validate)])),
        ], in: zone, atomic: false)
        let tags = try saved.map { try $0.get().changeTag }
        let outcomes = try await storage.apply([
            .delete(recordName: "a", expectedTag: tags[0]),
            .insert(record("a", guests: 2), RecordIndexes(entries: [IndexEntry(fieldName: "guests", value: .integer(2))])),
            .insert(record("b", guests: 3), RecordIndexes()),
            .delete(recordName: "c", expectedTag: tags[2]),
            .insert(record("c", guests: 4), RecordIndexes()),
            .insert(record("e", guests: 5), RecordIndexes()),
        ], in: zone, atomic: false)
        #expect(outcomes.map(\.errorCode) == [nil, nil, nil, .validatingReferenceError, .exists, nil])
        #expect(try outcomes[0].get().cascaded.map(\.recordName) == ["b"])
        let live = try await storage.records(named: ["a", "b", "c", "d", "e"], in: zone)
        #expect(live.keys.sorted() == ["a", "b", "c", "d", "e"])
        #expect(live["a"]?.fields["guests"] == .int64(2) && live["b"]?.fields["guests"] == .int64(3) && live["c"]?.fields["guests"] == .int64(1))
        let hits = try await storage.scan(IndexScan(recordType: "Party", fieldName: "guests"), in: zone, after: nil, limit: 10)
        #expect(hits.map(\.recordName) == ["a"])
        let tagsAfter = try outcomes.compactMap { try? $0.get().changeTag }
        #expect(Set(tagsAfter).count == tagsAfter.count && Set(tagsAfter).isDisjoint(with: tags))
    }

    @Test("a delete takes the records referencing it with DELETE_SELF along, down a chain, and says which it took", arguments: TemporaryStorage.engines)
    func deleteSelfCascade(engine: StorageEngine) async throws {
        let storage = try await prepared(engine)
        let chain = [
            RecordWrite.insert(record("a"), RecordIndexes()),
            .insert(record("b"), RecordIndexes(references: [ReferenceEntry(targetRecordName: "a", action: .deleteSelf)])),
            .insert(record("c"), RecordIndexes(references: [ReferenceEntry(targetRecordName: "b", action: .deleteSelf)])),
            .insert(record("d"), RecordIndexes(references: [ReferenceEntry(targetRecordName: "a", action: .none)])),
        ]
        let saved = try await storage.apply(chain, in: zone, atomic: false)
        let tagA = try #require(try saved.first?.get().changeTag)
        let deleted = try await storage.apply([.delete(recordName: "a", expectedTag: tagA)], in: zone, atomic: false)
        #expect(try deleted.first?.get().cascaded.map(\.recordName).sorted() == ["b", "c"])
        #expect(try await storage.records(named: ["a", "b", "c", "d"], in: zone).keys.sorted() == ["d"])
    }

    @Test("a VALIDATE reference needs its target, and keeps it from being deleted: the refused delete leaves every record", arguments: TemporaryStorage.engines)
    func validatedReference(engine: StorageEngine) async throws {
        let storage = try await prepared(engine)
        let saved = try await storage.apply([
            .insert(record("a"), RecordIndexes()),
            .insert(record("b"), RecordIndexes(references: [ReferenceEntry(targetRecordName: "a", action: .deleteSelf)])),
            .insert(record("c"), RecordIndexes(references: [ReferenceEntry(targetRecordName: "b", action: .validate)])),
            .insert(record("e"), RecordIndexes(references: [ReferenceEntry(targetRecordName: "gone", action: .validate)])),
        ], in: zone, atomic: false)
        #expect(saved.map(\.errorCode) == [nil, nil, nil, .validatingReferenceError])
        let tagA = try #require(try saved.first?.get().changeTag)
        #expect(try await storage.apply([.delete(recordName: "a", expectedTag: tagA)], in: zone, atomic: false).first?.errorCode == .validatingReferenceError)
        #expect(try await storage.records(named: ["a", "b", "c"], in: zone).keys.sorted() == ["a", "b", "c"])
    }

    @Test("a write to a custom zone deleted meanwhile is refused, not a new zone", arguments: TemporaryStorage.engines)
    func deletedZoneStaysDeleted(engine: StorageEngine) async throws {
        let storage = try await prepared(engine)
        #expect(try await storage.deleteZone(zone))
        await #expect(throws: ServerError.self) { try await storage.apply([.insert(record("a"), RecordIndexes())], in: zone, atomic: false) }
        #expect(try await storage.zoneState(zone) == nil)
    }

    @Test(
        "a batch makes a web auth token's rotation in its own transaction: with its records, not when the batch is undone, not for a token no longer current or expired",
        arguments: TemporaryStorage.engines)
    func rotationWithBatch(engine: StorageEngine) async throws {
        let storage = try await prepared(engine)
        let now = Date()
        let signIn = CredentialRecord(
            secretHash: "t0", kind: .webAuthToken, label: "t0", container: zone.container, userRecordName: "_owner", createdAt: now,
            expiresAt: now.addingTimeInterval(3600))
        try await storage.insertCredential(signIn)
        func rotation(from presented: String, to next: String) -> WebAuthTokenRotation {
            var successor = signIn
            successor.secretHash = next
            successor.label = next
            return WebAuthTokenRotation(
                presentedHash: presented, successor: successor, sealedSuccessor: Data(next.utf8), graceEnd: now.addingTimeInterval(60), at: now)
        }
        #expect(try await storage.apply([.insert(record("a"), RecordIndexes())], in: zone, atomic: true).map(\.isSuccess) == [true])

        let undone = try await storage.apply(
            [.insert(record("b"), RecordIndexes()), .insert(record("a"), RecordIndexes())], in: zone, atomic: true, rotating: rotation(from: "t0", to: "t1"))
        #expect(undone.outcomes.map(\.errorCode) == [.atomicError, .exists])
        #expect(undone.rotated == nil)
        let unrotated = try await storage.webAuthToken(presentedHash: "t0", now: now)
        #expect(unrotated?.signIn.secretHash == "t0" && unrotated?.sealedSuccessor == nil, "still the current token")
        #expect(try await storage.webAuthToken(presentedHash: "t1", now: now) == nil)

        let saved = try await storage.apply([.insert(record("c"), RecordIndexes())], in: zone, atomic: false, rotating: rotation(from: "t0", to: "t1"))
        #expect(saved.outcomes.map(\.isSuccess) == [true])
        #expect(saved.rotated == true)
        #expect(try await storage.webAuthToken(presentedHash: "t1", now: now)?.signIn.secretHash == "t1")
        #expect(try await storage.webAuthToken(presentedHash: "t0", now: now)?.sealedSuccessor == Data("t1".utf8))

        let lost = try await storage.apply([.insert(record("d"), RecordIndexes())], in: zone, atomic: false, rotating: rotation(from: "t0", to: "t2"))
        #expect(lost.outcomes.map(\.isSuccess) == [true], "the records are saved all the same")
        #expect(lost.rotated == false)
        #expect(try await storage.webAuthToken(presentedHash: "t2", now: now) == nil)
        #expect(try await storage.records(named: ["a", "b", "c", "d"], in: zone).keys.sorted() == ["a", "c", "d"])

        // A sign-in expired by the rotation's time is not rotated, nor given a new expiry.
        var late = rotation(from: "t1", to: "t3")
        late.at = now.addingTimeInterval(7200)
        #expect(try await storage.apply([], in: zone, atomic: false, rotating: late).rotated == false)
        #expect(try await storage.webAuthToken(presentedHash: "t1", now: now)?.signIn.secretHash == "t1")
    }
}

extension Result where Failure == ServerError {
    /// The failure's code, or `nil` for a success.
    fileprivate var errorCode: ServerErrorCode? {
        if case .failure(let error) = self { error.serverErrorCode } else { nil }
    }

    fileprivate var isSuccess: Bool { errorCode == nil }
}
