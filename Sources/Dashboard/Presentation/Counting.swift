import Foundation

/// Numbers and sizes as the dashboard writes them: `1,000,000` and `2.4 MB`.
enum Counting {
    /// `number` with its thousands grouped by commas.
    static func grouped(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var grouped = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return number < 0 ? "-" + grouped : grouped
    }

    /// `count` and `noun`, plural unless there is one: `1 field`, `1,200 records`.
    static func counted(_ count: Int, _ noun: String) -> String {
        "\(grouped(count)) \(noun)\(count == 1 ? "" : "s")"
    }

    /// `number` without a fraction when it has none (`5`, not `5.0`), as a user would type it: `2.5`.
    static func plain(_ number: Double) -> String {
        number.rounded() == number && abs(number) < 1e15 ? String(Int64(number)) : number.description
    }

    /// `bytes` in B, KB, MB or GB (powers of 1,000), one decimal above bytes.
    static func size(_ bytes: Int) -> String {
        guard bytes >= 1000 else { return "\(bytes) B" }
        var value = Double(bytes) / 1000
        for unit in ["KB", "MB", "GB"] {
            if value < 1000 || unit == "GB" {
                return String(format: "%.1f %@", value, unit)
            }
            value /= 1000
        }
        return "\(bytes) B"
    }
}
