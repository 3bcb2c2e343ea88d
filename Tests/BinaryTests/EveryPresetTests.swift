import CGLFW
import ConfettiApp
import ConfettiGL
import Foundation
import GLTestSupport
import Testing
import TestSupport

/// Every preset in every front end, generated from the registry (`Effect.presets`): a preset
/// added there is covered here without a line of this file changing. Each front end must
/// succeed and show particles. (The gallery's test walks the registry too.)
@Suite struct EveryPresetTests {
    static let names = Effect.presets.map(\.name)

    /// Pixels of `image` unlike `background`, outside `excluding` (the button, in pixels).
    static func drawn(_ image: RGBAImage, over background: RGB, excluding: Rect? = nil) -> Int {
        let (r, g, b, _) = background.rgba8
        var count = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                if let excluding, excluding.contains(Point(Double(x) + 0.5, Double(y) + 0.5)) { continue }
                let p = image[x, y]
                if abs(Int(p.r) - Int(r)) + abs(Int(p.g) - Int(g)) + abs(Int(p.b) - Int(b)) > 24 { count += 1 }
            }
        }
        return count
    }

    static let size = Size(width: 160, height: 90)

    /// The button's frame, where a fireworks preset draws it.
    static func button(_ effect: Effect) -> Rect? {
        effect.kind.hasButton ? Rect.button(centredIn: size) : nil
    }

    @Test(arguments: names)
    func rendersFramesAndAVideoWithParticlesInThem(_ name: String) async throws {
        let effect = try #require(Effect.preset(name))
        let scratch = try Scratch("every-\(name)")
        // Every launch, to the end, at 8 frames a second.
        let frames = try await ConfettiBinary.run(["render", "--effect", name, "--size", "160x90", "--fps", "8", "--out", scratch.path("frames")])
        #expect(frames.status == 0, "\(name): \(frames.stderr)")
        let pngs = scratch.names(in: scratch.path("frames"))
        #expect(pngs.count >= 2, "\(name): \(pngs)")
        let most = try pngs.map { try Self.drawn(PNGFile.read(scratch.path("frames/\($0)")), over: SceneRenderer.background, excluding: Self.button(effect)) }.max() ?? 0
        #expect(most >= 20, "\(name): at most \(most) pixels of particles in a frame")

        let video = try await ConfettiBinary.run(["render", "--effect", name, "--size", "160x90", "--fps", "8", "--out", scratch.path("render.gif")])
        #expect(video.status == 0, "\(name): \(video.stderr)")
        let decoded = try await Tool.frameMD5s(scratch.path("render.gif"))
        #expect(decoded.count == pngs.count && Set(decoded).count > 1, "\(name): \(decoded.count) GIF frames for \(pngs.count) PNGs, \(Set(decoded).count) distinct")
    }

    @Test(arguments: names)
    func tracesOnTheCPUAndTheGPUWithParticlesAlive(_ name: String) async throws {
        for evaluator in ["cpu", "gpu"] {
            let trace = try await ConfettiBinary.run(["trace", name, "--times", "0,0.3,0.8", "--evaluator", evaluator])
            #expect(trace.status == 0, "\(name) (\(evaluator)): \(trace.stderr)")
            #expect((try? JSONSerialization.jsonObject(with: Data(trace.stdout.utf8))) != nil, "\(name) (\(evaluator)): not JSON")
            #expect(trace.stdout.contains("\"alive\" : true"), "\(name) (\(evaluator)): nothing alive")
        }
    }

    @Test(arguments: names)
    func firesThroughTheLibraryAtTheDefaultCapacity(_ name: String) async throws {
        let effect = try #require(Effect.preset(name))
        let most = try await SharedGL.run {
            let celebration = try Celebration(capacity: Celebration.defaultCapacity, shaders: SharedGL.shaders(), seed: 1)
            let target = try OffscreenTarget(width: Int(Self.size.width), height: Int(Self.size.height))
            defer { celebration.delete(); target.delete() }
            try celebration.fire(name, at: 0, in: Self.size)
            // Over its life: a rocket rises before it bursts, a stream starts with one piece.
            return try [0.3, 0.6, 1.0, effect.kind.definition.seconds(effect) / 2].map { t in
                target.bind()
                clearFramebuffer(to: SceneRenderer.background)
                celebration.draw(at: t, viewport: Self.size, pixelsPerPoint: 1)
                return Self.drawn(try target.readPixels(), over: SceneRenderer.background)
            }.max()!
        }
        #expect(most >= 20, "\(name): at most \(most) pixels drawn")
    }

    /// N steps through the whole registry, firing each preset as it comes.
    @Test func theViewerSwitchesToAndFiresEveryPreset() async throws {
        try await withWindowedViewer { viewer in
            var seen: [String] = []
            for _ in Self.names {
                let before = viewer.spansUploaded
                viewer.handle(.key(Int(GLFW_KEY_N), repeated: false))
                seen.append(viewer.effectName)
                #expect(viewer.refusal == nil && viewer.spansUploaded > before, "\(viewer.effectName): \(viewer.refusal ?? "not fired")")
                // A moment into its life (classic sparks fly 0.4 s).
                let preset = try #require(Effect.preset(viewer.effectName))
                let t = min(0.4, preset.kind.definition.seconds(preset) / 2)
                viewer.advance(wall: t)
                #expect(viewer.renderFrame().instances > 0, "\(viewer.effectName) draws nothing \(t) s after it was fired")
                viewer.handle(.key(Int(GLFW_KEY_R), repeated: false))
            }
            #expect(Set(seen) == Set(Self.names), "N reached \(seen)")
        }
    }

    /// Keys 1–6 and --stress up to 1M, with the default options, whichever preset is loaded.
    @Test func everyStressLevelFitsTheDefaultRingsWithEveryPreset() throws {
        for preset in Effect.presets {
            for level in Viewer.stressLevels {
                #expect(throws: Never.self, "\(preset.name) at \(level)") {
                    try Budget.view(preset.effect, capacity: Viewer.defaultCapacity, stress: level)
                }
            }
        }
    }

    /// On one desktop, each preset over it transparent and then opaque, fired every half
    /// second until the test has seen it and stops it: no effect has to outlive a screenshot.
    @Test func theOverlayShowsEveryPresetTransparentAndOpaque() async throws {
        let desktop = try await Desktop(compositing: true)
        defer { desktop.stop() }
        let before = try await desktop.screenshot()
        let screen = Desktop.screen.width * Desktop.screen.height
        for name in Self.names {
            for opaque in [false, true] {
                let overlay = try desktop.overlay(["--effect", name, "--fire-every", "0.5", "--no-vsync"] + (opaque ? ["--opaque"] : []))
                defer { overlay.stop() }
                let shown = try await eventually(within: Desktop.stallGuard) {
                    let shot = try await desktop.screenshot()
                    if opaque {
                        // Its background over everything, and particles on it.
                        let particles = Self.drawn(shot, over: SceneRenderer.background)
                        return particles >= 20 && particles < screen / 2 || overlay.hasEnded
                    }
                    return screen - shot.pixelsUnchanged(from: before) >= 20 || overlay.hasEnded
                }
                #expect(shown && !overlay.hasEnded, "\(name)\(opaque ? " --opaque" : ""): no particles on screen: \(overlay.errorOutput)")
                overlay.send(SIGTERM)
                #expect(await overlay.ending(within: Desktop.stallGuard) == .exited(143), "\(name): \(overlay.errorOutput)")
            }
        }
    }
}
