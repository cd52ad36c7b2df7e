import Crypto
import Foundation
import Testing

@testable import Dashboard

/// What the new server key's prompt makes of what is typed or pasted: a file to read, or PEM to send as it is
/// or rewrapped; private keys and non-PEM refused before anything is sent.
@Suite("PublicKeyInput reads a path or a pasted key")
struct PublicKeyInputTests {
    private static let pem = P256.Signing.PrivateKey().publicKey.pemRepresentation

    /// The base64 body of `pem`, on one line.
    private static var body: String {
        pem.split(separator: "\n").filter { !$0.hasPrefix("-----") }.joined()
    }

    @Test("a PEM block pasted line by line, on one line, or only its body, becomes the same PEM, ended by a line break")
    func pastedForms() throws {
        let lines = Self.pem.split(separator: "\n").map(String.init)
        let oneLine = lines.joined(separator: " ")
        for typed in [lines, [oneLine], [Self.body], ["  " + Self.body + "  "]] {
            #expect(try PublicKeyInput(lines: typed) == .pem(Self.pem.trimmingCharacters(in: .newlines) + "\n"), "\(typed)")
        }
    }

    @Test("anything else is a path, read when the key is sent")
    func path() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("public-key-input-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("key.pem")
        try Self.pem.write(to: file, atomically: true, encoding: .utf8)
        let input = try PublicKeyInput(lines: [file.path])
        #expect(input == .file(file.path))
        #expect(try input.pemText() == Self.pem)
        #expect(try PublicKeyInput(lines: ["key.pem"]) == .file("key.pem"))
    }

    @Test("a private key, text that is not PEM, nothing, or a file that is not a key are refused with why")
    func refusals() throws {
        let privateKey = P256.Signing.PrivateKey().pemRepresentation
        #expect(throws: PublicKeyInputError.privateKey) { try PublicKeyInput(lines: privateKey.split(separator: "\n").map(String.init)) }
        #expect(throws: PublicKeyInputError.malformed) { try PublicKeyInput(lines: ["-----BEGIN PUBLIC KEY-----", "not base64!", "-----END PUBLIC KEY-----"]) }
        #expect(throws: PublicKeyInputError.empty) { try PublicKeyInput(lines: ["  "]) }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("public-key-input-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let secret = folder.appendingPathComponent("key.pem")
        try privateKey.write(to: secret, atomically: true, encoding: .utf8)
        #expect(throws: PublicKeyInputError.privateKey) { try PublicKeyInput.file(secret.path).pemText() }
        let large = folder.appendingPathComponent("large")
        try Data(count: PublicKeyInput.maximumFileSize + 1).write(to: large)
        #expect(throws: PublicKeyInputError.tooLarge(path: large.path)) { try PublicKeyInput.file(large.path).pemText() }
        #expect(throws: PublicKeyInputError.unreadable(path: folder.appendingPathComponent("missing").path, reason: "there is no such file")) {
            try PublicKeyInput.file(folder.appendingPathComponent("missing").path).pemText()
        }
    }
}
