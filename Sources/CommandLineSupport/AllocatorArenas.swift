#if canImport(Glibc)
import Glibc
#endif

/// glibc's allocator gives each thread that allocates its own arena, up to eight per core, and keeps what they
/// free. The dashboard with its embedded server runs a dozen threads for one user, and their arenas held about
/// 10 MB of freed memory (`ckbench terminal`); one arena for all of them holds it to what is in use, at no cost
/// in key press time measured there.
///
/// `mallopt` and `malloc_trim` are declared in <malloc.h>, which the Glibc module leaves out, so they are looked
/// up by name; where the C library is not glibc these do nothing.
public enum AllocatorArenas {
    /// Makes every thread that allocates from now on share one arena; call it first thing, before threads start.
    /// Returns whether the allocator took the setting.
    @discardableResult
    public static func shareOne() -> Bool {
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        let arenaMaximum: Int32 = -8  // M_ARENA_MAX
        return cFunction("mallopt", as: Mallopt.self)?(arenaMaximum, 1) == 1
    }

    /// Gives the memory freed so far back to the system.
    public static func releaseFreedMemory() {
        typealias MallocTrim = @convention(c) (Int) -> Int32
        _ = cFunction("malloc_trim", as: MallocTrim.self)?(0)
    }

    private static func cFunction<Function>(_ name: String, as type: Function.Type) -> Function? {
        #if canImport(Glibc)
        guard let symbol = dlsym(nil, name) else { return nil }
        return unsafeBitCast(symbol, to: type)
        #else
        return nil
        #endif
    }
}
