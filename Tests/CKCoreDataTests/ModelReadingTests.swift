import CKCoreData
import CKModel
import Foundation
import Testing

/// Reading Core Data models: the real fixtures, the bundle forms Xcode writes, and input that is not a model.
@Suite("Core Data models: reading contents files and bundles")
struct ModelReadingTests {
    static func fixture(_ name: String) throws -> URL {
        try #require(Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: "xml"))
    }

    @Test("Apple's sharing sample: entities, attributes of each kind, relationships with inverses, a derived attribute")
    func sharingSample() throws {
        let model = try ModelFile.read(try Self.fixture("apple-coredata-share.contents"))
        #expect(model.usedWithCloudKit)
        #expect(model.entities.map(\.name) == ["Photo", "PhotoData", "Rating", "Tag", "Thumbnail"])
        let photo = try #require(model.entity(named: "Photo"))
        #expect(photo.attributes.map(\.name) == ["displayName", "uniqueName"] && photo.attributes.allSatisfy { $0.type == .string && $0.isOptional })
        let tags = try #require(photo.relationships.first { $0.name == "tags" })
        #expect(tags.isToMany && tags.destination == "Tag" && tags.inverseName == "photos" && tags.deletionRule == .nullify)
        let photoData = try #require(photo.relationships.first { $0.name == "photoData" })
        #expect(!photoData.isToMany && photoData.deletionRule == .cascade)
        let data = try #require(model.entity(named: "PhotoData")?.attributes.first)
        #expect(data.type == .binary && data.allowsExternalStorage && data.line == 12)
        let rating = try #require(model.entity(named: "Rating")?.attributes.first)
        #expect(rating.type == .integer16 && rating.defaultValue == "0")
        let count = try #require(model.entity(named: "Tag")?.attributes.first { $0.name == "photoCount" })
        #expect(count.isDerived && count.derivationExpression == "photos.@count" && count.type == .integer64)
        #expect(model.entity(named: "Tag")?.attributes.first { $0.name == "uuid" }?.type == .uuid)
    }

    @Test("Apple's sync sample: a Transformable with its custom class")
    func syncSample() throws {
        let model = try ModelFile.read(try Self.fixture("apple-coredatasync.contents"))
        let photo = try #require(model.entity(named: "Contact")?.attributes.first { $0.name == "photo" })
        #expect(photo.type == .transformable && photo.customClassName == "UIKit.UIImage" && photo.valueTransformerName == "")
    }

    @Test("a bundle reads the version .xccurrentversion names, a bundle of one version that one, a .xcdatamodel folder its contents")
    func bundles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("coredata-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let bundle = folder.appendingPathComponent("Share.xcdatamodeld")
        let share = try String(contentsOf: try Self.fixture("apple-coredata-share.contents"), encoding: .utf8)
        let sync = try String(contentsOf: try Self.fixture("apple-coredatasync.contents"), encoding: .utf8)
        for (version, text) in [("Share.xcdatamodel", sync), ("Share 2.xcdatamodel", share)] {
            try FileManager.default.createDirectory(at: bundle.appendingPathComponent(version), withIntermediateDirectories: true)
            try text.write(to: bundle.appendingPathComponent(version).appendingPathComponent("contents"), atomically: true, encoding: .utf8)
        }
        #expect(throws: ModelReadError.self) { try ModelFile.read(bundle) }
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>_XCCurrentVersionName</key>
            \t<string>Share 2.xcdatamodel</string>
            </dict>
            </plist>
            """
        try plist.write(to: bundle.appendingPathComponent(".xccurrentversion"), atomically: true, encoding: .utf8)
        #expect(try ModelFile.read(bundle).entities.count == 5)
        #expect(try ModelFile.read(bundle.appendingPathComponent("Share.xcdatamodel")).entities.map(\.name) == ["Contact"])
        try FileManager.default.removeItem(at: bundle.appendingPathComponent(".xccurrentversion"))
        try FileManager.default.removeItem(at: bundle.appendingPathComponent("Share 2.xcdatamodel"))
        #expect(try ModelFile.read(bundle).entities.map(\.name) == ["Contact"])

        let error = try #require(throws: ModelReadError.self) { try ModelFile.read(folder.appendingPathComponent("Nothing.xcdatamodeld")) }
        #expect(error.description.hasSuffix("Nothing.xcdatamodeld: no such file or folder"))
    }

    @Test("what is not a model gives the file, the line and what was expected", arguments: [
        ("<model><entity name=\"A\">\n<attribute name=\"x\" attributeType=\"Text\"/></entity></model>", 2,
         "expected the type of A.x to be one of Integer 16, Integer 32, Integer 64, Decimal, Double, Float, String, Boolean, Date, Binary, UUID, URI, Transformable, Undefined, ObjectID, Composite; found Text"),
        ("<model>\n<entity name=\"A\">\n<attribute name=\"x\" attributeType=\"String\">\n</entity></model>", 4,
         "expected </attribute> to close the element opened on line 3, found </entity>"),
        ("<model>\n<entity>\n</entity></model>", 2, "expected a name on <entity>"),
        ("<model>\n<entity name=\"A\">\n<property name=\"x\"/></entity></model>", 3,
         "expected <attribute>, <relationship>, <fetchIndex>, <uniquenessConstraints> or <userInfo> in the entity A, found <property>"),
        ("<model>\n<entity name=\"A\"><relationship name=\"b\" destinationEntity=\"B\"/></entity></model>", 2,
         "the destination B of A.b is not an entity of the model"),
        ("<model><entity name=\"A\" parentEntity=\"Z\"/></model>", 1, "the parent entity Z of A is not in the model"),
        ("<plist/>", 1, "expected a Core Data model (<model>), found <plist>"),
        ("", 1, "expected an element, found the end of the file"),
        ("<model a=\"1\" a=\"2\"/>", 1, "the attribute a appears twice in <model>"),
        ("<model x=\"&bogus;\"/>", 1, "expected a known entity, found '&bogus;'"),
        ("<model>\n\n<entity name=\"A\"", 3, "expected '>' to end the tag <entity>, found the end of the file"),
        ("<model/>trailing", 1, "expected the end of the file after the root element </model>"),
    ])
    func malformed(text: String, line: Int, message: String) throws {
        let error = try #require(throws: ModelReadError.self) { try ModelFile.decode(text, file: "Model.xcdatamodel/contents") }
        #expect(error == ModelReadError(file: "Model.xcdatamodel/contents", line: line, message: message), "\(error)")
    }

    @Test("every cut and every mutated byte of a real model is read or refused, never a crash or a hang; deep nesting is refused")
    func mutations() throws {
        let text = try String(contentsOf: try Self.fixture("apple-coredata-share.contents"), encoding: .utf8)
        let bytes = Array(text.utf8)
        var refused = 0
        for end in stride(from: 0, to: bytes.count, by: 7) {
            if (try? ModelFile.decode(String(decoding: bytes[..<end], as: UTF8.self), file: "cut")) == nil { refused += 1 }
        }
        #expect(refused == (bytes.count + 6) / 7, "a cut model is never a model")
        var generator = SeededGenerator(seed: 24)
        for _ in 0..<2_000 {
            var mutated = bytes
            mutated[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            _ = try? ModelFile.decode(String(decoding: mutated, as: UTF8.self), file: "mutated")
        }
        let deep = String(repeating: "<a>", count: 100_000) + String(repeating: "</a>", count: 100_000)
        let error = try #require(throws: ModelReadError.self) { try ModelFile.decode(deep, file: "deep") }
        #expect(error.message == "elements nested deeper than 256")
    }
}
