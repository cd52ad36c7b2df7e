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
    /// optional port; `nil` for anything else.
    static func hostName(of host: String) -> String? {
        var name = Substring(host)
        if let colon = name.lastIndex(of: ":"), !name.hasSuffix("]") {
            let port = name[name.index(after: colon)...]
            guard !port.isEmpty, port.count <= 5, port.allSatisfy(\.isASCII), let number = Int(port), (1...65535).contains(number) else { return nil }
            name = name[..<colon]
        }
        if name.hasPrefix("["), name.hasSuffix("]") {
            let inner = name.dropFirst().dropLast()
            return !inner.isEmpty && inner.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) ? String(name) : nil
        }
        let labels = name.split(separator: ".", omittingEmptySubsequences: false)
        guard !name.isEmpty, name.utf8.count <= 253,
            labels.allSatisfy({ label in
                !label.isEmpty && label.count <= 63 && !label.hasPrefix("-") && !label.hasSuffix("-")
                    && label.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
            })
        else { return nil }
        return String(name)
    }

    /// Whether a listening address or a Host name is this machine's loopback: `localhost`, `::1`, or an IPv4
    /// address of four numbers starting with 127 (never a DNS name such as `127.0.0.1.example.com`).
    public static func isLoopback(_ name: String) -> Bool {
        let lowered = name.lowercased()
        if ["localhost", "::1", "[::1]"].contains(lowered) {
            return true
        }
        let parts = lowered.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127"
            && parts.allSatisfy { !$0.isEmpty && $0.count <= 3 && $0.allSatisfy(\.isASCII) && Int($0).map { $0 <= 255 } == true }
    }
}
