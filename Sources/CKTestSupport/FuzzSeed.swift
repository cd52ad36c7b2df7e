import Foundation

/// The seed of a fuzz test: the same one on every run unless the environment variable names another, so that the
/// suite cannot go red by chance; `random` in the variable explores a new seed, which the test prints.
public enum FuzzSeed {
    /// The seed `variable` names (a number, or `random`), else `fixed`; printed with how to repeat it.
    public static func from(_ variable: String, fixed: UInt64, printedAs name: String) -> UInt64 {
        let named = ProcessInfo.processInfo.environment[variable]
        let seed = named == "random" ? UInt64.random(in: 1...UInt64.max) : named.flatMap(UInt64.init) ?? fixed
        print("\(name) seed: \(seed) (\(variable)=\(seed) repeats it, \(variable)=random tries another)")
        return seed
    }
}
