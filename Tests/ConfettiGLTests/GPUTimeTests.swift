@preconcurrency import CEpoxy
@testable import ConfettiApp
import ConfettiGL
import Foundation
import Testing

/// GPU time from GL timestamps, read back a few frames later: in the library (each draw), and
/// in the viewer's HUD and `--quit-after` lines (the whole frame and its particle passes).
@Suite struct GPUTimeTests {
    static let size = Size(width: 320, height: 180)

    @Test func aCelebrationReportsTheGPUTimeOfAnEarlierDrawWithoutWaitingForIt() async throws {
        try await SharedGL.run {
            let celebration = try Celebration(capacity: 4_096, shaders: SharedGL.shaders(), seed: 3)
            let target = try OffscreenTarget(width: Int(Self.size.width), height: Int(Self.size.height))
            defer { celebration.delete(); target.delete() }
            target.bind()
            #expect(celebration.gpuMilliseconds == nil)
            // Nothing alive: nothing drawn, nothing timed.
            celebration.draw(at: 0, viewport: Self.size, pixelsPerPoint: 1)
            #expect(celebration.gpuMilliseconds == nil)

            var confetti = Effect.confetti
            confetti.confetti.count = 2_000
            try celebration.fire(confetti, at: 0, in: Self.size)
            celebration.draw(at: 0.1, viewport: Self.size, pixelsPerPoint: 1)
            // A draw's own timing is never read back by the draw itself: that would wait.
            #expect(celebration.gpuMilliseconds == nil, "the first draw's time was read back at once")
            var draws = 1
            while celebration.gpuMilliseconds == nil && draws < 64 {
                epoxy_glFinish()
                celebration.draw(at: 0.1 + 0.01 * Double(draws), viewport: Self.size, pixelsPerPoint: 1)
                draws += 1
            }
            let ms = try #require(celebration.gpuMilliseconds, "no GPU time after \(draws) draws")
            #expect(ms > 0 && ms < 10_000, "\(ms) ms")
            #expect(draws >= 2)
        }
    }

    @Test func aFramesIntervalsAddUpToNoMoreThanTheSpanThatHoldsThem() async throws {
        try await SharedGL.run {
            let celebration = try Celebration(capacity: 8_192, shaders: SharedGL.shaders(), seed: 4)
            let target = try OffscreenTarget(width: Int(Self.size.width), height: Int(Self.size.height))
            let span = GPUTimer(), parts = GPUTimer(intervals: 2)
            defer { celebration.delete(); target.delete(); span.delete(); parts.delete() }
            target.bind()
            var confetti = Effect.confetti
            confetti.confetti.count = 4_000
            try celebration.fire(confetti, at: 0, in: Self.size)
            for frame in 0..<6 {
                let t = 0.2 + 0.01 * Double(frame)
                span.begin()
                parts.begin()
                celebration.draw(at: t, viewport: Self.size, pixelsPerPoint: 1, layer: .behindButton)
                celebration.draw(at: t, viewport: Self.size, pixelsPerPoint: 1, layer: .overButton)
                parts.end()
                clearFramebuffer(to: RGB(0, 0, 0))  // between the parts: in the span, in no part
                parts.begin()
                celebration.draw(at: t, viewport: Self.size, pixelsPerPoint: 1)
                parts.endFrame()
                span.endFrame()
                epoxy_glFinish()
            }
            let whole = try #require(span.latestMilliseconds), summed = try #require(parts.latestMilliseconds)
            #expect(summed > 0 && summed <= whole, "two intervals \(summed) ms within a span of \(whole) ms")
        }
    }

    @Test func theViewerShowsGPUAndCPUTimeInTheHUDAndItsReport() async throws {
        try await SharedGL.withDisplay {
            var options = Viewer.Options()
            options.vsync = false
            options.width = 320
            options.height = 180
            options.stress = 1_000
            let viewer = try Viewer(options: options)
            defer { viewer.close() }
            // Until both GPU times have come back, however long a loaded machine takes.
            viewer.afterFrame = { v in
                if !v.lastTimings.gpu.isNaN && !v.lastTimings.particlesGPU.isNaN || v.framesDrawn >= 500 { v.window.shouldClose = true }
            }
            let times = try viewer.run()
            let last = viewer.lastTimings
            #expect(!last.gpu.isNaN && !last.particlesGPU.isNaN, "no GPU time after \(times.frames) frames")
            #expect(last.particlesGPU <= last.gpu, "particles \(last.particlesGPU) s within the frame's \(last.gpu) s")
            #expect(last.cpu > 0 && last.present >= 0)
            let lines = times.timingLines
            #expect(lines.count == 2 && lines[0].hasPrefix("median: frame ") && lines[1].hasPrefix("p95: frame "), "\(lines)")
            #expect(lines.allSatisfy { $0.contains(" ms, GPU ") && !$0.contains("GPU not measured") && $0.contains(", CPU ") }, "\(lines)")
            viewer.updateTitle()
            #expect(viewer.hudText.contains("GPU ") && viewer.hudText.contains("CPU ") && viewer.hudText.hasSuffix(" MB"), "\(viewer.hudText)")
            #expect(!viewer.window.title.contains("GPU"), "the title keeps its short form: \(viewer.window.title)")
        }
    }
}
