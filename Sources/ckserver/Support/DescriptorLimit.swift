#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's limit on open files, raised to what the system allows, so that the server's connection cap
/// (and the descriptors its refusals hold for a second) stays well under it; Linux starts processes at 1,024.
enum DescriptorLimit {
    /// Raises the soft limit to the hard one and returns the limit in force.
    @discardableResult
    static func raise() -> UInt64 {
        #if canImport(Glibc)
        let resource = Int32(RLIMIT_NOFILE.rawValue)
        #else
        let resource = RLIMIT_NOFILE
        #endif
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0 else { return 0 }
        if limit.rlim_cur < limit.rlim_max {
            var raised = limit
            raised.rlim_cur = limit.rlim_max
            if setrlimit(resource, &raised) == 0 {
                limit = raised
            }
        }
        return UInt64(limit.rlim_cur)
    }
}
