import ConfettiApp
import ConfettiGL
import Foundation
import TestSupport

/// A private headless weston: its own 0700 runtime directory (Wayland refuses any other),
/// pixman rendering (no GPU), no idle blanking, `--debug` for the screenshot protocol, and
/// XWayland, which weston starts when the first X client connects.
final class Weston {
    /// Its place in the pool of heavy work (`HeavySlot`), given back by `stop`.
    private let slot: HeavySlot
    static let size = (width: 1024, height: 768)

    let runtimeDirectory: URL
    static let socket = "wayland-confetti"
    let process: ChildProcess
    /// XWayland's display, `:N`, as weston's log announces it.
    let xDisplay: String

    private var log: String { Self.log(in: runtimeDirectory) }

    private static func log(in directory: URL) -> String {
        (try? String(contentsOf: directory.appendingPathComponent("weston.log"), encoding: .utf8)) ?? ""
    }

    init() async throws {
        slot = await HeavySlot.take()
        let runtimeDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("confetti-weston-\(UUID())")
        self.runtimeDirectory = runtimeDirectory
        try FileManager.default.createDirectory(at: runtimeDirectory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let arguments = ["weston", "--backend=headless-backend.so", "--use-pixman", "--idle-time=0", "--debug", "--xwayland",
                         "--socket=\(Self.socket)", "--width=\(Self.size.width)", "--height=\(Self.size.height)",
                         "--log=\(runtimeDirectory.appendingPathComponent("weston.log").path)"]
        let process = try ChildProcess(arguments, environment: ChildProcess.environment(
            ["XDG_RUNTIME_DIR": runtimeDirectory.path, "WAYLAND_DISPLAY": nil, "DISPLAY": nil]), logs: runtimeDirectory)
        let marker = "xserver listening on display "
        let socketPath = runtimeDirectory.appendingPathComponent(Self.socket).path
        var display: String?
        _ = await eventually(within: Desktop.stallGuard) {
            if let line = Self.log(in: runtimeDirectory).split(separator: "\n").first(where: { $0.contains(marker) }), FileManager.default.fileExists(atPath: socketPath) {
                display = line.components(separatedBy: marker).last?.trimmingCharacters(in: .whitespaces)
            }
            return display != nil || process.hasEnded
        }
        guard let display else {
            let log = Self.log(in: runtimeDirectory)
            process.stop()
            try? FileManager.default.removeItem(at: runtimeDirectory)
            throw TestFailure("weston did not start with XWayland within \(Desktop.stallGuard) s (are the weston and xwayland packages installed? make test installs them): \(log.suffix(1500)) \(process.errorOutput.suffix(500))")
        }
        self.process = process
        xDisplay = display
    }

    /// A native Wayland client's environment: this compositor, and no X server to fall back on.
    var waylandEnvironment: [String: String] {
        ChildProcess.environment(["XDG_RUNTIME_DIR": runtimeDirectory.path, "WAYLAND_DISPLAY": Self.socket, "DISPLAY": nil])
    }

    /// An X client's environment: XWayland, and no Wayland.
    var xEnvironment: [String: String] {
        ChildProcess.environment(["DISPLAY": xDisplay, "WAYLAND_DISPLAY": nil])
    }

    /// Whether weston has started XWayland (for the first X client).
    var startedXWayland: Bool { log.contains("Spawned Xwayland server") }

    /// The whole output, through weston-screenshooter, which writes a PNG into its working
    /// directory (env -C chooses it).
    func screenshot() async throws -> RGBAImage {
        let directory = runtimeDirectory.appendingPathComponent("shots-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = try await ChildProcess.output(of: ["env", "-C", directory.path, "weston-screenshooter"], environment: waylandEnvironment, logs: directory)
        guard let png = try FileManager.default.contentsOfDirectory(atPath: directory.path).first(where: { $0.hasSuffix(".png") }) else {
            throw TestFailure("weston-screenshooter wrote no PNG into \(directory.path)")
        }
        return try PNGFile.read(directory.appendingPathComponent(png).path)
    }

    func stop() {
        process.stop()
        try? FileManager.default.removeItem(at: runtimeDirectory)
        slot.release()
    }
}
