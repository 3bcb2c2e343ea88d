import CGLFW
import ConfettiApp
import ConfettiGL
import Foundation
import Testing

/// The viewer's preset keys and its continuous emitter, in a real window.
@Suite struct ViewerPresetTests {
    @Test func nAndBSwitchPresetsFiringEachAndTheHUDAndTitleNameIt() async throws {
        try await withWindowedViewer { viewer in
            let names = Effect.presets.map(\.name)
            var index = names.firstIndex(of: "celebration")!
            for step in [1, 1, -1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1] {
                let before = viewer.spansUploaded
                viewer.handle(.key(Int(step > 0 ? GLFW_KEY_N : GLFW_KEY_B), repeated: false))
                index = (index + step + names.count) % names.count
                #expect(viewer.effectName == names[index] && viewer.refusal == nil, "\(viewer.effectName) \(viewer.refusal ?? "")")
                #expect(viewer.statusLine.last == names[index] && viewer.window.title.contains(names[index]), "\(viewer.hudText) / \(viewer.window.title)")
                let after = viewer.spansUploaded
                #expect(after > before, "\(names[index]) was fired on switching")
            }
            // Enter fires the current preset again (here the one N last reached).
            let before = viewer.spansUploaded
            viewer.handle(.key(Int(GLFW_KEY_ENTER), repeated: false))
            #expect(viewer.spansUploaded > before)
            viewer.advance(wall: 0.5)
            #expect(viewer.renderFrame().instances > 0)
        }
    }

    @Test func withReducedMotionEveryEffectTheViewerLoadsOrSwitchesToIsReduced() async throws {
        try await withWindowedViewer({ options in
            options.effect = .confetti
            options.effectName = "confetti"
            options.overrides.reducedMotion = true
        }) { viewer in
            #expect(try viewer.fireConfetti().count == Effect.confetti.reducedMotion.confetti.count)
            #expect(viewer.effect.confetti.physics == Effect.confetti.reducedMotion.confetti.physics)
            viewer.handle(.key(Int(GLFW_KEY_N), repeated: false))
            let name = viewer.effectName
            let preset = try #require(Effect.preset(name))
            #expect(EffectFile.encode(viewer.effect) == EffectFile.encode(preset.reducedMotion), "\(name) is reduced")
            #expect(viewer.hudText.contains("reduced motion"))
        }
    }

    @Test func theEmitterKeepsRainingUntilStoppedAndTheRingRecycles() async throws {
        // A small ring: a minute of rain wraps it many times.
        try await withWindowedViewer({ $0.capacity = 1_024 }) { viewer in
            viewer.handle(.key(Int(GLFW_KEY_E), repeated: false))
            #expect(viewer.isEmitting && viewer.hudText.contains("emitting") && viewer.window.title.contains("emitting"))
            let rain = viewer.emitterStream
            var live: [Int] = []
            for frame in 0..<(60 * 20) {
                viewer.advance(wall: 1.0 / 20)
                try viewer.feedEmitter()
                if frame % 20 == 19 { live.append(viewer.renderer.celebration.liveParticles(at: viewer.clock.time)) }
            }
            // Chunks are born back to back: every chunk starts where the last one ended. (Rain
            // falls in layers of depth, each layer a batch of its own: a chunk's share one epoch.)
            let spans = viewer.renderer.celebration.renderer(of: ConfettiKind.self).ring.spans
            let epochs = Set(spans.map(\.epoch)).sorted()
            #expect(rain.depth.layers > 1 && spans.filter { $0.epoch == epochs.last }.count == rain.depth.layers, "the newest chunk, layer by layer")
            #expect(epochs.count >= 10)
            for (a, b) in zip(epochs, epochs.dropFirst()) {
                #expect(abs(b - a - Viewer.emitterChunk) < 1e-9, "chunks \(a) and \(b)")
            }
            // In the steady state rate × lifetime pieces are alive, minute after minute, long
            // after the ring of 1,024 has wrapped four times. (The live count takes whole chunks,
            // from their first birth to their last death: within one chunk of it.)
            let steady = rain.emission.rate * rain.physics.lifetime, chunk = rain.emission.rate * Viewer.emitterChunk
            #expect(Double(60 * 20) / 20 * rain.emission.rate > 4 * 1_024)
            for n in live.suffix(50) {
                #expect(abs(Double(n) - steady) <= chunk, "\(n) alive, expected \(steady) ± \(chunk)")
            }
            #expect(viewer.renderFrame().instances > 0)
            viewer.handle(.key(Int(GLFW_KEY_E), repeated: false))
            #expect(!viewer.isEmitting && !viewer.hudText.contains("emitting"))
            let count = viewer.renderer.celebration.renderer(of: ConfettiKind.self).ring.spans.count
            viewer.advance(wall: 2)
            try viewer.feedEmitter()
            #expect(viewer.renderer.celebration.renderer(of: ConfettiKind.self).ring.spans.count <= count, "no chunk after stopping")
        }
    }
}
