import CKModel
import CKTestSupport
import Foundation
import Testing

@testable import CKServer

/// Records written to an answer straight from the engine's rows are the bytes that decoding each record and
/// writing it again gave, on every engine, for every field type, texts that need escaping, `desiredKeys`,
/// `numbersAsStrings`, assets, shares and encrypted fields (issue 21).
@Suite("Answers written straight from stored rows", .heavy)
struct StreamedAnswerTests {
    let zone = ZoneKey(
        container: ContainerID(rawValue: "iCloud.com.example.Rows")!, environment: .development, database: .private,
        ownerRecordName: "_owner", zoneName: "Notes")

    /// Records of one type: every field type, awkward texts in names, users, devices and parents, an asset, an
    /// encrypted field, and a share.
    private var records: [StoredRecord] {
        let awkward = [#"a"b"#, #"back\slash"#, "{braces},commas", "tab\there", "ünï\u{1F389}", "new\nline"]
        var records = awkward.enumerated().map { index, text in
            StoredRecord(
                recordName: "note-\(index)-\(text)", recordType: "Note", changeTag: "", fields: StoredRecordRowTests.fields.merging(["title": .string(text)]) { $1 },
                created: RecordStamp(timestamp: Timestamp(millisecondsSince1970: Int64(index)), userRecordName: text, deviceID: index.isMultiple(of: 2) ? nil : text),
                modified: RecordStamp(timestamp: Timestamp(millisecondsSince1970: 1_764_000_000_000), userRecordName: index == 1 ? nil : "_editor"),
                parent: index == 2 ? nil : text)
        }
        records.append(StoredRecord(
            recordName: "with-asset", recordType: "Note", changeTag: "", fields: ["file": .asset(Asset(fileChecksum: "abc", size: 3, receipt: "r1"))],
            created: Self.stamp, modified: Self.stamp))
        records.append(StoredRecord(
            recordName: "with-secret", recordType: "Note", changeTag: "",
            fields: ["secret": .bytes(Data("sealed".utf8)), "title": .string("plain")], created: Self.stamp, modified: Self.stamp))
        records.append(StoredRecord(
            recordName: "share-1", recordType: "cloudkit.share", changeTag: "", fields: [:], created: Self.stamp, modified: Self.stamp,
            shareInfo: StoredShare(
                rootRecordName: nil, shortGUID: "guid-1", publicPermission: .readOnly,
                participants: [.init(userRecordName: "_friend", permission: .readWrite, type: .user, acceptanceStatus: .accepted)])))
        return records
    }

    private static let stamp = RecordStamp(timestamp: Timestamp(millisecondsSince1970: 5), userRecordName: "_owner")

    @Test("each record's answer is the decoded record's, byte for byte", arguments: TemporaryStorage.engines)
    func sameBytes(engine: StorageEngine) async throws {
        let temporary = try await TemporaryStorage(engine: engine)
        try await ContainerService(storage: temporary.storage).create(zone.container)
        _ = try await temporary.storage.createZone(zone)
        let saved = records
        #expect(try await temporary.storage.apply(saved.map { .insert($0, RecordIndexes()) }, in: zone, atomic: false).allSatisfy { (try? $0.get()) != nil })
        let access = try await Self.access(zone, storage: temporary.storage)
        let zoneID = ZoneService.wireZoneID(zone)
        for type in ["Note", "cloudkit.share"] {
            for desiredKeys in [nil, ["title", "links", "missing"], [], ["file", "secret"]] as [[String]?] {
                for numbersAsStrings in [false, true] {
                    let options = RecordAnswerOptions(desiredKeys: desiredKeys, numbersAsStrings: numbersAsStrings, access: access)
                    var streamed = RecordsAnswerWriter(options: options, capacity: 10)
                    try await temporary.storage.forEachRecordRow(ofType: type, in: zone, after: nil, limit: 100) { try streamed.write($0, zoneID: zoneID) }
                    let names = saved.filter { $0.recordType == type }.map(\.recordName).sorted()
                    let stored = try await temporary.storage.records(named: names, in: zone)
                    var decoded = JSONWriter()
                    decoded.beginArray()
                    for name in names {
                        try #require(stored[name]).wireRecord(
                            zoneID: zoneID, desiredKeys: desiredKeys, serverURL: access.serverURL, container: zone.container,
                            viewer: access.caller.userRecordName
                        ).write(to: &decoded, numbersAsStrings: numbersAsStrings)
                    }
                    decoded.endArray()
                    let written = streamed.finished()
                    #expect(written.count == names.count)
                    #expect(written.recordTypes == [type])
                    let context: Comment = "\(type) \(String(describing: desiredKeys)) \(numbersAsStrings)"
                    if type == "cloudkit.share" {
                        // A share's participants are written by `JSONEncoder`, whose key order differs from one run to the next.
                        let streamedValue = try JSONSerialization.jsonObject(with: Data(written.json)) as? NSArray
                        #expect(streamedValue?.isEqual(try JSONSerialization.jsonObject(with: Data(decoded.bytes))) == true, context)
                    } else {
                        #expect(String(decoding: written.json, as: UTF8.self) == String(decoding: decoded.bytes, as: UTF8.self), context)
                    }
                }
            }
        }
    }

