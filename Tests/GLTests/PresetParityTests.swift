import ConfettiGL
import ConfettiProof
import Foundation
import GLTestSupport
import Testing
import TestSupport

/// Every registered preset (those added later included) through the one parity check and the
/// pixel proof, as `confetti verify` runs them: its vertex shaders against the Swift evaluators
/// at seeds, viewports, epochs (up to 30 days) and ages drawn from a seeded generator rather
/// than chosen by hand, then headless renders against the CPU rasteriser.
@Suite(.tags(.math)) struct PresetParityTests {
    @Test(arguments: Effect.presets.map(\.name))
    func everyPresetsGPUAndCPUAgreeAtRandomSeedsTimesAndViewports(_ name: String) async throws {
        let effect = try #require(Effect.preset(name))
        var verification = Verification()
        verification.launches = 2
        verification.seed = 2026_11_22
        let result = try await verification.verify(effect, name: name, shaders: SharedGL.shaders(), turns: SharedGL.turns)
        for failure in result.failures { Issue.record("\(failure)") }
        #expect(result.parity.samples == result.expectedSamples, "\(name): every instance at every time")
        // The ages fall inside the effect's life: some of it is seen alive, and drawn.
        #expect(result.parity.aliveSamples > 0, "\(name): no sample alive")
        #expect(result.pixels.inked > 0, "\(name): nothing drawn")
        let worst = result.parity.ratio.values.max() ?? 0
        print("preset \(name): \(result.parity.samples) samples, \(result.parity.aliveSamples) alive, largest error \(Int((100 * worst).rounded()))% of its tolerance; pixels worst \(result.pixels.worst), mean \(String(format: "%.3f", result.pixels.mean))")
    }
}
