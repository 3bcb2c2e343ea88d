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
            // Until the server's configure event arrives (the window's own event wait; 30 s is
            // a stall guard).
            let atNewSize = { viewer.window.framebufferSize == (800, 450) || viewer.window.framebufferSize == (1600, 900) }
            let deadline = ContinuousClock.now + .seconds(30)
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

/// Examples/CelebrateInGLFW, the README's embedding example, runs in a real window.
@Suite struct ExampleAppTests {
    @Test func theGLFWExampleCelebratesInItsOwnWindowAndExits() async throws {
        let example = try ConfettiBinary.url().deletingLastPathComponent().appendingPathComponent("celebrate-in-glfw")
        #expect(FileManager.default.isExecutableFile(atPath: example.path), "swift build builds the example")
        // Its own X server: the example is another process, so it needs neither this process's
        // GL nor its DISPLAY.
        let server = try await XServer.start()
        defer { server.stop() }
        let outcome = try await ConfettiBinary.run(["--frames", "30"], executable: example, environment: ["DISPLAY": server.display])
        #expect(outcome.status == 0 && outcome.exitedNormally, "\(outcome.status): \(outcome.stderr)")
    }
}


/// The on-screen HUD: in the window's top-left corner, toggled with H, readable at content
/// scales 1 and 2.
@Suite struct HUDTests {
    @Test func theHUDShowsItsLineInTheCornerAndHTogglesIt() async throws {
        try await withWindowedViewer { viewer in
            try viewer.fireConfetti()
            viewer.advance(wall: 0.2)
            viewer.renderFrame()
            let shown = try viewer.readBackBuffer()
            #expect(viewer.showsHUD && viewer.statusLine.contains { $0.hasSuffix(" live") } && viewer.statusLine.last == "celebration", "\(viewer.statusLine)")
            // The title bar says what the HUD's line starts with, in the same words and numbers;
            // the HUD adds the GPU memory (and GPU and CPU time once measured).
            viewer.handle(.key(Int(GLFW_KEY_E), repeated: false))
            #expect(viewer.window.title == "confetti — " + viewer.statusLine.joined(separator: " · "), "\(viewer.window.title) / \(viewer.statusLine)")
            #expect(viewer.hudText.hasPrefix(viewer.statusLine.joined(separator: "  ") + "\n") && viewer.hudText.hasSuffix(" MB"), "\(viewer.hudText)")
            #expect(viewer.hudText.contains("×1") && viewer.hudText.contains("emitting"), "\(viewer.hudText)")
            viewer.handle(.key(Int(GLFW_KEY_E), repeated: false))
            let panel = viewer.hudPanel.frame
            let s = viewer.window.pixelsPerPoint
            let fill = viewer.hudPanel.fill.rgba8, ink = viewer.hudPanel.text.rgba8
            var fillPixels = 0, inkPixels = 0
            for y in Int(panel.minY * s)..<Int(panel.maxY * s) {
                for x in Int(panel.minX * s)..<Int(panel.maxX * s) {
                    let p = shown[x, y]
                    if (p.r, p.g, p.b) == (fill.0, fill.1, fill.2) { fillPixels += 1 }
                    if (p.r, p.g, p.b) == (ink.0, ink.1, ink.2) { inkPixels += 1 }
                }
            }
            #expect(fillPixels > 1000 && inkPixels > 100, "panel \(fillPixels) pixels, text \(inkPixels) pixels")
            // H: the HUD without its graph, then nothing.
            try viewer.handle(.key(Int(GLFW_KEY_H), repeated: false))
            #expect(viewer.showsHUD && viewer.hudMode == .text)
            try viewer.handle(.key(Int(GLFW_KEY_H), repeated: false))
            viewer.renderFrame()
            let hidden = try viewer.readBackBuffer()
            let corner = hidden[Int((panel.minX + 4) * s), Int((panel.minY + 4) * s)]
            let background = SceneRenderer.background.rgba8
            #expect(!viewer.showsHUD && (corner.r, corner.g, corner.b) == (background.0, background.1, background.2), "H hides the HUD")
        }
    }

    @Test func theHUDTextIsTwoPointsPerFontPixelAtScaleOneAndTwo() async throws {
        for scale in [1.0, 2.0] {
            let rows = try await SharedGL.run {
                let hud = try ButtonRenderer(shaders: SharedGL.shaders())
                hud.labelScale = Viewer.hudScale
                let target = try OffscreenTarget(width: Int(320 * scale), height: Int(60 * scale))
                defer { hud.delete(); target.delete() }
                target.bind()
                clearFramebuffer(to: SceneRenderer.background)
                var panel = CelebrateButton(frame: Rect(x: 8, y: 8, width: 200, height: 30))
                panel.label = "60 fps  1234 live"
                hud.draw(panel, viewport: Size(width: 320, height: 60), pixelsPerPoint: scale)
                let image = try target.readPixels()
                // Rows holding the text colour: the glyphs are 7 font pixels tall.
                return (0..<image.height).filter { y in (0..<image.width).contains { x in image[x, y].r == 255 && image[x, y].g == 255 } }.count
            }
            #expect(rows == Int(7 * Viewer.hudScale * scale), "at scale \(scale) the text is \(rows) pixels tall")
        }
    }
}

/// The viewer numbers every launch it makes: launch k draws from stream k of `--seed`, whether a call, a key or a stress launch made it, and a
/// refused launch takes no stream.
@Suite struct ViewerSeedingTests {
    @Test func launchKDrawsFromStreamKOfTheSeedWhateverMadeIt() async throws {
        try await withWindowedViewer({ $0.seed = 7; $0.capacity = 4_000 }) { viewer in
            func stream(_ k: Int) -> SeededGenerator { SeededGenerator(seed: 7, stream: UInt64(k)) }
            var rng = stream(0)
            #expect(try viewer.fireConfetti() == viewer.effect.confetti.spawn(in: viewer.viewport, using: &rng))
            rng = stream(1)
            let point = Point(40, 50)
            #expect(try viewer.fireFirework(at: point) == viewer.effect.fireworks.firework.sparks(at: point, using: &rng))
            // A key, and a stress level whose launches all come in the first frame.
            viewer.handle(.key(Int(GLFW_KEY_F), repeated: false))
            #expect(viewer.launches == 3)
            viewer.handle(.key(Int(GLFW_KEY_1), repeated: false))
            try viewer.feedStress()
            let stressLaunches = viewer.launches - 3
            #expect(stressLaunches > 1)
            viewer.handle(.key(Int(GLFW_KEY_0), repeated: false))
            // Refused (more pieces alive than the ring holds): no stream taken.
            viewer.handle(.key(Int(GLFW_KEY_6), repeated: false))
            #expect(viewer.refusal != nil && viewer.launches == 3 + stressLaunches)
            rng = stream(3 + stressLaunches)
            #expect(try viewer.fireConfetti() == viewer.effect.confetti.spawn(in: viewer.viewport, using: &rng))
            #expect(viewer.launches == 4 + stressLaunches)
        }
    }
}
