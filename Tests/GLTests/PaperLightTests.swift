import ConfettiGL
import ConfettiProof
import Foundation
import Testing
import TestSupport

/// Tumbling, lit, two-sided paper on the GPU: `confetti.vert.glsl`'s pose, parallelogram and lit
/// colour against the Swift evaluator through the one parity harness, and `particle.frag.glsl`'s
/// parallelogram coverage against the CPU rasteriser, pixel by pixel.
@Suite(.tags(.math)) struct PaperLightTests {
    static func burst(_ shading: PaperShading) -> ConfettiSection {
        var burst = ConfettiSection.standard
        burst.shapes = ConfettiShape.allCases
        burst.shapeWeights = [2, 2, 1, 1, 1, 1]
        burst.sizes = [Size(width: 16, height: 12), Size(width: 6, height: 40)]
        burst.rotationSpeed = -900...900
        burst.physics.spinMode = .tumble
        burst.physics.shading = shading
        burst.physics.backColors = [RGB(hex: 0xC9CED6), RGB(hex: 0x2E9E6B), RGB(hex: 0x7A3DB8)]
        burst.physics.colorRamp = ColorRamp(stops: [ColorRamp.Stop(RGB(1, 1, 1), at: 0), ColorRamp.Stop(RGB(hex: 0x808080), at: 1)], mode: .multiply)
        return burst
    }

    @Test(arguments: [PaperShading.matte, .foil])
    func tumblingLitTwoSidedPaperMatchesTheCPU(_ shading: PaperShading) async throws {
        let burst = Self.burst(shading)
        var rng = SeededGenerator(seed: 1_911)
        let pieces = (0..<16).flatMap { _ -> [ConfettiParticle] in
            let viewport = Size(width: rng.uniform(320, 3840).rounded(), height: rng.uniform(240, 2160).rounded())
            return burst.spawn(in: viewport, seed: rng.next())
        }
        let ages = (0..<10).map { _ in Double(Float(rng.uniform(-0.1, 1.6))) }
        let report = try await ParityHarness.check(ConfettiKind.self, particles: pieces, uniforms: burst.physics, epoch: 0, times: ages)
        let samples = pieces.flatMap { p in ages.map { burst.physics.evaluate(p, at: $0) } }.filter(\.alive)
        #expect(samples.filter { abs($0.facing) < PaperPose.thinnest }.count > 20, "edge-on pieces are drawn at the floor")
        #expect(samples.filter { $0.facing < 0 }.count > 200, "pieces are seen from behind")
        if shading == .foil {
            #expect(samples.filter { PaperPose.light($0.pose!.normal, .foil).glint > 0.5 }.count > 5, "foil glints")
        }
        print("paper parity, tumbling, \(shading): \(report.samples) samples: \(report)")
    }

    /// One piece held still at the centre in a tumbling pose: turned `angle` degrees about the
    /// axis of azimuth and polar angle (rad).
    static func posed(_ shape: ConfettiShape, size: Size, azimuth: Double, polar: Double, angle: Double, shading: PaperShading) -> any ParticleBatch {
        var physics = ConfettiPhysics(gravity: 0, drag: 1, lifetime: 10, fadeOutDuration: 0.4)
        physics.spinMode = .tumble
        physics.shading = shading
        physics.backColors = [RGB(hex: 0x2E9E6B)]
        var piece = ConfettiParticle(
            initialPosition: Point(160, 90), initialVelocity: .zero, initialRotation: angle, rotationSpeed: 0,
            flutterAmplitude: 0, flutterFrequency: 0, flutterPhase: 1.2, flipFrequency: azimuth, flipPhase: polar,
            spreadStrength: 0, size: size, color: RGB(hex: 0xD4AF37), shape: shape
        )
        piece.backColor = 1
        return Batch<ConfettiKind>([piece], physics)
    }

    static func scenes() -> [Scene] {
        let small = Size(width: 320, height: 180)
        func tumbling(_ shading: PaperShading, seed: UInt64) -> any ParticleBatch {
            var burst = burst(shading)
            burst.count = 60
            return Batch<ConfettiKind>(burst.spawn(in: small, seed: seed), burst.physics)
        }
        return [
            .init(name: "every shape tumbling, foil, two-sided", batches: [tumbling(.foil, seed: 81)], time: 0.5),
            .init(name: "every shape tumbling, matte, falling", batches: [tumbling(.matte, seed: 82)], time: 1.0),
            .init(name: "content scale 2: tumbling foil", pixelsPerPoint: 2, batches: [tumbling(.foil, seed: 83)], time: 0.7),
            .init(name: "a large rectangle nearly edge-on", batches: [posed(.rectangle, size: Size(width: 120, height: 70), azimuth: 0.3, polar: 1.4, angle: 84, shading: .matte)], time: 0.3),
            .init(name: "a large ellipse sheared, showing its back", batches: [posed(.circle, size: Size(width: 90, height: 60), azimuth: 2.2, polar: 0.9, angle: 130, shading: .foil)], time: 0.3),
            .init(name: "a large star tilted", batches: [posed(.star, size: Size(width: 90, height: 90), azimuth: -0.7, polar: 1.1, angle: 50, shading: .matte)], time: 0.3),
            .init(name: "a large ribbon tumbling mid-wave", batches: [posed(.ribbon, size: Size(width: 14, height: 140), azimuth: 1.0, polar: 0.6, angle: 70, shading: .foil)], time: 0.4),
        ]
    }

    @Test(arguments: scenes().indices)
    func headlessRenderOfTumblingPaperEqualsTheCPUReferenceRasteriser(_ index: Int) async throws {
        let scene = Self.scenes()[index]
        try await PixelProofTests().expectRenderMatchesReference(scene)
    }
}
