import Foundation

/// A server-to-server public key as the user gives it: the path of a PEM file, or the PEM text pasted (a whole
/// `-----BEGIN PUBLIC KEY-----` block, even on one line) or only its base64 body on one line. Text is made into
/// well-formed PEM here; whether it is an ECDSA P-256 key is the server's to say. A private key is refused before
/// anything leaves the machine.
enum PublicKeyInput: Equatable, Sendable {
    /// A file to read, as typed (`~` allowed, relative to the current directory).
    case file(String)
    /// PEM text, ready to send.
    case pem(String)

    /// The most a public key file may hold: a P-256 public key in PEM is under 200 bytes.
    static let maximumFileSize = 64 * 1024

    /// What the user typed or pasted, line by line.
    init(lines: [String]) throws(PublicKeyInputError) {
        let text = lines.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
        if text.isEmpty { throw .empty }
        if text.contains("-----BEGIN") {
            self = .pem(try Self.normalised(text))
        } else if text.count >= 40, text.allSatisfy(Self.isBase64), !FileManager.default.fileExists(atPath: LocalFile.url(for: text).path) {
            self = .pem(Self.wrapped(body: text, label: "PUBLIC KEY"))
        } else {
            self = .file(text)
        }
    }

    /// The PEM text to send: the file read (refused when missing, too large, not text or a private key), or the
    /// pasted text.
    func pemText() throws(PublicKeyInputError) -> String {
        switch self {
        case .pem(let text):
            return text
        case .file(let path):
            let url = LocalFile.url(for: path)
            guard FileManager.default.fileExists(atPath: url.path) else { throw .unreadable(path: url.path, reason: "there is no such file") }
            let data: Data
            do {
                let handle = try FileHandle(forReadingFrom: url)
                defer { try? handle.close() }
                data = try handle.read(upToCount: Self.maximumFileSize + 1) ?? Data()
            } catch {
                throw .unreadable(path: url.path, reason: (error as NSError).localizedDescription)
            }
            guard data.count <= Self.maximumFileSize else { throw .tooLarge(path: url.path) }
            guard let text = String(data: data, encoding: .utf8) else { throw .notText(path: url.path) }
            if text.contains("PRIVATE KEY-----") { throw .privateKey }
            return text
        }
    }

    /// `text` as PEM: the label of its BEGIN line, and its base64 body wrapped at 64 characters.
    private static func normalised(_ text: String) throws(PublicKeyInputError) -> String {
        guard let begin = text.firstMatch(of: /-----BEGIN ([A-Z0-9 ]+)-----/) else { throw .malformed }
        let label = String(begin.output.1)
        if label.contains("PRIVATE") { throw .privateKey }
        let rest = text[begin.range.upperBound...]
        let body = rest.firstRange(of: "-----END").map { rest[..<$0.lowerBound] } ?? rest
        let base64 = String(body.filter { !$0.isWhitespace })
        guard !base64.isEmpty, base64.allSatisfy(isBase64) else { throw .malformed }
        return wrapped(body: base64, label: label)
    }

    /// PEM of `body` under `label`, 64 characters a line.
    private static func wrapped(body: String, label: String) -> String {
        var lines: [Substring] = []
        var rest = body[...]
        while !rest.isEmpty {
            lines.append(rest.prefix(64))
            rest = rest.dropFirst(64)
        }
        return (["-----BEGIN \(label)-----"] + lines.map(String.init) + ["-----END \(label)-----"]).joined(separator: "\n") + "\n"
    }

    private static func isBase64(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber || character == "+" || character == "/" || character == "=")
    }
}

/// Why a public key the user gave cannot be sent.
enum PublicKeyInputError: Error, Equatable, CustomStringConvertible {
    case empty
    case malformed
    case privateKey
    case unreadable(path: String, reason: String)
    case tooLarge(path: String)
    case notText(path: String)

    var description: String {
        switch self {
        case .empty:
            "Give the path of a public key file, or paste the key"
        case .malformed:
            "That is not PEM text: paste the whole block from -----BEGIN PUBLIC KEY----- to -----END PUBLIC KEY-----"
        case .privateKey:
            "That is a private key, which must never leave your machine: give the public key (openssl ec -in key.pem -pubout)"
        case .unreadable(let path, let reason):
            "Cannot read \(path): \(reason)"
        case .tooLarge(let path):
            "\(path) is not a public key file: it holds more than \(PublicKeyInput.maximumFileSize / 1024) KB"
        case .notText(let path):
            "\(path) is not a public key file: it is not text"
        }
    }
}
