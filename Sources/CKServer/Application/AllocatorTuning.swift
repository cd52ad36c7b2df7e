#if canImport(Glibc)
import Glibc
#endif

/// glibc's allocator, tuned for a server process: the buffers of an answer (a page of 200 records is a few
/// hundred kilobytes of rows, records and JSON) are reused from the heap by the next request instead of being
/// mapped fresh and handed back to the system after each one, which costs a page fault per 4 KB touched.
public enum AllocatorTuning {
    /// Serves blocks up to 1 MB from the heap (glibc maps every block above 128 KB until one is freed) and keeps
    /// up to 32 MB free at the top of each heap rather than returning it after every request. Called once, at
    /// the start of a process that runs a server; off glibc it changes nothing.
    public static func tuneForServing() {
        #if canImport(Glibc)
        // `mallopt` is in <malloc.h>, which the Glibc module leaves out; its parameters are glibc's stable ABI.
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
        let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
        let trimThreshold: Int32 = -1, mmapThreshold: Int32 = -3
        _ = mallopt(mmapThreshold, 1 << 20)
        _ = mallopt(trimThreshold, 32 << 20)
        #endif
    }
}
