@testable import ConfettiApp
import ConfettiGL
import ConfettiProof
import Foundation
import Testing
import TestSupport

/// Headless renders of wind, trails, colour ramps and size over life against the CPU reference
/// rasteriser, every pixel: the ghosts' order, fade and taper, the ramp's colours and the
/// shrinking pieces are what these catch, which the vertex outputs alone cannot show in blending.
@Suite(.tags(.math)) struct MotionPixelProofTests {
    static func pieces(_ physics: ConfettiPhysics, count: Int = 120, seed: UInt64 = 61) -> any ParticleBatch {
        var burst = ConfettiSection.mixedShapes
        burst.count = count
        burst.physics = physics
        return Batch<ConfettiKind>(burst.spawn(in: Size(width: 320, height: 180), seed: seed), physics)
    }

    static func scenes() -> [Scene] {
        var trail = ConfettiPhysics.standard
        trail.trail = Trail(ghosts: 4, spacing: 0.04, taper: 0.6)
        trail.wind = Wind(mean: 80, gusts: [Wind.Gust(amplitude: 150, frequency: 5, phase: 0.3)])
        var replace = ConfettiPhysics.standard
        replace.colorRamp = ColorRamp(stops: [
            ColorRamp.Stop(RGB(hex: 0xffffff), at: 0), ColorRamp.Stop(RGB(hex: 0xffcc00), at: 0.3),
            ColorRamp.Stop(RGB(hex: 0xff3300), at: 0.7), ColorRamp.Stop(RGB(hex: 0x3311aa), at: 1),
        ], mode: .replace)
        replace.sizeAtDeath = 0.3
        var multiply = ConfettiPhysics.standard
        multiply.colorRamp = ColorRamp(stops: [ColorRamp.Stop(RGB(hex: 0xffffff), at: 0.2), ColorRamp.Stop(RGB(hex: 0x4080ff), at: 0.9)], mode: .multiply)
        multiply.sizeAtDeath = 2
        multiply.trail = Trail(ghosts: 2, spacing: 0.06)
        return [
            Scene(name: "trails of tapering ghosts in a gusty wind", batches: [pieces(trail)], time: 0.5),
            Scene(name: "trails after the pieces died, at content scale 2", pixelsPerPoint: 2, batches: [pieces(trail)], time: 1.53),
            Scene(name: "a replacing colour ramp, shrinking", batches: [pieces(replace)], time: 0.8),
            Scene(name: "a replacing colour ramp near death", batches: [pieces(replace)], time: 1.35),
            Scene(name: "a multiplying ramp, growing, with a trail", button: true, batches: [pieces(multiply)], time: 1.0),
            // Three spans in the ring, the later ones at record offsets 60 and 100, each with its
            // own instances per record: the divisor and the per-span attribute offsets together.
            Scene(name: "spans of different trails at different ring offsets", batches: [
                pieces(.standard, count: 60, seed: 1), pieces(trail, count: 40, seed: 2), pieces(multiply, count: 50, seed: 3),
            ], time: 0.7),
        ]
    }

    @Test(arguments: scenes().indices)
    func headlessRenderWithMotionEqualsTheCPUReferenceRasteriser(_ index: Int) async throws {
        let scene = Self.scenes()[index]
        try await PixelProofTests().expectRenderMatchesReference(scene)
    }

    @Test func ghostsAreDrawnAndOutliveTheirPieces() async throws {
        var physics = ConfettiPhysics.standard
        physics.trail = Trail(ghosts: 4, spacing: 0.04, taper: 0.6)
        let plain = try await PixelProofTests().compare(Scene(name: "no trail", batches: [Self.pieces(.standard)], time: 0.5))
        let trailed = try await PixelProofTests().compare(Scene(name: "trail", batches: [Self.pieces(physics)], time: 0.5))
        #expect(Double(trailed.inked) > 1.5 * Double(plain.inked), "ghosts add pixels: \(trailed.inked) vs \(plain.inked)")
        // Every piece is dead at its lifetime; its last ghost still shows until 4 spacings later.
        let after = try await PixelProofTests().compare(Scene(name: "after death", batches: [Self.pieces(physics)], time: 1.5 + 0.1))
        #expect(after.inked > 0 && after.worst <= 2)
    }
}
