import ConfettiGL
import Foundation
import TestSupport

/// A private KWin 5.27 on its virtual backend (`--virtual`: no GPU, no input devices), in a
/// session bus of its own, with screenshots through org.kde.KWin.ScreenShot2 allowed to any
/// client (KWIN_SCREENSHOT_NO_PERMISSION_CHECKS). Debian's kwin_wayland carries a file
/// capability (cap_sys_resource) that stops it starting here, so a copy without it runs; the
/// copy keeps the name kwin_wayland, which KWin looks for.
final class KWin {
    /// Its place in the pool of heavy work (`HeavySlot`), given back by `stop`.
    private let slot: HeavySlot
    let runtimeDirectory: URL
    let process: ChildProcess
    static let socket = "wayland-confetti"
    /// The session bus's address, as dbus-run-session gave it to KWin.
    let bus: String
    private let screenshooter: URL

    init(outputs: Int, width: Int, height: Int, scale: Double) async throws {
        slot = await HeavySlot.take()
        let runtimeDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("confetti-kwin-\(UUID())")
        self.runtimeDirectory = runtimeDirectory
        try FileManager.default.createDirectory(at: runtimeDirectory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let copy = runtimeDirectory.appendingPathComponent("kwin_wayland")
        try await ChildProcess.installExecutable(copying: URL(fileURLWithPath: "/usr/bin/kwin_wayland"), at: copy)
        // The screenshot client, built from its C source.
        screenshooter = runtimeDirectory.appendingPathComponent("kwin-screenshot")
        let flags = try await ChildProcess.output(of: ["pkg-config", "--cflags", "--libs", "gio-unix-2.0"], environment: ChildProcess.environment([:]))
        _ = try await ChildProcess.output(of: ["gcc", Repository.file("Tests/BinaryTests/Desktop/Tools/kwin-screenshot.c").path, "-o", screenshooter.path]
                                            + flags.split(separator: " ").map { String($0).trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty },
                                          environment: ChildProcess.environment([:]), logs: runtimeDirectory)
        let busFile = runtimeDirectory.appendingPathComponent("bus")
        let command = "echo \"$DBUS_SESSION_BUS_ADDRESS\" > '\(busFile.path)'; exec '\(copy.path)' --virtual --output-count \(outputs) --width \(width) --height \(height) --scale \(scale) --socket \(Self.socket) --no-lockscreen"
        let process = try ChildProcess(["dbus-run-session", "--", "sh", "-c", command],
                                       environment: ChildProcess.environment(["XDG_RUNTIME_DIR": runtimeDirectory.path, "HOME": runtimeDirectory.path,
                                                                              "WAYLAND_DISPLAY": nil, "DISPLAY": nil, "KWIN_SCREENSHOT_NO_PERMISSION_CHECKS": "1"]),
                                       logs: runtimeDirectory)
        let socket = runtimeDirectory.appendingPathComponent(Self.socket).path
        var bus = ""
        let started = await eventually(within: Desktop.stallGuard) {
            bus = (try? String(contentsOf: busFile, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            return FileManager.default.fileExists(atPath: socket) && !bus.isEmpty || process.hasEnded
        }
        guard started, !process.hasEnded else {
            process.stopWithChildren()
            try? FileManager.default.removeItem(at: runtimeDirectory)
            throw TestFailure("kwin_wayland did not start within \(Desktop.stallGuard) s (is kwin-wayland installed? make test installs it): \(process.errorOutput.suffix(1500))")
        }
        // Screenshots can be taken once KWin has its ScreenShot2 object on the bus.
        let busEnvironment = ChildProcess.environment(["DBUS_SESSION_BUS_ADDRESS": bus])
        var answer = ""
        let screenshots = try await eventually(within: Desktop.stallGuard) {
            let outcome = try await ChildProcess.run(["gdbus", "introspect", "--session", "--dest", "org.kde.KWin", "--object-path", "/org/kde/KWin/ScreenShot2"],
                                                     environment: busEnvironment, timeout: Desktop.stallGuard)
            answer = outcome.stdout + outcome.stderr
            return outcome.status == 0 && outcome.stdout.contains("CaptureScreen") || process.hasEnded
        }
        guard screenshots, !process.hasEnded else {
            process.stopWithChildren()
            try? FileManager.default.removeItem(at: runtimeDirectory)
            throw TestFailure("KWin offered no org.kde.KWin.ScreenShot2 within \(Desktop.stallGuard) s: \(answer.suffix(300)) \(process.errorOutput.suffix(1000))")
        }
        self.process = process
        self.bus = bus
    }

    var waylandEnvironment: [String: String] {
        ChildProcess.environment(["XDG_RUNTIME_DIR": runtimeDirectory.path, "WAYLAND_DISPLAY": Self.socket, "DISPLAY": nil])
    }

    /// One output's picture at its native resolution (its pixels, not its points).
    func screenshot(output name: String) async throws -> RGBAImage {
        let file = runtimeDirectory.appendingPathComponent("shot-\(UUID()).raw")
        defer { try? FileManager.default.removeItem(at: file) }
        _ = try await ChildProcess.output(of: [screenshooter.path, name, file.path],
                                          environment: ChildProcess.environment(["DBUS_SESSION_BUS_ADDRESS": bus]), logs: runtimeDirectory)
        let data = try Data(contentsOf: file)
        guard let newline = data.firstIndex(of: 0x0A) else { throw TestFailure("kwin-screenshot wrote no header") }
        let header = String(decoding: data[..<newline], as: UTF8.self).split(separator: " ").compactMap { Int($0) }
        guard header.count == 4, [4, 5, 6].contains(header[3]) else { throw TestFailure("kwin-screenshot: a picture of format \(header), not 32-bit ARGB") }
        let (width, height, stride) = (header[0], header[1], header[2])
        let rows = [UInt8](data[(newline + 1)...])
        guard rows.count >= stride * height else { throw TestFailure("kwin-screenshot wrote \(rows.count) bytes for \(width)x\(height)") }
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        rows.withUnsafeBufferPointer { bytes in
            for y in 0..<height {
                for x in 0..<width {
                    // B G R A in memory: a little-endian 0xAARRGGBB.
                    let from = y * stride + x * 4, to = (y * width + x) * 4
                    pixels[to] = bytes[from + 2]
                    pixels[to + 1] = bytes[from + 1]
                    pixels[to + 2] = bytes[from]
                }
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    func stop() {
        process.stopWithChildren()
        try? FileManager.default.removeItem(at: runtimeDirectory)
        slot.release()
    }
}
