import Foundation

/// Reads a Core Data model from disk: an `.xcdatamodeld` bundle (its current version, as `.xccurrentversion`
/// names it, else its only version), an `.xcdatamodel` folder, or a `contents` file itself.
public enum ModelFile {
    /// The largest `contents` file read: models are a few kilobytes; this bounds a wrong path's cost.
    public static let maximumSize = 16 << 20

    /// The model at `url`.
    public static func read(_ url: URL) throws(ModelReadError) -> CoreDataModel {
        let contents = try contentsFile(of: url)
        let name = contents == url ? url.path : relativeName(of: contents, under: url)
        return try ModelDecoder(file: name).model(from: try text(of: contents, named: name))
    }

    /// The model in `text`, a `contents` file's XML, named `file` in errors.
    public static func decode(_ text: String, file: String) throws(ModelReadError) -> CoreDataModel {
        try ModelDecoder(file: file).model(from: text)
    }

    /// The `contents` file `url` stands for.
    private static func contentsFile(of url: URL) throws(ModelReadError) -> URL {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw ModelReadError(file: url.path, line: nil, message: "no such file or folder")
        }
        guard isDirectory.boolValue else { return url }
        if url.pathExtension == "xcdatamodeld" {
            return try versionFolder(of: url).appendingPathComponent("contents")
        }
        return url.appendingPathComponent("contents")
    }

    /// The version folder of a bundle: the one `.xccurrentversion` names, or the only one.
    private static func versionFolder(of bundle: URL) throws(ModelReadError) -> URL {
        let currentVersion = bundle.appendingPathComponent(".xccurrentversion")
        if FileManager.default.fileExists(atPath: currentVersion.path) {
            let name = bundle.lastPathComponent + "/.xccurrentversion"
            let version = try CurrentVersion.name(in: try text(of: currentVersion, named: name), file: name)
            return bundle.appendingPathComponent(version)
        }
        let versions = ((try? FileManager.default.contentsOfDirectory(atPath: bundle.path)) ?? []).filter { $0.hasSuffix(".xcdatamodel") }.sorted()
        guard versions.count == 1 else {
            let found = versions.isEmpty ? "none" : versions.joined(separator: ", ")
            throw ModelReadError(
                file: bundle.path, line: nil, message: "expected a .xccurrentversion naming the current version, or a single .xcdatamodel (found \(found))")
        }
        return bundle.appendingPathComponent(versions[0])
    }

    private static func text(of url: URL, named name: String) throws(ModelReadError) -> String {
        let data: Data
        do {
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            data = try handle.read(upToCount: maximumSize + 1) ?? Data()
        } catch {
            throw ModelReadError(file: name, line: nil, message: "cannot be read (\(error.localizedDescription))")
        }
        guard data.count <= maximumSize else { throw ModelReadError(file: name, line: nil, message: "is larger than \(maximumSize >> 20) MB: not a model") }
        guard let text = String(data: data, encoding: .utf8) else { throw ModelReadError(file: name, line: nil, message: "is not UTF-8 text") }
        return text
    }

    /// `Model.xcdatamodeld/Model 2.xcdatamodel/contents`: the file named from the folder the user gave.
    private static func relativeName(of file: URL, under folder: URL) -> String {
        folder.lastPathComponent + String(file.path.dropFirst(folder.path.count))
    }
}
