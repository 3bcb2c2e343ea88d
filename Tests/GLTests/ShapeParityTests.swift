import ConfettiGL
import Foundation
import Testing
import TestSupport

/// `confetti.vert.glsl` with every shape, two-sided paper and waving ribbons against the Swift
/// evaluator through the one parity harness: the flip's sign (`facing`), the shaded colour and
/// each ribbon's wave (`vWave`) and widened quad, at derived tolerances.
@Suite(.tags(.math)) struct ShapeParityTests {
    static func particles() -> [ConfettiParticle] {
        var rng = SeededGenerator(seed: 2_610)
        var burst = ConfettiSection.standard
        burst.shapes = ConfettiShape.allCases
        burst.shapeWeights = [1, 1, 1, 1, 1, 3]
        burst.sizes = [Size(width: 14, height: 14), Size(width: 6, height: 44)]
        return (0..<20).flatMap { _ -> [ConfettiParticle] in
            let viewport = Size(width: rng.uniform(320, 3840).rounded(), height: rng.uniform(240, 2160).rounded())
            return burst.spawn(in: viewport, seed: rng.next())
        }
    }

    /// The second wave is steep, turns backwards and has a negative amplitude (a mirrored wave,
    /// which the type allows though effect files do not): the quad still holds the whole strip.
    @Test(arguments: [(0.6, RibbonWave.standard), (0.25, RibbonWave(amplitude: -40, wavelength: 7, angularSpeed: -300))])
    func shapesBackShadeAndRibbonWavesMatchTheCPU(_ backShade: Double, _ wave: RibbonWave) async throws {
        var physics = ConfettiPhysics.standard
        physics.backShade = backShade
        physics.ribbonWave = wave
        var rng = SeededGenerator(seed: 17)
        let ages = (0..<10).map { _ in Double(Float(rng.uniform(-0.1, 1.6))) }
        let pieces = Self.particles()
        let report = try await ParityHarness.check(ConfettiKind.self, particles: pieces, uniforms: physics, epoch: 0, times: ages)
        let backs = pieces.flatMap { p in ages.map { physics.evaluate(p, at: $0) } }.filter { $0.alive && $0.facing < 0 }.count
        #expect(backs > 500, "pieces are seen from behind (\(backs))")
        #expect(pieces.filter { $0.shape == .ribbon }.count > 100)
        print("shape parity, back shade \(backShade), wave \(wave.amplitude) pt / \(wave.wavelength) pt: \(report.samples) samples: \(report)")
    }
}
