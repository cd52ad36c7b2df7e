/// Where a connection setting comes from, in order: its option, its `CKDASH_*` environment variable, then the
/// chosen profile (an empty variable counts as unset).
struct SettingSources {
    /// The process's environment variables.
    let variables: [String: String]
    /// The chosen profile's settings.
    let profile: [String: String]

    /// The option's value, else the variable's, else the profile key's.
    func value(_ option: String?, _ variable: String, _ key: String) -> String? {
        option ?? variables[variable].flatMap { $0.isEmpty ? nil : $0 } ?? profile[key]
    }

    /// A secret given either as itself or as a file holding it, the pair resolved level by level: both options,
    /// then both variables, then both profile keys, so an option always wins over a variable or the profile.
    func secret(
        option: String?, fileOption: String?, variable: String, fileVariable: String, key: String, fileKey: String
    ) -> (value: String?, file: String?) {
        if option != nil || fileOption != nil { return (option, fileOption) }
        let fromVariables = (variables[variable].flatMap { $0.isEmpty ? nil : $0 }, variables[fileVariable].flatMap { $0.isEmpty ? nil : $0 })
        if fromVariables.0 != nil || fromVariables.1 != nil { return fromVariables }
        return (profile[key], profile[fileKey])
    }
}
