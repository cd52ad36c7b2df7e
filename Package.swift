// swift-tools-version:6.1
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "ckdash",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "CKModel", targets: ["CKModel"]),
        .library(name: "CKSchema", targets: ["CKSchema"]),
        .library(name: "CKCoreData", targets: ["CKCoreData"]),
        .library(name: "CKServer", targets: ["CKServer"]),
        .library(name: "CKClient", targets: ["CKClient"]),
        .library(name: "TerminalKit", targets: ["TerminalKit"]),
        .library(name: "Dashboard", targets: ["Dashboard"]),
        .executable(name: "ckserver", targets: ["ckserver"]),
        .executable(name: "ckdash", targets: ["ckdash"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-crypto.git", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/LebJe/TOMLKit.git", exact: "0.6.0"),
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift.git", from: "0.2.0"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
    ],
    targets: [
        .systemLibrary(name: "CNcursesw", pkgConfig: "ncursesw", providers: [.apt(["libncursesw5-dev"])]),
        .target(name: "CKModel", swiftSettings: swiftSettings),
        .target(
            name: "TerminalKit",
            dependencies: ["CNcursesw", .product(name: "TOMLKit", package: "TOMLKit")],
            swiftSettings: swiftSettings,
            plugins: ["ThemeEmbedderPlugin"]
        ),
        .executableTarget(name: "ThemeEmbedder", swiftSettings: swiftSettings),
        .plugin(name: "ThemeEmbedderPlugin", capability: .buildTool(), dependencies: ["ThemeEmbedder"]),
        .target(name: "Dashboard", dependencies: ["TerminalKit", "CKClient", "CKSchema", "CKCoreData", "CKModel"], swiftSettings: swiftSettings),
        .target(
            name: "CKSchema",
            dependencies: ["CKModel", .product(name: "Crypto", package: "swift-crypto")],
            swiftSettings: swiftSettings
        ),
        .target(name: "CKCoreData", dependencies: ["CKSchema", "CKModel"], swiftSettings: swiftSettings),
        .target(
            name: "CKServer",
            dependencies: [
                "CKSchema", "CKModel",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Histogram", package: "hdrhistogram-swift"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "CKClient",
            dependencies: [
                "CKSchema", "CKModel",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "CommandLineSupport",
            dependencies: [.product(name: "ArgumentParser", package: "swift-argument-parser")],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "ckserver",
            dependencies: [
                "CKServer", "CKSchema", "CKModel", "CommandLineSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "ckdash",
            dependencies: [
                "Dashboard", "TerminalKit", "CKServer", "CKClient", "CKSchema", "CKCoreData", "CKModel", "CommandLineSupport",
                .product(name: "Logging", package: "swift-log"), .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "TOMLKit", package: "TOMLKit"),
            ],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "ckbench",
            dependencies: [
                "CKSchema", "CKModel", "CKServer", "CKClient", "Dashboard", "TerminalKit", "CommandLineSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(name: "CKTestSupport", dependencies: ["CKServer"], swiftSettings: swiftSettings),
        .testTarget(name: "CKModelTests", dependencies: ["CKModel", "CKTestSupport"], resources: [.copy("Fixtures")]),
        .testTarget(name: "CKSchemaTests", dependencies: ["CKSchema", "CKTestSupport"], resources: [.copy("Fixtures")]),
        .testTarget(name: "CKCoreDataTests", dependencies: ["CKCoreData", "CKSchema", "CKModel"], resources: [.copy("Fixtures")]),
        .testTarget(
            name: "CKServerTests",
            dependencies: [
                "CKServer", "CKTestSupport", .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "HummingbirdTesting", package: "hummingbird"), .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ]
        ),
        .testTarget(
            name: "CKClientTests",
            dependencies: [
                "CKClient", "CKServer", "CKModel", "CKTestSupport",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(name: "TerminalKitTests", dependencies: ["TerminalKit", "CKTestSupport"]),
        .testTarget(
            name: "DashboardTests",
            dependencies: [
                "Dashboard", "CKClient", "CKServer", "CKModel", "CKSchema", "CKTestSupport", .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"), .product(name: "GRDB", package: "GRDB.swift"),
            ],
            exclude: ["Goldens"]),
        .testTarget(name: "CommandLineSupportTests", dependencies: ["CommandLineSupport"]),
        .testTarget(name: "ckserverTests", dependencies: ["ckserver", "CKTestSupport"]),
        .testTarget(name: "ckdashTests", dependencies: ["ckdash", "CKTestSupport", .product(name: "Crypto", package: "swift-crypto")]),
    ]
)
