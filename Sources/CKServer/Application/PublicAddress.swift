import CKModel
import Hummingbird

/// The address clients reach the server at, for the URLs it hands out (upload, download, courier, sign-in): the
/// configured public URL, or else `http://` and the request's Host header once it is checked. A Host that is
/// not a host name and port is refused, and a server listening on loopback takes only loopback names, so that a
/// page whose name resolves to 127.0.0.1 (DNS rebinding) gets no URL of its choosing.
public enum PublicAddress {
    /// The URL to hand out for `request`, without a trailing slash.
    static func url(for request: Request, configuration: ServerConfiguration) throws -> String {
        if var url = configuration.publicURL {
            while url.hasSuffix("/") {
                url.removeLast()
            }
            return url
        }
        guard let host = request.head.authority, let name = hostName(of: host) else {
            throw ServerError(.badRequest, reason: "the Host header is missing or not a host name and port; a server behind a proxy needs --public-url")
        }
        if let listening = configuration.listeningHost, isLoopback(listening), !isLoopback(name) {
            throw ServerError(.badRequest, reason: "the Host header \(name) is not this server's address: it listens on \(listening) only")
        }
        return "http://\(host)"
    }

    /// The name part of a Host header made of a DNS name, an IPv4 address or a bracketed IPv6 address, and an
    /// optional port; `nil` for anything else. Read byte by byte, as every request sends one.
    static func hostName(of host: String) -> String? {
        var name = Array(host.utf8)[...]
        if let colon = name.lastIndex(of: UInt8(ascii: ":")), name.last != UInt8(ascii: "]") {
            let port = name[(colon + 1)...]
            guard (1...5).contains(port.count), port.allSatisfy(\.isASCIIDigit), let number = Int(String(decoding: port, as: UTF8.self)),
                (1...65535).contains(number)
            else { return nil }
            name = name[..<colon]
        }
        if name.first == UInt8(ascii: "["), name.last == UInt8(ascii: "]") {
            let inner = name.dropFirst().dropLast()
            let isAddress = !inner.isEmpty && inner.allSatisfy { $0.isASCIIHexDigit || $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ".") }
            return isAddress ? String(decoding: name, as: UTF8.self) : nil
        }
        let labels = name.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard !name.isEmpty, name.count <= 253,
            labels.allSatisfy({ label in
                !label.isEmpty && label.count <= 63 && label.first != UInt8(ascii: "-") && label.last != UInt8(ascii: "-")
                    && label.allSatisfy { $0.isASCIILetter || $0.isASCIIDigit || $0 == UInt8(ascii: "-") }
            })
        else { return nil }
        return String(decoding: name, as: UTF8.self)
    }

    /// Whether a listening address or a Host name is this machine's loopback: `localhost`, `::1`, or an IPv4
    /// address of four numbers starting with 127 (never a DNS name such as `127.0.0.1.example.com`).
    public static func isLoopback(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        if ["localhost", "::1", "[::1]"].contains(where: { $0.utf8.elementsEqual(bytes.lazy.map { $0 | ($0.isASCIILetter ? 0x20 : 0) }) }) {
            return true
        }
        let parts = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0].elementsEqual("127".utf8)
            && parts.allSatisfy { (1...3).contains($0.count) && $0.allSatisfy(\.isASCIIDigit) && Int(String(decoding: $0, as: UTF8.self)).map { $0 <= 255 } == true }
    }
}
