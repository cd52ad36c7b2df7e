/// An attribute of a Core Data entity, with what decides how (and whether) it is mirrored to CloudKit.
public struct Attribute: Hashable, Sendable {
    public var name: String
    public var type: AttributeType
    /// Whether it may be nil (`optional="YES"`).
    public var isOptional: Bool
    /// The default value as the model writes it (`defaultValueString`), if any.
    public var defaultValue: String?
    /// Whether it lives in memory only (`transient="YES"`): never stored, never mirrored.
    public var isTransient: Bool
    /// Whether Core Data computes it from other properties (`derived="YES"`), and from what.
    public var isDerived: Bool
    public var derivationExpression: String?
    /// Whether large values may be stored outside the row (`allowsExternalBinaryDataStorage="YES"`).
    public var allowsExternalStorage: Bool
    /// Whether CloudKit stores it encrypted (`allowsCloudEncryption="YES"`).
    public var allowsCloudEncryption: Bool
    /// A Transformable's value transformer and class, if named.
    public var valueTransformerName: String?
    public var customClassName: String?
    /// The attribute's user info entries.
    public var userInfo: [String: String]
    /// The line of the model file it is declared on.
    public var line: Int

    public init(
        name: String, type: AttributeType, isOptional: Bool = true, defaultValue: String? = nil, isTransient: Bool = false, isDerived: Bool = false,
        derivationExpression: String? = nil, allowsExternalStorage: Bool = false, allowsCloudEncryption: Bool = false,
        valueTransformerName: String? = nil, customClassName: String? = nil, userInfo: [String: String] = [:], line: Int = 0
    ) {
        self.name = name
        self.type = type
        self.isOptional = isOptional
        self.defaultValue = defaultValue
        self.isTransient = isTransient
        self.isDerived = isDerived
        self.derivationExpression = derivationExpression
        self.allowsExternalStorage = allowsExternalStorage
        self.allowsCloudEncryption = allowsCloudEncryption
        self.valueTransformerName = valueTransformerName
        self.customClassName = customClassName
        self.userInfo = userInfo
        self.line = line
    }
}
