import CKCoreData
import CKModel
import CKSchema
import Testing

/// The schema NSPersistentCloudKitContainer mirrors a model to, checked against the mapping of
/// `docs/core-data.md` field by field (not against a golden of this code's own output).
@Suite("Core Data models: the mirrored CloudKit schema")
struct MirroredSchemaTests {
    /// The fields of `type` that are not system fields, by name.
    private static func fields(_ schema: Schema, _ type: String) throws -> [String: FieldType] {
        let recordType = try #require(schema.recordType(named: type), "no \(type) in \(schema.recordTypes.map(\.name))")
        return Dictionary(uniqueKeysWithValues: recordType.fields.filter { !$0.isSystemField }.map { ($0.name, $0.type) })
    }

    private static let bookkeeping: [String: FieldType] = ["CD_entityName": .value(.string), "CD_moveReceipt": .value(.bytes)]

    @Test("the sharing sample: a type per entity, strings with their assets, to-one relationships as names, many-to-many in CDMR")
    func sharingSample() throws {
        let model = try ModelFile.read(try ModelReadingTests.fixture("apple-coredata-share.contents"))
        let schema = try MirroredSchema(model: model).schema()
        #expect(schema.recordTypes.map(\.name) == ["CD_Photo", "CD_PhotoData", "CD_Rating", "CD_Tag", "CD_Thumbnail", "CDMR"])
        #expect(try Self.fields(schema, "CD_Photo") == Self.bookkeeping.merging([
            "CD_displayName": .value(.string), "CD_displayName_ckAsset": .value(.asset), "CD_uniqueName": .value(.string),
            "CD_uniqueName_ckAsset": .value(.asset), "CD_photoData": .value(.string), "CD_thumbnail": .value(.string),
        ]) { $1 }, "to-many ratings and tags are not fields of the photo")
        #expect(try Self.fields(schema, "CD_PhotoData") == Self.bookkeeping.merging([
            "CD_data": .value(.bytes), "CD_data_ckAsset": .value(.asset), "CD_photo": .value(.string),
        ]) { $1 })
        #expect(try Self.fields(schema, "CD_Rating") == Self.bookkeeping.merging(["CD_value": .value(.int64), "CD_photo": .value(.string)]) { $1 })
        #expect(try Self.fields(schema, "CD_Tag") == Self.bookkeeping.merging([
            "CD_name": .value(.string), "CD_name_ckAsset": .value(.asset), "CD_uuid": .value(.string),
        ]) { $1 }, "the derived photoCount is not mirrored, nor the to-many photos")
        #expect(try Self.fields(schema, "CDMR") == ["CD_entityNames": .value(.string), "CD_recordNames": .value(.string), "CD_relationships": .value(.string)])
        let recordID = try #require(schema.recordType(named: "CD_Photo")?.field(named: "___recordID"))
        #expect(recordID.indexes == [.queryable] && schema.recordType(named: "CD_Photo")?.field(named: "___modTime") == nil)
    }

    @Test("the public database makes recordName and modifiedAt queryable on every type, CDMR included")
    func publicIndexes() throws {
        let model = try ModelFile.read(try ModelReadingTests.fixture("apple-coredata-share.contents"))
        let schema = try MirroredSchema(model: model, database: .public).schema()
        for type in schema.recordTypes {
            #expect(type.field(named: "___recordID")?.indexes == [.queryable] && type.field(named: "___modTime")?.indexes == [.queryable], "\(type.name)")
        }
    }

    @Test("the sync sample: a Transformable is bytes with an asset")
    func syncSample() throws {
        let schema = try MirroredSchema(model: try ModelFile.read(try ModelReadingTests.fixture("apple-coredatasync.contents"))).schema()
        #expect(try Self.fields(schema, "CD_Contact") == Self.bookkeeping.merging([
            "CD_name": .value(.string), "CD_name_ckAsset": .value(.asset), "CD_photo": .value(.bytes), "CD_photo_ckAsset": .value(.asset),
        ]) { $1 })
    }

    static let inheritance = """
        <model usedWithCloudKit="YES">
            <entity name="Media" isAbstract="YES">
                <attribute name="title" optional="YES" attributeType="String" allowsCloudEncryption="YES"/>
                <attribute name="added" optional="YES" attributeType="Date"/>
                <attribute name="draft" optional="YES" attributeType="String" transient="YES"/>
                <attribute name="local" optional="YES" attributeType="Integer 32">
                    <userInfo><entry key="NSCloudKitMirroringDelegateIgnoredPropertyKey" value="YES"/></userInfo>
                </attribute>
            </entity>
            <entity name="Photo" parentEntity="Media">
                <attribute name="width" optional="YES" attributeType="Integer 32" defaultValueString="0"/>
                <attribute name="ratio" optional="YES" attributeType="Float"/>
            </entity>
            <entity name="Video" parentEntity="Media">
                <attribute name="seconds" optional="YES" attributeType="Double"/>
                <attribute name="favourite" optional="YES" attributeType="Boolean"/>
                <relationship name="album" optional="YES" maxCount="1" destinationEntity="Album" inverseName="videos" inverseEntity="Album"/>
            </entity>
            <entity name="Album">
                <attribute name="link" optional="YES" attributeType="URI"/>
                <relationship name="videos" optional="YES" toMany="YES" destinationEntity="Video" inverseName="album" inverseEntity="Video"/>
            </entity>
            <entity name="Draft">
                <attribute name="text" optional="YES" attributeType="String"/>
            </entity>
            <configuration name="Cloud" usedWithCloudKit="YES">
                <memberEntity name="Media"/><memberEntity name="Photo"/><memberEntity name="Video"/><memberEntity name="Album"/>
            </configuration>
            <configuration name="Local"><memberEntity name="Draft"/></configuration>
        </model>
        """

    @Test("sub-entities fold into their root's type; encrypted, transient and ignored attributes; a configuration's entities only")
    func inheritanceAndConfigurations() throws {
        let model = try ModelFile.decode(Self.inheritance, file: "Media")
        let schema = try MirroredSchema(model: model, configuration: "Cloud").schema()
        #expect(schema.recordTypes.map(\.name) == ["CD_Media", "CD_Album"], "no CD_Photo, CD_Video, nor CD_Draft of another configuration; no CDMR")
        #expect(try Self.fields(schema, "CD_Media") == Self.bookkeeping.merging([
            "CD_title": FieldType(.encrypted(.string)), "CD_title_ckAsset": .value(.asset), "CD_added": .value(.timestamp),
            "CD_width": .value(.int64), "CD_ratio": .value(.double), "CD_seconds": .value(.double), "CD_favourite": .value(.int64),
            "CD_album": .value(.string),
        ]) { $1 })
        #expect(try Self.fields(schema, "CD_Album") == Self.bookkeeping.merging(["CD_link": .value(.string)]) { $1 })
        #expect(try MirroredSchema(model: model).schema().recordTypes.map(\.name) == ["CD_Media", "CD_Album", "CD_Draft"])
        #expect(throws: MirroringError.unknownConfiguration("Phone", known: ["Cloud", "Local"])) { try MirroredSchema(model: model, configuration: "Phone").schema() }
    }
}
