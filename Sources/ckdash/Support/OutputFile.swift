import CommandLineSupport
import Foundation

/// Where a command streams its output: a file it creates (or empties), or standard output.
struct OutputFile {
    private let handle: FileHandle
    /// The file's path; `nil` for standard output.
    let path: String?

    /// Creates or empties `path`, or writes to standard output when it is `nil` or `-`.
    init(path: String?) throws {
        guard let path, path != "-" else {
            self.handle = .standardOutput
            self.path = nil
            return
        }
        guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else {
            throw CommandFailure("cannot write \(path)")
        }
        self.handle = handle
        self.path = path
    }

    /// Appends `text`.
    func write(_ text: String) throws {
        do {
            try handle.write(contentsOf: Data(text.utf8))
        } catch {
            throw CommandFailure("cannot write \(path ?? "standard output"): \(error.localizedDescription)")
        }
    }

    /// Closes the file (standard output stays open).
    func close() throws {
        if path != nil { try handle.close() }
    }
}
