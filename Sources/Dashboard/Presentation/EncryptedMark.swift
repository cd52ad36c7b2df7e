import CKSchema

/// The mark after an encrypted field's name on the fields screen, the record screen and the form, so that it
/// stands out where its type is cut short or dimmed.
enum EncryptedMark {
    /// The mark: a lock.
    static let symbol = "🔒"

    /// `name`, with the mark after it when `type` is encrypted.
    static func name(_ name: String, type: FieldType?) -> String {
        type?.primitive.isEncrypted == true ? "\(name) \(symbol)" : name
    }
}
