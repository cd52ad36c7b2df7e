import CKCoreData
import CKModel
import Testing

/// What NSPersistentCloudKitContainer refuses in a model, found before any schema is compared.
@Suite("Core Data models: CloudKit's rules for a model")
struct ModelRulesTests {
    static let refused = """
        <model>
            <entity name="Account">
                <attribute name="email" attributeType="String"/>
                <attribute name="joined" attributeType="Date" defaultValueString="2020-01-01"/>
                <attribute name="cache" attributeType="String" transient="YES"/>
                <attribute name="handle" optional="YES" attributeType="Undefined"/>
                <attribute name="secret" optional="YES" attributeType="String" allowsCloudEncryption="YES"/>
                <relationship name="owner" maxCount="1" destinationEntity="Person" inverseName="accounts" inverseEntity="Person"/>
                <relationship name="notes" optional="YES" toMany="YES" ordered="YES" deletionRule="Deny" destinationEntity="Note"/>
                <uniquenessConstraints><uniquenessConstraint><constraint value="email"/></uniquenessConstraint></uniquenessConstraints>
            </entity>
            <entity name="Person">
                <relationship name="accounts" optional="YES" toMany="YES" destinationEntity="Account" inverseName="owner" inverseEntity="Account"/>
            </entity>
            <entity name="Note"/>
            <configuration name="Cloud" usedWithCloudKit="YES"><memberEntity name="Account"/><memberEntity name="Person"/></configuration>
        </model>
        """

    @Test("each refusal once, with its line; a transient attribute and a default value are fine")
    func refusals() throws {
        let model = try ModelFile.decode(Self.refused, file: "Account")
        let problems = ModelRules.problems(in: model, configuration: "Cloud", database: .public).map(\.description)
        #expect(problems == [
            "warning: the model: is not marked Used with CloudKit (usedWithCloudKit) in Xcode",
            "error: Account (line 2): has a unique constraint on email: CloudKit cannot keep values unique across devices",
            "error: Account.email (line 3): is required and has no default value: CloudKit needs every attribute optional or with a default",
            "error: Account.handle (line 6): is of type Undefined, which CloudKit cannot store",
            "error: Account.secret (line 7): allows cloud encryption, which the public database does not offer",
            "error: Account.owner (line 8): is required: CloudKit needs every relationship optional",
            "error: Account.notes (line 9): has no inverse: CloudKit needs one on every relationship",
            "error: Account.notes (line 9): is ordered, which CloudKit does not support",
            "error: Account.notes (line 9): has the Deny delete rule, which CloudKit does not support",
            "error: Account.notes (line 9): points to Note, which is not in the configuration Cloud",
        ])
        #expect(ModelRules.problems(in: try ModelFile.read(try ModelReadingTests.fixture("apple-coredata-share.contents"))).isEmpty)
    }
}
