import CGLFW
import ConfettiApp
import ConfettiGL
import Foundation
import GLTestSupport
import Testing
import TestSupport

/// The window costs nothing while nothing moves, and animates while something does.
@Suite struct ViewerIdleTests {
    @Test func anIdleViewerWaitsForInputInsteadOfRedrawing() async throws {
        try await SharedGL.withDisplay {
            var options = Viewer.Options()
            options.vsync = false
            options.width = 320
            options.height = 180
            // A short-lived burst, so the run has an animated part and an idle one.
            options.effect.confetti.physics = ConfettiPhysics(gravity: 280, drag: 1.6, lifetime: 0.3, fadeOutDuration: 0.1)
            options.quitAfter = 3
            let viewer = try Viewer(options: options)
            defer { viewer.close() }
            try viewer.fireConfetti()
            // Whether something was alive at each frame drawn, by the viewer's own clock: how
            // many frames a loaded machine manages while the burst lives is its business.
            var alive: [Bool] = []
            viewer.afterFrame = { v in alive.append(!v.renderer.celebration.isIdle(at: v.clock.time)) }
            var times = FrameTimeSample()
            let cpu = try ThreadCost.of { times = try viewer.run() }.cpuSeconds
            #expect(!viewer.isAnimating)
            #expect(times.frames == alive.count)
            // Frames while the burst lived, then one that shows it gone, and none after: a viewer
            // that stopped animating early would have slept through its death (no frame after
            // it), one that kept animating would have drawn on.
            let living = alive.prefix { $0 }.count, after = alive.count - living
            #expect(living >= 1 && (1...2).contains(after), "frames alive then after the burst died: \(alive)")
            var idleOptions = options
            idleOptions.quitAfter = 1.0
            let idleViewer = try Viewer(options: idleOptions)
            defer { idleViewer.close() }
            var idleTimes = FrameTimeSample()
            let idleCPU = try ThreadCost.of { idleTimes = try idleViewer.run() }.cpuSeconds
            #expect(idleTimes.frames <= 2, "an idle window drew \(idleTimes.frames) frames in 1 s")
            // CPU time, not wall time: a busy machine does not make a sleeping loop cost more.
            #expect(idleCPU < 0.05, "an idle second cost \(idleCPU) s of CPU")
            print(String(format: "viewer: %d frames while a 0.3 s burst lived, %d after (%.2f s CPU in 3 s); idle: %d frames, %.3f s CPU in 1 s", living, after, cpu, idleTimes.frames, idleCPU))
        }
    }
}
