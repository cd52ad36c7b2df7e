import CommandLineSupport
import Testing

@Suite("The allocator's arenas")
struct AllocatorArenasTests {
    @Test("glibc's mallopt is found by name and takes one arena for every thread", .enabled(if: isGlibc))
    func sharesOneArena() {
        #expect(AllocatorArenas.shareOne())
    }
}

#if canImport(Glibc)
private let isGlibc = true
#else
private let isGlibc = false
#endif
