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
        .executable(name: "ckdash", targets: ["ckdash"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-crypto.git", "3.12.3"..<"5.0.0"),
    ],
    targets: [
        .target(name: "CKModel", swiftSettings: swiftSettings),
        .target(
            name: "CKSchema",
            dependencies: ["CKModel", .product(name: "Crypto", package: "swift-crypto")],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "ckdash",
            dependencies: [
                "CKSchema",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "ckbench",
            dependencies: [
                "CKSchema", "CKModel",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(name: "CKTestSupport", swiftSettings: swiftSettings),
        .testTarget(name: "CKModelTests", dependencies: ["CKModel", "CKTestSupport"], resources: [.copy("Fixtures")]),
        .testTarget(name: "CKSchemaTests", dependencies: ["CKSchema", "CKTestSupport"], resources: [.copy("Fixtures")]),
        .testTarget(name: "ckdashTests", dependencies: ["ckdash"]),
    ]
)
