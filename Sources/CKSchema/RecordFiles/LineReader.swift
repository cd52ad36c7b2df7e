import Foundation

/// A text file's lines read a block at a time, so a large file is never held in memory whole. Line breaks
/// (`\n` or `\r\n`) are not part of the lines; lines are numbered from 1.
final class LineReader {
    private let handle: FileHandle
    private let path: String
    private var buffer: [UInt8] = []
    private var position = 0
    private var atEnd = false
    /// The number of the line `next()` returned last.
    private(set) var lineNumber = 0
    /// The bytes read from the file into `buffer` before `buffer`'s first byte.
    private var bytesBeforeBuffer = 0
    /// The file's size, when it is a regular file (not a pipe).
    private let fileSize: Int?

    /// Opens `path`; a missing or unreadable file is a `RecordFileError`.
    init(path: String) throws(RecordFileError) {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw RecordFileError.cannotRead(path: path, reason: FileManager.default.fileExists(atPath: path) ? "permission denied" : "no such file")
        }
        self.handle = handle
        self.path = path
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        fileSize = attributes?[.type] as? FileAttributeType == .typeRegular ? (attributes?[.size] as? NSNumber)?.intValue : nil
    }

    /// How much of the file (0 to 1) the lines returned so far cover; `nil` when the size is unknown.
    var fractionRead: Double? {
        guard let fileSize, fileSize > 0 else { return nil }
        return min(1, Double(bytesBeforeBuffer + position) / Double(fileSize))
    }

    deinit {
        try? handle.close()
    }

    /// The next line, or `nil` at the end of the file.
    func next() throws(RecordFileError) -> String? {
        while true {
            if let newline = buffer[position...].firstIndex(of: UInt8(ascii: "\n")) {
                var end = newline
                if end > position, buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                let line = String(decoding: buffer[position..<end], as: UTF8.self)
                position = newline + 1
                lineNumber += 1
                return line
            }
            if atEnd {
                guard position < buffer.count else { return nil }
                let line = String(decoding: buffer[position...], as: UTF8.self)
                position = buffer.count
                lineNumber += 1
                return line
            }
            buffer.removeFirst(position)
            bytesBeforeBuffer += position
            position = 0
            let block: Data
            do {
                block = try handle.read(upToCount: 1 << 20) ?? Data()
            } catch {
                throw RecordFileError.cannotRead(path: path, reason: error.localizedDescription)
            }
            if block.isEmpty { atEnd = true } else { buffer.append(contentsOf: block) }
        }
    }
}
