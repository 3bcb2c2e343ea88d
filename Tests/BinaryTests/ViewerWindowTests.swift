import CGLFW
import ConfettiApp
import ConfettiGL
import Foundation
import GLTestSupport
import Testing
import TestSupport

/// The viewer's real GLFW window, on an X server: the one in DISPLAY, or an Xvfb started here.
@Suite struct ViewerWindowTests {
    @Test func windowFiresABurstDrawsItAndClosesCleanly() async throws {
        try await SharedGL.withDisplay {

            var options = Viewer.Options()
            // The viewer's default 1280×720 window, without the HUD in its corner (HUDTests).
            options.vsync = false
            options.seed = 3
            options.showsHUD = false
            let shotDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("confetti-shots-\(UUID())")
            defer { try? FileManager.default.removeItem(at: shotDirectory) }
            options.screenshotDirectory = shotDirectory.path
            let viewer = try Viewer(options: options)
            var closed = false
            defer { if !closed { viewer.close() } }

            let (fbw, fbh) = viewer.window.framebufferSize
            #expect(fbw > 0 && fbh > 0)
            #expect(abs(viewer.viewport.width * viewer.window.pixelsPerPoint - Double(fbw)) < 1e-9)

            // Nothing alive: the frame issues no draw.
            #expect(viewer.renderFrame().drawCalls == 0)

            let particles = try viewer.fireConfetti()
            #expect(particles.count == 30)
            viewer.advance(wall: 0.6)
            let stats = viewer.renderFrame()
            #expect(stats.drawCalls == 1 && stats.instances == 30)
            let image = try viewer.readBackBuffer()
            viewer.window.swapBuffers()
            let result = PixelChecks(pixelsPerPoint: viewer.window.pixelsPerPoint, background: viewer.renderer.background, excluding: viewer.button.frame)
                .check(image, particles: particles, at: 0.6)
            #expect(result.pieces >= 10, "found only \(result.pieces) pieces in the window")
            print("window \(fbw)x\(fbh): \(result.pieces) pieces found at their predicted pixels, \(result.backgroundPixels) background pixels untouched")

            // A screenshot is the frame drawn (drawn again: after a swap the back buffer is undefined).
            viewer.renderFrame()
            let shot = try viewer.saveScreenshot()
            #expect(shot.hasPrefix(shotDirectory.path) && shot.hasSuffix("confetti-0001.png"))
            #expect(try PNGFile.read(shot) == image, "the screenshot is the frame that was drawn")
            #expect(try viewer.saveScreenshot().hasSuffix("confetti-0002.png"), "never overwrites")

            // Keys drive the clock: pause, step back exactly one frame, clear, quit.
            viewer.handle(.key(Int(GLFW_KEY_P), repeated: false))
            #expect(viewer.clock.isPaused)
            let before = viewer.clock.time
            viewer.handle(.key(Int(GLFW_KEY_LEFT), repeated: false))
            #expect(abs(viewer.clock.time - (before - SimulationClock.step)) < 1e-12)
            viewer.handle(.character("+"))
            #expect(viewer.clock.speed == 2)
            viewer.handle(.key(Int(GLFW_KEY_R), repeated: false))
            #expect(viewer.renderFrame().drawCalls == 0)

            // A click on the button celebrates: two classic fireworks and a confetti burst.
            let button = viewer.button.frame
            #expect(abs(button.midX - viewer.viewport.width / 2) <= 1)
            viewer.handle(.click(x: button.midX, y: button.minY + button.height / 2))
            let launched = viewer.renderer.celebration.renderer(of: SparkKind.self).ring.spans
            #expect(Set(launched.map(\.epoch)).count == 1)
            #expect(launched.reduce(0) { $0 + $1.count } == 16)
            #expect(viewer.renderer.celebration.renderer(of: ConfettiKind.self).ring.spans.count == 1)
            // A click elsewhere fires one classic firework there; F a fountain of 10.
            viewer.handle(.click(x: 100, y: 100))
            #expect(viewer.renderer.celebration.renderer(of: SparkKind.self).ring.spans.reduce(0) { $0 + $1.count } == 24)
            viewer.handle(.key(Int(GLFW_KEY_F), repeated: false))
            #expect(viewer.renderer.celebration.renderer(of: SparkKind.self).ring.spans.reduce(0) { $0 + $1.count } == 34)
            viewer.handle(.key(Int(GLFW_KEY_P), repeated: false))
            viewer.advance(wall: 0.1)
            let busy = viewer.renderFrame()
            // The fountain's span is live from its first spark on and drawn whole; its unborn
            // sparks make no fragments.
            #expect(busy.instances == 16 + 8 + 10 + 30)
            let withButton = try viewer.readBackBuffer()
            let pixel = withButton[Int(button.midX * viewer.window.pixelsPerPoint), Int((button.minY + 4) * viewer.window.pixelsPerPoint)]
            let fill = viewer.button.fill.rgba8
            #expect(abs(Int(pixel.r) - Int(fill.0)) <= 1 && abs(Int(pixel.b) - Int(fill.2)) <= 1, "the button is drawn: \(pixel)")
            // Resizing: the viewport, the launches and the button follow the framebuffer.
            glfwSetWindowSize(viewer.window.handle, 800, 450)
            // Until the server's configure event arrives (the window's own event wait; the
            // desktop tests' stall guard).
            let atNewSize = { viewer.window.framebufferSize == (800, 450) || viewer.window.framebufferSize == (1600, 900) }
            let deadline = ContinuousClock.now + .seconds(Desktop.stallGuard)
            while !atNewSize(), ContinuousClock.now < deadline {
                _ = viewer.window.pollEvents(waiting: 0.1)
            }
            #expect(atNewSize(), "\(viewer.window.framebufferSize)")
            #expect(abs(viewer.button.frame.midX - viewer.viewport.width / 2) <= 1)
            viewer.renderFrame()
            let resized = try viewer.readBackBuffer()
            #expect(resized.width == viewer.window.framebufferSize.width && resized.height == viewer.window.framebufferSize.height)

            // Stress mode keeps exactly N pieces alive from its first frame: key 1 is 1,000.
            // (Steps of 1/40 s from an odd start, so no frame lands on a launch to the last bit.)
            viewer.handle(.key(Int(GLFW_KEY_R), repeated: false))
            #expect(!viewer.clock.isPaused)
            viewer.advance(wall: 0.0137)
            viewer.handle(.key(Int(GLFW_KEY_1), repeated: false))
            #expect(viewer.stress == 1_000)
            for step in 0..<120 {
                try viewer.feedStress()
                let live = viewer.renderer.celebration.liveParticles(at: viewer.clock.time)
                #expect(live == 1_000, "stress 1000 keeps \(live) alive at step \(step)")
                viewer.advance(wall: 1.0 / 40)
            }
            try viewer.feedStress()
            let live = viewer.renderer.celebration.liveParticles(at: viewer.clock.time)
            #expect(viewer.renderFrame().instances == live)
            viewer.handle(.key(Int(GLFW_KEY_0), repeated: false))
            #expect(viewer.stress == nil)

            #expect(viewer.handle(.key(Int(GLFW_KEY_ESCAPE), repeated: false)) == false)
            #expect(viewer.window.shouldClose)

            viewer.close()
            closed = true
        }
    }
}
