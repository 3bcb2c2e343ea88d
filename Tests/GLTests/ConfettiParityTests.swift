import ConfettiGL
import ConfettiProof
import Foundation
import GLTestSupport
import Testing
import TestSupport

/// `confetti.vert.glsl` against the Swift evaluator, through the one parity harness.
@Suite(.tags(.math)) struct ConfettiParityTests {
    /// 1,200 particles from 40 launches in viewports from 320×240 to 3840×2160.
    static func particles() -> [ConfettiParticle] {
        var rng = SeededGenerator(seed: 2024)
        return (0..<40).flatMap { i -> [ConfettiParticle] in
            let viewport = Size(width: rng.uniform(320, 3840).rounded(), height: rng.uniform(240, 2160).rounded())
            let burst = i.isMultiple(of: 2) ? ConfettiSection.standard : .mixedShapes
            return burst.spawn(in: viewport, seed: rng.next())
        }
    }

    /// Random ages in [-0.1, 1.6] s, plus the edges: a microsecond before birth, birth, the
    /// start of the fade, three ages inside it, the last float before death, death. (Not the
    /// float just below zero: it is a denormal, which GPUs may flush to zero.)
    static func ages() -> [Double] {
        var rng = SeededGenerator(seed: 99)
        let random = (0..<12).map { _ in Double(Float(rng.uniform(-0.1, 1.6))) }
        let edges: [Float] = [-0.1, -1e-6, 0, 1.1, 1.2, 1.3, 1.45, Float(1.5).nextDown, 1.5, 1.6]
        return random + edges.map(Double.init)
    }

    func check(epoch: Double, ages: [Double] = Self.ages()) async throws -> ParityHarness.Report {
        try await ParityHarness.check(ConfettiKind.self, particles: Self.particles(), uniforms: .standard, epoch: epoch, times: ages)
    }

    @Test func vertexShaderMatchesCPUEvaluatorFromBirthThroughDeath() async throws {
        let report = try await check(epoch: 0)
        #expect(report.samples == 1_200 * 22)
        #expect(report.rebased == 0, "at epoch 0 the ages reach the shader exactly")
        #expect(report.fading >= 4 * 1_200, "the fade is sampled")
        print("confetti parity at start, \(report.samples) samples: \(report)")
    }

    @Test func vertexShaderMatchesCPUEvaluatorAfterThirtyDaysOfUptime() async throws {
        // Ages that are no float, so that the float time uniform really rounds them.
        let report = try await check(epoch: 30 * 86_400 + 0.987_654_321, ages: Self.ages().map { $0 + 1.234_567e-7 })
        #expect(report.samples == 1_200 * 22)
        // The float time path moved most ages, by at most the rounding of a few seconds.
        #expect(report.rebased > report.samples / 2 && report.largestTimeRounding < 1e-6)
        print("confetti parity after 30 days, \(report.samples) samples: \(report)")
    }

    /// Pieces born apart, as an emitter would launch them: the record's 16-bit birth decodes
    /// on the GPU to exactly the stored birth the reference ages the piece from. (Births within
    /// 0.1 s, so that no age is further before birth than the other tests' −0.1 s: there the
    /// closed form's exp(drag·|t|) outgrows the error scales, which are for drawn ages.)
    @Test func vertexShaderMatchesCPUEvaluatorForPiecesBornApart() async throws {
        var rng = SeededGenerator(seed: 2025)
        var pieces = Array(Self.particles().prefix(300))
        for i in pieces.indices { pieces[i].birth = rng.uniform(0.05, 0.15) }
        let clocks = (0..<10).map { _ in Double(Float(rng.uniform(0.05, 1.7))) } + [0.05, 0.1, 1.6]
        let report = try await ParityHarness.check(ConfettiKind.self, particles: pieces, uniforms: .standard, epoch: 0, times: clocks)
        #expect(report.samples == 300 * 13)
        #expect(report.aliveSamples > 300 * 2 && report.aliveSamples < 300 * 13, "born and unborn or dead pieces are both sampled")
        print("confetti parity, pieces born apart, \(report.samples) samples: \(report)")
    }
}
