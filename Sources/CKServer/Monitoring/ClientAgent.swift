/// The platform and the client a request's `User-Agent` names, as the request log keeps them: the platform from a
/// fixed list, the client as its first product token, at most 64 characters of it, so a hostile header cannot
/// fill the log.
struct ClientAgent: Hashable, Sendable {
    /// `iOS`, `macOS`, `watchOS`, `tvOS`, `visionOS`, `Android`, `Windows` or `Linux`; `nil` when none is named.
    var platform: String?
    /// The first product and version, such as `ckdash/1.0`; `browser` for a web browser's.
    var client: String?

    /// The longest client kept.
    static let maximumClientLength = 64

    /// Which words name which platform, the more specific first (an iPad's agent also says "Mac OS X").
    private static let platforms: [(platform: String, words: [String])] = [
        ("visionOS", ["visionOS", "xrOS"]),
        ("watchOS", ["watchOS", "Watch OS", "Apple Watch"]),
        ("tvOS", ["tvOS", "AppleTV", "Apple TV"]),
        ("iOS", ["iPhone", "iPad", "iOS"]),
        ("macOS", ["Macintosh", "Mac OS X", "macOS"]),
        ("Android", ["Android"]),
        ("Windows", ["Windows"]),
        ("Linux", ["Linux"]),
    ]

    /// Reads `userAgent`; both parts are `nil` without one.
    init(userAgent: String?) {
        guard let userAgent else { return }
        platform = Self.platforms.first { $0.words.contains { userAgent.contains($0) } }?.platform
        let product = userAgent.prefix { $0 != " " }
        guard !product.isEmpty, product.count <= Self.maximumClientLength,
            product.unicodeScalars.allSatisfy({ $0.isASCII && $0.value > 32 && $0.value < 127 })
        else { return }
        client = product.hasPrefix("Mozilla/") ? "browser" : String(product)
    }
}
