import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A child process for black-box tests, started with `posix_spawn`: its standard streams on pipes (or
/// `/dev/null`), every other descriptor of the test process closed in it, and its signals as a fresh process has
/// them (none blocked, each at its default action).
///
/// Foundation's `Process.run()` is not used: on Linux it copies the whole 256-byte name of each `/proc/self/fd`
/// entry and now and then reads past a page, crashing the test process (swift-corelibs-foundation#5472, not in
/// Swift 6.3.1). Started from a thread of Swift's concurrency pool, it would also hand on that thread's blocked
/// signals, so a child would ignore the SIGTERM or SIGHUP a test sends.
///
/// One thread at a time waits for a child (`waitUntilExit`, `isRunning`); the tests wait where they started it.
/// The wait blocks a thread of its own, never one of Swift's concurrency pool (`BlockingCall`).
///
/// ```swift
/// let server = try SpawnedProcess(ckserver, ["serve", "--data", data], piping: [.error])
/// defer { server.terminate() }
/// let status = await server.waitUntilExit()
/// ```
public final class SpawnedProcess: @unchecked Sendable {
    /// A standard stream of the child.
    public enum Stream: Hashable, Sendable {
        case input, output, error
    }

    /// Why a process could not be started.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// The child's process ID.
    public let processIdentifier: pid_t
    /// Where to write the child's standard input, when piped.
    public let standardInput: FileHandle?
    /// Where to read the child's standard output, when piped.
    public let standardOutput: FileHandle?
    /// Where to read the child's standard error, when piped.
    public let standardError: FileHandle?

    /// A write to a child that has exited fails with EPIPE instead of the signal ending the test process.
    private static let ignoreBrokenPipes: Void = {
        #if canImport(Glibc)
        _ = Glibc.signal(SIGPIPE, SIG_IGN)
        #elseif canImport(Darwin)
        _ = Darwin.signal(SIGPIPE, SIG_IGN)
        #endif
    }()

    private let lock = NSLock()
    private var exitStatus: Int32?

    /// Starts `executable` with `arguments`.
    /// - Parameters:
    ///   - environment: The child's variables; the test process's own when `nil`.
    ///   - piping: The streams on pipes; the others are `/dev/null`.
    public init(_ executable: URL, _ arguments: [String], environment: [String: String]? = nil, piping: Set<Stream> = [.input, .output, .error]) throws {
        Self.ignoreBrokenPipes
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var parentEnds: [Stream: Int32] = [:]
        var childEnds: [Int32] = []
        for (stream, descriptor) in [(Stream.input, STDIN_FILENO), (.output, STDOUT_FILENO), (.error, STDERR_FILENO)] {
            guard piping.contains(stream) else {
                posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", stream == .input ? O_RDONLY : O_WRONLY, 0)
                continue
            }
            guard let ends = Self.closeOnExecPipe() else {
                (childEnds + parentEnds.values).forEach { close($0) }
                throw Failure(description: "cannot make a pipe: \(String(cString: strerror(errno)))")
            }
            let (childEnd, parentEnd) = stream == .input ? (ends.read, ends.write) : (ends.write, ends.read)
            posix_spawn_file_actions_adddup2(&actions, childEnd, descriptor)
            childEnds.append(childEnd)
            parentEnds[stream] = parentEnd
        }
        Self.closeOtherDescriptors(in: &actions)
        var attributes = Self.freshSignalAttributes()
        defer { posix_spawnattr_destroy(&attributes) }
        let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
        let envp = (environment ?? ProcessInfo.processInfo.environment).map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var process: pid_t = 0
        let spawned = posix_spawn(&process, executable.path, &actions, &attributes, argv, envp)
        childEnds.forEach { close($0) }
        guard spawned == 0 else {
            parentEnds.values.forEach { close($0) }
            throw Failure(description: "cannot start \(executable.path): \(String(cString: strerror(spawned)))")
        }
        processIdentifier = process
        standardInput = parentEnds[.input].map { FileHandle(fileDescriptor: $0, closeOnDealloc: true) }
        standardOutput = parentEnds[.output].map { FileHandle(fileDescriptor: $0, closeOnDealloc: true) }
        standardError = parentEnds[.error].map { FileHandle(fileDescriptor: $0, closeOnDealloc: true) }
    }

    /// Whether the child has not exited yet.
    public var isRunning: Bool {
        exited(waiting: false) == nil
    }

    /// Sends `signal` to the child, unless it has already been waited for.
    public func signal(_ signal: Int32) {
        lock.withLock {
            if exitStatus == nil { _ = kill(processIdentifier, signal) }
        }
    }

    /// Asks the child to stop (SIGTERM).
    public func terminate() {
        signal(SIGTERM)
    }

    /// Waits for the child to exit, on a thread of its own (`BlockingCall`), and returns its exit status or the
    /// number of the signal that ended it.
    @discardableResult
    public func waitUntilExit() async -> Int32 {
        await BlockingCall.run { self.waitForExit() }
    }

    /// Blocks the calling thread until the child exits: only for threads of test support's own.
    func waitForExit() -> Int32 {
        while true {
            if let status = exited(waiting: true) { return status }
        }
    }

    /// The child's status once it has exited, waiting for that when `waiting`; `nil` while it runs.
    private func exited(waiting: Bool) -> Int32? {
        if let known = lock.withLock({ exitStatus }) { return known }
        var status: Int32 = 0
        var reaped: pid_t
        repeat {
            reaped = waitpid(processIdentifier, &status, waiting ? 0 : WNOHANG)
        } while reaped == -1 && errno == EINTR
        return lock.withLock {
            if exitStatus == nil, reaped == processIdentifier {
                let signal = status & 0x7f
                exitStatus = signal == 0 ? (status >> 8) & 0xff : signal
            }
            return exitStatus ?? (reaped == -1 ? -1 : nil)
        }
    }

    /// A pipe whose two ends are closed in any program started after it. (Between the pipe and the flag, a child
    /// started by another thread could get them; the close-from action below keeps them from it all the same.)
    private static func closeOnExecPipe() -> (read: Int32, write: Int32)? {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return nil }
        ends.forEach { _ = fcntl($0, F_SETFD, FD_CLOEXEC) }
        return (ends[0], ends[1])
    }

    /// Adds to `actions` the closing of every descriptor above standard error, through glibc's
    /// `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), which Swift's Glibc module does not declare;
    /// where it is missing, only the pipes, which are close-on-exec, are kept from the child.
    private static func closeOtherDescriptors(in actions: inout posix_spawn_file_actions_t) {
        typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return }
        _ = unsafeBitCast(symbol, to: AddCloseFrom.self)(&actions, 3)
    }

    /// Spawn attributes that give the child no blocked signal and every signal at its default action.
    private static func freshSignalAttributes() -> posix_spawnattr_t {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        var every = sigset_t()
        sigfillset(&every)
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &every)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        return attributes
    }
}
