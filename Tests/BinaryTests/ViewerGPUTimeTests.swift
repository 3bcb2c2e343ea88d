@testable import ConfettiApp
import ConfettiGL
import Foundation
import GLTestSupport
import Testing

/// GPU time from GL timestamps in the viewer's HUD and `--quit-after` lines: the whole frame
/// and its particle passes, read back a few frames later. (The library's, each draw, is
/// GPUTimeTests'.)
@Suite struct ViewerGPUTimeTests {
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
