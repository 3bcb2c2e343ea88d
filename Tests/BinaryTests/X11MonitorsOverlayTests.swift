import ConfettiApp
import ConfettiGL
import Foundation
import Testing
import TestSupport

/// The overlay on an X server with two monitors side by side (Xorg's dummy driver, xrandr, and
/// xcompmgr for the alpha): one window over the whole root window, a launch on each monitor (the
/// first by default, the second by an `--at` on it). The picture is kept in .build/pictures/ for
/// a person to look at.
@Suite(.serialized) struct X11MonitorsOverlayTests {
    /// Also with a WAYLAND_DISPLAY that no compositor answers (left over in an X session).
    @Test(arguments: [false, true])
    func overlayCoversBothMonitors(staleWaylandDisplay: Bool) async throws {
        let logs = FileManager.default.temporaryDirectory.appendingPathComponent("confetti-xorg-\(UUID())")
        defer { try? FileManager.default.removeItem(at: logs) }
        let server = try await XServer.dummy(monitors: 2, logs: logs)
        defer { server.stop() }
        let manager = try ChildProcess(["xcompmgr"], environment: server.clientEnvironment, logs: logs)
        defer { manager.stop() }
        let composited = try await eventually(within: Desktop.stallGuard) {
            try await ChildProcess.output(of: ["xwininfo", "-root", "-tree"], environment: server.clientEnvironment, logs: logs).contains("\"xcompmgr\"")
        }
        try #require(composited, "xcompmgr did not take the screen: \(manager.errorOutput)")

        let effect = try Desktop.hangingEffectFile(in: logs)
        var environment = server.clientEnvironment
        if staleWaylandDisplay { environment.merge(["WAYLAND_DISPLAY": "confetti-no-such-compositor", "XDG_RUNTIME_DIR": logs.path]) { $1 } }
        let width = XServer.dummyMonitor.width, height = XServer.dummyMonitor.height
        // A launch plays on one monitor: this overlay's on the first, a second overlay's on the
        // monitor holding its --at.
        let overlay = try ChildProcess([try ConfettiBinary.url().path, "overlay", "--mute", "--effect", effect],
                                       environment: environment, logs: logs)
        defer { overlay.stop() }
        let second = try ChildProcess([try ConfettiBinary.url().path, "overlay", "--mute", "--effect", effect, "--at", "\(width + width / 2),\(height / 2)"],
                                      environment: environment, logs: logs)
        defer { second.stop() }
        let halves = [PixelArea(x: 0, y: 0, width: width, height: height), PixelArea(x: width, y: 0, width: width, height: height)]
        var shot = RGBAImage(width: 0, height: 0, pixels: [])
        let shown = try await eventually(within: Desktop.stallGuard) {
            shot = try await XWDImage.screenshot(server, logs: logs)
            return halves.allSatisfy { shot.pixels(matching: Desktop.palette, in: $0, limit: 50).count >= 50 } || overlay.hasEnded || second.hasEnded
        }
        try PNGFile.write(shot, to: SwayOverlayTests.pictures().appendingPathComponent("x11-two-monitors\(staleWaylandDisplay ? "-stale-wayland" : "").png").path)
        try #require(shown && !overlay.hasEnded && !second.hasEnded, "\(second.errorOutput) no confetti on both monitors within \(Desktop.stallGuard) s: \(halves.map { shot.pixels(matching: Desktop.palette, in: $0, limit: 50).count }) \(overlay.errorOutput)")
        #expect(shot.width == 2 * width && shot.height == height)
        for running in [overlay, second] {
            running.send(SIGTERM)
            let ending = await running.ending(within: Desktop.stallGuard)
            #expect(ending == .exited(143), "\(ending?.description ?? "still running"): \(running.errorOutput)")
        }
    }
}
