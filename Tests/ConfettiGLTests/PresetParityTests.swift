import ConfettiGL
import Foundation
import Testing

/// Every registered preset (those added later included) through the one parity harness: its
/// vertex shaders against the Swift evaluators, at seeds, viewports, epochs and times drawn
/// from a seeded generator rather than chosen by hand.
@Suite struct PresetParityTests {
    @Test func everyPresetsGPUAndCPUEvaluatorsAgreeAtRandomSeedsTimesAndViewports() async throws {
        var rng = SeededGenerator(seed: 2026_11_22)
        for preset in Effect.presets {
            let viewport = Size(width: rng.uniform(320, 2560).rounded(), height: rng.uniform(240, 1440).rounded())
            let seed = rng.next()
            let epoch = rng.uniform(0, 30 * 86_400)
            let button = CelebrateButton.centred(in: viewport).frame
            var launchRNG = SeededGenerator(seed: seed, stream: 0)
            let spawns = preset.effect.launch(around: button, in: viewport, using: &launchRNG)
            let end = spawns.map(\.duration).max() ?? 0
            // Times since the launch: before it, across every burst's life, and after.
            let times = (0..<10).map { _ in rng.uniform(-0.1, end + 0.1) }
            var samples = 0, alive = 0, worst = 0.0, instances = 0
            for spawn in spawns {
                let report: ParityHarness.Report
                switch spawn {
                case .confetti(let pieces, let physics):
                    // A piece with a trail is drawn, and checked, once per ghost as well.
                    instances += pieces.count * (1 + ConfettiKind.ghosts(physics))
                    report = try await ParityHarness.check(ConfettiKind.self, particles: pieces, uniforms: physics, epoch: epoch, times: times, viewport: viewport, pixelsPerPoint: 1)
                case .sparks(let sparks, let timing):
                    instances += sparks.count * (1 + SparkKind.ghosts(timing))
                    report = try await ParityHarness.check(SparkKind.self, particles: sparks, uniforms: timing, epoch: epoch, times: times, viewport: viewport, pixelsPerPoint: 1)
                }
                samples += report.samples
                alive += report.aliveSamples
                worst = max(worst, report.ratio.values.max() ?? 0)
            }
            #expect(samples == instances * times.count, "\(preset.name): every instance at every time")
            // The times fall inside the effect's life: some of it is seen alive.
            #expect(alive > 0, "\(preset.name): no sample alive")
            print("preset \(preset.name) (\(Int(viewport.width))x\(Int(viewport.height)), seed \(seed)): \(samples) samples, \(alive) alive, largest error \(Int((100 * worst).rounded()))% of its tolerance")
        }
    }
}
