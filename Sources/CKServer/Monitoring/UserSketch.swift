import Crypto
import Foundation

/// About how many distinct users made requests (a HyperLogLog of 256 registers, within about 6.5 %): merged
/// across intervals and servers by taking the larger register, and kept as 256 bytes of base64 text.
struct UserSketch: Hashable, Sendable {
    private var registers: [UInt8]

    private static let count = 256

    /// An empty sketch.
    init() {
        registers = Array(repeating: 0, count: Self.count)
    }

    /// Counts `user`.
    mutating func add(_ user: String) {
        let hash = SHA256.hash(data: Data(user.utf8)).withUnsafeBytes { $0.load(as: UInt64.self) }
        let register = Int(hash & 0xFF)
        let rest = hash >> 8
        let rank = UInt8(min(rest.trailingZeroBitCount, 56) + 1)
        registers[register] = max(registers[register], rank)
    }

    /// Takes the users `other` counted too.
    mutating func merge(_ other: UserSketch) {
        for index in registers.indices {
            registers[index] = max(registers[index], other.registers[index])
        }
    }

    /// Whether it counted nobody.
    var isEmpty: Bool {
        registers.allSatisfy { $0 == 0 }
    }

    /// About how many distinct users it counted.
    var estimate: Double {
        let m = Double(Self.count)
        let sum = registers.reduce(0.0) { $0 + pow(2, -Double($1)) }
        let raw = 0.7182 * m * m / sum
        let empty = Double(registers.count { $0 == 0 })
        // Few users: linear counting of the empty registers is closer.
        if raw <= 2.5 * m, empty > 0 { return (m * log(m / empty)).rounded() }
        return raw.rounded()
    }

    /// The sketch as stored; empty text for an empty sketch.
    var text: String {
        isEmpty ? "" : Data(registers).base64EncodedString()
    }

    /// The sketch `text` stores; an empty one for text that is not one.
    init(text: String) {
        let data = Data(base64Encoded: text) ?? Data()
        registers = data.count == Self.count ? Array(data) : Array(repeating: 0, count: Self.count)
    }
}
