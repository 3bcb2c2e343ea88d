import ConfettiApp
import ConfettiGL
import Foundation
import Testing
import TestSupport

/// The overlay on KWin 5.27 (its virtual backend, two outputs side by side): layer surfaces on
/// both, at scale 1 and at 1.5, where KWin sends the fractional scale only after the first
/// commit and the overlay draws again at it, sharp: a buffer of the output's pixels shown through
/// a viewport at its size in points (KWin's --width and --height are points). The pictures are kept in .build/pictures/.
@Suite(.serialized) struct KWinOverlayTests {
    @Test(arguments: [1.0, 1.5])
    func overlayCoversBothOutputs(scale: Double) async throws {
        let kwin = try await KWin(outputs: 2, width: 1280, height: 720, scale: scale)
        defer { kwin.stop() }
        let effect = try Desktop.hangingEffectFile(in: kwin.runtimeDirectory)
        var environment = kwin.waylandEnvironment
        environment["WAYLAND_DEBUG"] = "client"
        let overlay = try ChildProcess([try ConfettiBinary.url().path, "overlay", "--mute", "--effect", effect],
                                       environment: environment, logs: kwin.runtimeDirectory)
        defer { overlay.stop() }
        // A launch plays on one output: this overlay's on the first, a second overlay's on
        // Virtual-1, each over both outputs' surfaces of its own.
        let second = try ChildProcess([try ConfettiBinary.url().path, "overlay", "--mute", "--effect", effect, "--output", "Virtual-1"],
                                      environment: kwin.waylandEnvironment, logs: kwin.runtimeDirectory)
        defer { second.stop() }
        let names = ["Virtual-0", "Virtual-1"]
        var shots: [String: RGBAImage] = [:]
        let shown = try await eventually(within: Desktop.stallGuard) {
            for name in names { shots[name] = try await kwin.screenshot(output: name) }
            return shots.values.allSatisfy { $0.pixels(matching: Desktop.palette, tolerance: 2, limit: 100).count >= 100 } || overlay.hasEnded || second.hasEnded
        }
        for (name, shot) in shots {
            try PNGFile.write(shot, to: SwayOverlayTests.pictures().appendingPathComponent("kwin-\(scale)-\(name).png").path)
        }
        try #require(shown && !overlay.hasEnded && !second.hasEnded, "\(second.errorOutput.suffix(300)) no confetti on both outputs within \(Desktop.stallGuard) s: \(shots.mapValues { $0.pixels(matching: Desktop.palette, tolerance: 2, limit: 100).count }) \(overlay.errorOutput.suffix(300))")
        // Each output is 1280×720 points, its picture its pixels: 1920×1080 at 1.5.
        #expect(shots.values.allSatisfy { $0.width == Int(1280 * scale) && $0.height == Int(720 * scale) }, "\(shots.mapValues { "\($0.width)x\($0.height)" })")
        let log = overlay.errorOutput.split(separator: "\n")
        #expect(log.contains { $0.contains("get_layer_surface(") }, "layer surfaces")
        #expect(!log.contains { $0.hasPrefix("confetti: ") }, "no fallback line: \(log.filter { $0.hasPrefix("confetti: ") })")
        if scale != 1 {
            // 1.5 is 180/120: buffers of 1920×1080 pixels at buffer scale 1, shown at 1280×720
            // points through the viewport.
            #expect(log.contains { $0.contains(".preferred_scale(180)") }, "KWin's preferred scale")
            #expect(log.contains { $0.contains("wp_viewport@") && $0.contains(".set_destination(1280, 720)") }, "\(log.filter { $0.contains("set_destination") }.prefix(3))")
            #expect(!log.contains { $0.contains(".set_buffer_scale(") && !$0.contains(".set_buffer_scale(1)") })
            // Mesa's software EGL hands KWin shared-memory buffers: after the preferred scale
            // came, of 1920×1080 pixels (the first commit's were 1280×720).
            #expect(log.contains { $0.contains(".create_buffer(") && $0.contains(", 1920, 1080, ") }, "\(log.filter { $0.contains("create_buffer") }.prefix(3))")
        }
        for running in [overlay, second] {
            running.send(SIGTERM)
            let ending = await running.ending(within: Desktop.stallGuard)
            #expect(ending == .exited(143), "\(ending?.description ?? "still running"): \(running.errorOutput.suffix(300))")
        }
    }
}
