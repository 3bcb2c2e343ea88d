import CGLFW
import ConfettiApp
import ConfettiGL
import Foundation
import GLTestSupport
import Testing
import TestSupport

/// `--stress N` keeps N alive in the viewer's own loop, and `--quit-after`'s line says so.
@Suite struct ViewerStressTests {
    @Test func stressModeKeepsTheLevelItNamesInEveryFrameOfTheLoopAndTheSummarySaysSo() async throws {
        try await SharedGL.withDisplay {
            // 10,000 and 100,000 (8.3k and 44-71k on average before the exact schedule), and
            // the top level, key 6, in the default rings (refused before they made room for the
            // overlap of its launches).
            for (level, frames) in [(10_000, 5), (100_000, 5), (Viewer.stressLevels.max()!, 2)] {
                var options = Viewer.Options()
                options.vsync = false
                options.width = 320
                options.height = 180
                options.stress = level
                let viewer = try Viewer(options: options)
                defer { viewer.close() }
                #expect(options.capacity == Viewer.defaultCapacity)
                // A few frames, however long a loaded machine takes to draw them.
                var perFrame: [Int] = []
                viewer.afterFrame = { v in
                    perFrame.append(v.renderer.celebration.liveParticles(at: v.clock.time))
                    if perFrame.count == frames { v.window.shouldClose = true }
                }
                let times = try viewer.run()
                #expect(times.frames == frames, "level \(level): \(times.frames) frames")
                #expect(times.frames == perFrame.count)
                #expect(times.minLive == level && times.maxLive == level && times.livePercentile(0.5) == level,
                        "level \(level): \(times.summary); per frame \(perFrame.prefix(20))")
                #expect(times.summary.hasSuffix("live median \(level) (min \(level), max \(level))"), "\(times.summary)")
                print("stress \(level): \(times.summary)")
            }
        }
    }
}
