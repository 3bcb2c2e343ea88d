@preconcurrency import CEpoxy
@testable import ConfettiApp
import ConfettiGL
import Foundation
import GLTestSupport
import Testing

/// GPU time from GL timestamps, read back a few frames later, in the library (each draw). The
/// viewer's HUD and `--quit-after` lines are ViewerGPUTimeTests'.
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
                celebration.draw(at: t, viewport: Self.size, pixelsPerPoint: 1, side: .behindButton)
                celebration.draw(at: t, viewport: Self.size, pixelsPerPoint: 1, side: .overButton)
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
}
