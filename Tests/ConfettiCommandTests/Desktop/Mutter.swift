import Foundation
import TestSupport

/// A private headless Mutter (GNOME's compositor) with one virtual monitor, Wayland only, in a
/// session bus of its own (dbus-run-session). It has no layer shell.
final class Mutter {
    let runtimeDirectory: URL
    let process: ChildProcess
    static let socket = "wayland-0"

    init(monitor: String = "1280x720") async throws {
        let runtimeDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("confetti-mutter-\(UUID())")
        self.runtimeDirectory = runtimeDirectory
        try FileManager.default.createDirectory(at: runtimeDirectory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let process = try ChildProcess(["dbus-run-session", "--", "mutter", "--headless", "--wayland", "--no-x11", "--virtual-monitor", monitor],
                                       environment: ChildProcess.environment(["XDG_RUNTIME_DIR": runtimeDirectory.path, "HOME": runtimeDirectory.path,
                                                                              "WAYLAND_DISPLAY": nil, "DISPLAY": nil]),
                                       logs: runtimeDirectory)
        // Its socket is there once it listens.
        let socket = runtimeDirectory.appendingPathComponent(Self.socket).path
        let started = await eventually(within: Desktop.stallGuard) { FileManager.default.fileExists(atPath: socket) || process.hasEnded }
        guard started, !process.hasEnded else {
            Self.stop(process)
            try? FileManager.default.removeItem(at: runtimeDirectory)
            throw TestFailure("mutter did not start within \(Desktop.stallGuard) s (are mutter and dbus installed? make test installs them): \(process.errorOutput.suffix(1500))")
        }
        self.process = process
    }

    var waylandEnvironment: [String: String] {
        ChildProcess.environment(["XDG_RUNTIME_DIR": runtimeDirectory.path, "WAYLAND_DISPLAY": Self.socket, "DISPLAY": nil])
    }

    /// dbus-run-session does not pass a signal on: its children (the bus and mutter) are stopped
    /// first, by their process ids.
    private static func stop(_ process: ChildProcess) {
        let file = "/proc/\(process.pid)/task/\(process.pid)/children"
        let children = (try? String(contentsOfFile: file, encoding: .utf8))?.split(separator: " ").compactMap { pid_t($0) } ?? []
        for child in children { kill(child, SIGTERM) }
        process.stop()
    }

    func stop() {
        Self.stop(process)
        try? FileManager.default.removeItem(at: runtimeDirectory)
    }
}
