import Foundation

/// nginx in the foreground with a test's configuration (the `http` block's contents), in a folder of its own.
public struct NginxProcess: Sendable {
    private let process: SpawnedProcess
    private let folder: URL

    /// Starts `/usr/sbin/nginx` with `configuration` inside its `http` block.
    public init(configuration: String) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("ckserver-nginx-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // Workers may run as another user: the folder is theirs to write too.
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: folder.path)
        let path = folder.path
        let file = """
            daemon off;
            pid \(path)/nginx.pid;
            error_log \(path)/error.log;
            events {}
            http {
                access_log off;
                client_body_temp_path \(path)/body;
                proxy_temp_path \(path)/proxy;
                fastcgi_temp_path \(path)/fastcgi;
                uwsgi_temp_path \(path)/uwsgi;
                scgi_temp_path \(path)/scgi;
            \(configuration)
            }
            """
        try file.write(to: folder.appendingPathComponent("nginx.conf"), atomically: true, encoding: .utf8)
        process = try SpawnedProcess(URL(fileURLWithPath: "/usr/sbin/nginx"), ["-p", path, "-c", "\(path)/nginx.conf"], piping: [])
    }

    /// Returns once something accepts connections on `port`, or throws after 10 seconds.
    public static func waitUntilListening(on port: Int) async throws {
        let deadline = ContinuousClock.now + .seconds(10)
        while ContinuousClock.now < deadline {
            if let connection = try? RawConnection(port: port) {
                connection.hangUp()
                return
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw SpawnedProcess.Failure(description: "nothing listens on \(port) after 10 seconds")
    }

    /// Stops nginx (a fast shutdown: its workers with it) and removes its folder.
    public func stop() async {
        process.terminate()
        _ = await process.waitUntilExit()
        try? FileManager.default.removeItem(at: folder)
    }
}