    @Test("a lookup answers in the order of its items, each with its own desiredKeys, a NOT_FOUND for a name without a record", arguments: TemporaryStorage.engines)
    func lookupOrder(engine: StorageEngine) async throws {
        let (temporary, access, zone) = try await publicZone(engine)
        let saved = records.filter { $0.recordType == "Note" }
        _ = try await temporary.storage.apply(saved.map { .insert($0, RecordIndexes()) }, in: zone, atomic: false)
        let zoneID = ZoneService.wireZoneID(zone)
        let names = saved.map(\.recordName)
        let items: [RecordsLookup.Item] = [
            .init(recordName: names[3]), .init(recordName: "missing"), .init(recordName: "with-asset", desiredKeys: ["file"]),
            .init(recordName: names[0]), .init(recordName: names[3], desiredKeys: ["title"]), .init(recordName: "with-secret"),
            .init(recordName: names[3]),
        ]
        let stored = try await temporary.storage.records(named: names, in: zone)
        for numbersAsStrings in [false, true] {
            let request = RecordsLookup.Request(records: items, zoneID: nil, desiredKeys: ["title", "secret", "count"], numbersAsStrings: numbersAsStrings)
            let answer = try await RecordService(storage: temporary.storage).lookup(request, access: access)
            var expected = JSONWriter()
            expected.beginArray()
            for item in items {
                guard let record = stored[item.recordName] else {
                    ItemResult<Record>.failure(RecordRefusal.notFound(item.recordName)).write(to: &expected, numbersAsStrings: false)
                    continue
                }
                record.wireRecord(
                    zoneID: zoneID, desiredKeys: item.desiredKeys ?? request.desiredKeys, serverURL: access.serverURL, container: zone.container,
                    viewer: access.caller.userRecordName
                ).write(to: &expected, numbersAsStrings: numbersAsStrings)
            }
            expected.endArray()
            // An error's members are written by `JSONEncoder`, whose key order differs from one run to the next.
            let answered = try JSONSerialization.jsonObject(with: Data(answer.records.json)) as? NSArray
            #expect(answered?.isEqual(try JSONSerialization.jsonObject(with: Data(expected.bytes))) == true)
            #expect(answer.records.count == items.count - 1)
            #expect(answer.records.itemErrors == ["NOT_FOUND": 1])
            #expect(answer.records.recordTypes == ["Note"])
        }
    }

