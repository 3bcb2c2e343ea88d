import ConfettiApp
import ConfettiGL
import Foundation
import TestSupport

/// A private headless sway (wlroots): `WLR_BACKENDS=headless` with pixman rendering (no GPU),
/// no input devices, its outputs as `config` sets them, and no XWayland (so it leaves the other
/// tests' X servers alone). sway refuses to run as root, so it runs as nobody (uid 65534) with a
/// runtime directory that user owns; the tests, as root, are its clients all the same.
final class Sway {
    /// Its place in the pool of heavy work (`HeavySlot`), given back by `stop`.
    private let slot: HeavySlot
    let runtimeDirectory: URL
    let process: ChildProcess
    /// Its Wayland socket's name in `runtimeDirectory` (`wayland-1`), and its IPC socket's path.
    let socket: String
    let ipc: String

    /// `outputs`: sway config lines for the outputs (`output HEADLESS-1 mode 1280x720 …`);
    /// `count` headless outputs exist from the start.
    init(outputs: [String], count: Int) async throws {
        slot = await HeavySlot.take()
        let runtimeDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("confetti-sway-\(UUID())")
        self.runtimeDirectory = runtimeDirectory
        try FileManager.default.createDirectory(at: runtimeDirectory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let ready = runtimeDirectory.appendingPathComponent("ready")
        // `exec` runs once sway has its outputs and sockets: the file says it is ready.
        let config = (["xwayland disable", "default_border none"] + outputs + ["exec touch \(ready.path)"]).joined(separator: "\n") + "\n"
        let configFile = runtimeDirectory.appendingPathComponent("config")
        try config.write(to: configFile, atomically: true, encoding: .utf8)
        for path in [runtimeDirectory.path, configFile.path] {
            try FileManager.default.setAttributes([.ownerAccountID: 65534, .groupOwnerAccountID: 65534], ofItemAtPath: path)
        }
        let environment = ChildProcess.environment([
            "XDG_RUNTIME_DIR": runtimeDirectory.path, "HOME": runtimeDirectory.path, "WAYLAND_DISPLAY": nil, "DISPLAY": nil,
            "WLR_BACKENDS": "headless", "WLR_RENDERER": "pixman", "WLR_HEADLESS_OUTPUTS": "\(count)", "WLR_LIBINPUT_NO_DEVICES": "1",
        ])
        let process = try ChildProcess(["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "sway", "-c", configFile.path],
                                       environment: environment, logs: runtimeDirectory)
        var socket: String?, ipc: String?
        _ = await eventually(within: Desktop.stallGuard) {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: runtimeDirectory.path)) ?? []
            if names.contains("ready") {
                socket = names.first { $0.hasPrefix("wayland-") && !$0.hasSuffix(".lock") }
                ipc = names.first { $0.hasPrefix("sway-ipc.") }.map { runtimeDirectory.appendingPathComponent($0).path }
            }
            return socket != nil && ipc != nil || process.hasEnded
        }
        guard let socket, let ipc else {
            process.stop()
            let log = process.errorOutput.suffix(1500)
            try? FileManager.default.removeItem(at: runtimeDirectory)
            throw TestFailure("sway did not start within \(Desktop.stallGuard) s (is the sway package installed? make test installs it): \(log)")
        }
        self.process = process
        self.socket = socket
        self.ipc = ipc
    }

    /// A Wayland client's environment: this compositor only.
    var waylandEnvironment: [String: String] {
        ChildProcess.environment(["XDG_RUNTIME_DIR": runtimeDirectory.path, "WAYLAND_DISPLAY": socket, "SWAYSOCK": ipc, "DISPLAY": nil])
    }

    /// What `swaymsg ARGUMENTS` prints (`-t get_tree`, `create_output`).
    func message(_ arguments: [String]) async throws -> String {
        try await ChildProcess.output(of: ["swaymsg", "-s", ipc] + arguments, environment: waylandEnvironment, logs: runtimeDirectory)
    }

    /// Every node of `swaymsg -t get_tree`, depth first.
    func tree() async throws -> [[String: Any]] {
        let text = try await message(["-t", "get_tree"])
        guard let root = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
            throw TestFailure("swaymsg -t get_tree printed no JSON object: \(text.prefix(300))")
        }
        var nodes: [[String: Any]] = []
        func walk(_ node: [String: Any]) {
            nodes.append(node)
            for key in ["nodes", "floating_nodes"] { (node[key] as? [[String: Any]])?.forEach(walk) }
        }
        walk(root)
        return nodes
    }

    /// The outputs sway has, by name, with their rectangles in its layout.
    func outputs() async throws -> [String: (x: Int, y: Int, width: Int, height: Int, scale: Double)] {
        let text = try await message(["-t", "get_outputs", "--raw"])
        guard let list = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]] else {
            throw TestFailure("swaymsg -t get_outputs printed no JSON list: \(text.prefix(300))")
        }
        var found: [String: (x: Int, y: Int, width: Int, height: Int, scale: Double)] = [:]
        for output in list {
            guard let name = output["name"] as? String, let rect = output["rect"] as? [String: Any] else { continue }
            found[name] = (rect["x"] as? Int ?? 0, rect["y"] as? Int ?? 0, rect["width"] as? Int ?? 0, rect["height"] as? Int ?? 0, output["scale"] as? Double ?? 1)
        }
        return found
    }

    /// One output's picture in its pixels, through grim.
    func screenshot(output name: String) async throws -> RGBAImage {
        let file = runtimeDirectory.appendingPathComponent("shot-\(name)-\(UUID()).png")
        defer { try? FileManager.default.removeItem(at: file) }
        _ = try await ChildProcess.output(of: ["grim", "-o", name, file.path], environment: waylandEnvironment, logs: runtimeDirectory)
        return try PNGFile.read(file.path)
    }

    /// Keeps one output's picture at `path` (for a person to look at).
    func keepScreenshot(output name: String, at path: URL) async throws {
        _ = try await ChildProcess.output(of: ["grim", "-o", name, path.path], environment: waylandEnvironment, logs: runtimeDirectory)
    }

    func stop() {
        process.stop()
        try? FileManager.default.removeItem(at: runtimeDirectory)
        slot.release()
    }
}
