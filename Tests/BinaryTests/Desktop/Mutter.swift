import Foundation
import TestSupport

/// A private headless Mutter (GNOME's compositor) with one virtual monitor, Wayland only, in a
/// session bus of its own (dbus-run-session). It has no layer shell.
final class Mutter {
    /// Its place in the pool of heavy work (`HeavySlot`), given back by `stop`.
    private let slot: HeavySlot
    let runtimeDirectory: URL
    let process: ChildProcess
    static let socket = "wayland-0"

    init(monitor: String = "1280x720") async throws {
        slot = await HeavySlot.take()
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
            process.stopWithChildren()
            try? FileManager.default.removeItem(at: runtimeDirectory)
            throw TestFailure("mutter did not start within \(Desktop.stallGuard) s (are mutter and dbus installed? make test installs them): \(process.errorOutput.suffix(1500))")
        }
        self.process = process
    }

    /// The mutter process itself (its parent is dbus-run-session), to stop and continue.
    var compositor: pid_t? {
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = pid_t(entry),
                  let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                  let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")") else { continue }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if stat[stat.index(after: open)..<close] == "mutter", fields.count > 1, pid_t(fields[1]) == process.pid { return pid }
        }
        return nil
    }

    var waylandEnvironment: [String: String] {
        ChildProcess.environment(["XDG_RUNTIME_DIR": runtimeDirectory.path, "WAYLAND_DISPLAY": Self.socket, "DISPLAY": nil])
    }

    func stop() {
        process.stopWithChildren()
        try? FileManager.default.removeItem(at: runtimeDirectory)
        slot.release()
    }
}