    @Test("a change feed's pages are each record's own answer, tombstones included, page after page", arguments: TemporaryStorage.engines)
    func changeFeed(engine: StorageEngine) async throws {
        let temporary = try await TemporaryStorage(engine: engine)
        let container = try await ContainerService(storage: temporary.storage).create(zone.container)
        let (user, _) = try await UserService(storage: temporary.storage, configuration: temporary.configuration)
            .create(name: "mei", emailAddress: nil, in: zone.container)
        let access = DatabaseAccess(container: container, environment: .development, database: .private, caller: .user(user), serverURL: "http://127.0.0.1:1")
        let zone = ZoneKey(container: zone.container, environment: .development, database: .private, ownerRecordName: user.userRecordName, zoneName: "Notes")
        _ = try await temporary.storage.createZone(zone)
        let tags = try await temporary.storage.apply(records.map { .insert($0, RecordIndexes()) }, in: zone, atomic: false).map { try $0.get().changeTag }
        _ = try await temporary.storage.apply([.delete(recordName: records[1].recordName, expectedTag: tags[1])], in: zone, atomic: false)
        let stored = try await temporary.storage.records(named: records.map(\.recordName), in: zone)
        let zoneID = ZoneService.wireZoneID(zone)
        let feeds = ChangeFeedService(storage: temporary.storage)
        for desiredKeys in [nil, ["title", "file"]] as [[String]?] {
            var token: String?
            var answered: [Any] = []
            var moreComing = true
            while moreComing {
                let request = ChangesZone.Request(zones: [.init(zoneID: ZoneID(zoneName: "Notes"), syncToken: token)], desiredKeys: desiredKeys, resultsLimit: 3)
                var writer = JSONWriter()
                try await feeds.zoneChanges(request, access: access).write(to: &writer, numbersAsStrings: false)
                let zones = try #require((try JSONSerialization.jsonObject(with: Data(writer.bytes)) as? [String: Any])?["zones"] as? [[String: Any]])
                answered += try #require(zones.first?["records"] as? [Any])
                token = zones.first?["syncToken"] as? String
                moreComing = zones.first?["moreComing"] as? Bool ?? false
            }
            // The deleted record comes last (its delete is the newest change), as a tombstone.
            var expected = JSONWriter()
            expected.beginArray()
            for record in records where record.recordName != records[1].recordName {
                try #require(stored[record.recordName]).wireRecord(
                    zoneID: zoneID, desiredKeys: desiredKeys, serverURL: access.serverURL, container: zone.container, viewer: user.userRecordName
                ).write(to: &expected, numbersAsStrings: false)
            }
            Record(recordName: records[1].recordName, recordType: "Note", deleted: true, zoneID: zoneID).write(to: &expected, numbersAsStrings: false)
            expected.endArray()
            #expect((answered as NSArray).isEqual(try JSONSerialization.jsonObject(with: Data(expected.bytes))), "\(String(describing: desiredKeys))")
        }
    }

    @Test("a lookup finds a record by either Unicode form of its name, as Swift's names compare", arguments: TemporaryStorage.engines)
    func lookupNormalForms(engine: StorageEngine) async throws {
        let (temporary, access, zone) = try await publicZone(engine)
        let decomposed = "cafe\u{301}"
        let composed = "caf\u{E9}"
        _ = try await temporary.storage.apply(
            [.insert(StoredRecord(recordName: decomposed, recordType: "Note", changeTag: "", fields: [:], created: Self.stamp, modified: Self.stamp), RecordIndexes())],
            in: zone, atomic: false)
        let request = RecordsLookup.Request(records: [.init(recordName: composed), .init(recordName: decomposed)])
        let answer = try await RecordService(storage: temporary.storage).lookup(request, access: access)
        #expect(answer.records.count == 2)
        #expect(answer.records.itemErrors.isEmpty)
    }

    /// A storage whose container's public database has its default zone, and a developer's access to it: a
    /// lookup needs no signed-in user there, as a private database's does.
    private func publicZone(_ engine: StorageEngine) async throws -> (TemporaryStorage, DatabaseAccess, ZoneKey) {
        let temporary = try await TemporaryStorage(engine: engine)
        try await ContainerService(storage: temporary.storage).create(zone.container)
        var access = try await Self.access(zone, storage: temporary.storage)
        access.database = .public
        let zone = try access.zone(nil)
        _ = try await temporary.storage.createZone(zone)
        return (temporary, access, zone)
    }

    /// Access to the owner's private database of `zone`'s container.
    private static func access(_ zone: ZoneKey, storage: any ServerStorage) async throws -> DatabaseAccess {
        let container = try #require(try await storage.container(zone.container))
        return DatabaseAccess(
            container: container, environment: zone.environment, database: zone.database, caller: .developer(userRecordName: "_friend"),
            serverURL: "http://127.0.0.1:1")
    }
}
