import ConfettiGL
import ConfettiProof
import Foundation
import GLTestSupport
import Testing
import TestSupport

/// Stars: every light feature (glow, streak, ribbon and dot trails, colour temperature and
/// change, flicker, strobe) on the GPU against `StarPhysics.evaluate`, by transform feedback at
/// seeded random epochs, ages and viewports, and pixel by pixel against the CPU rasteriser.
@Suite(.tags(.math)) struct StarLightTests {
    /// Each look a star can have, one spawn each, from `seed`.
    static func features(seed: UInt64, in viewport: Size) -> [any ParticleBatch] {
        var rng = SeededGenerator(seed: seed)
        func stars(_ count: Int, radius: ClosedRange<Double>) -> [Star] {
            (0..<count).map { _ in
                let angle = rng.uniform(0, 2 * .pi), speed = rng.uniform(20, 0.4 * viewport.height)
                return Star(position: Point(viewport.width * rng.uniform(0.3, 0.7), viewport.height * rng.uniform(0.3, 0.6)),
                            velocity: SIMD2(cos(angle), sin(angle)) * speed, birth: rng.uniform(0, 0.4), lifetime: rng.uniform(0.8, 2),
                            radius: rng.uniform(radius), color: RGB(rng.uniform(0, 1), rng.uniform(0, 1), rng.uniform(0, 1)),
                            secondColor: RGB(rng.uniform(0, 1), rng.uniform(0, 1), rng.uniform(0, 1)), seed: UInt32(truncatingIfNeeded: rng.next()))
            }
        }
        var streak = StarPhysics(gravity: 90, drag: 1.4, fade: 0.5, temperature: .burning, streak: 0.06)
        streak.flicker = .init(amount: 0.6, rate: 25)
        var ribbon = StarPhysics(gravity: 140, drag: 3.5, fade: 0.6, temperature: .burning, colorChange: 0.4, colorChangeSpan: 0.1,
                                 trail: Trail(ghosts: 6, spacing: 0.04, taper: 0.8), ribbon: true)
        ribbon.strobe = .init(period: 0.3, duty: 1.0 / 3, edge: 0.05)
        let dots = StarPhysics(gravity: 60, drag: 0.9, fade: 0.3, glow: .init(core: 0.6, whiteness: 1, light: 0.8),
                               trail: Trail(ghosts: 3, spacing: 0.05, taper: 0.5))
        return [Batch<StarKind>(stars(30, radius: 2...6), streak), Batch<StarKind>(stars(25, radius: 1.5...4), ribbon), Batch<StarKind>(stars(20, radius: 3...9), dots)]
    }

    @Test func everyLightFeatureMatchesItsEvaluatorOnTheGPU() async throws {
        var rng = SeededGenerator(seed: 2026_11_24)
        var total = ParityCheck.Report()
        for round in 0..<4 {
            let viewport = Size(width: rng.uniform(320, 2560).rounded(), height: rng.uniform(240, 1440).rounded())
            let epoch = rng.uniform(0, 30 * 86_400)
            let times = (0..<8).map { _ in rng.uniform(-0.2, 2.8) }
            for candidate in Self.features(seed: UInt64(round), in: viewport) {
                guard let batch = candidate.typed(StarKind.self) else { continue }
                let (stars, physics) = (batch.particles, batch.uniforms)
                let report = try await ParityHarness.check(StarKind.self, particles: stars, uniforms: physics, epoch: epoch, times: times,
                                                           viewport: viewport, pixelsPerPoint: round % 2 == 0 ? 1 : 2)
                #expect(report.samples == stars.count * (1 + physics.trail.ghosts) * times.count)
                total.merge(report)
            }
        }
        print("star parity: \(total.samples) samples: \(total)")
        #expect(total.aliveSamples > 200)
        #expect(total.fading > 10)
        for field in ["x", "y", "vx", "vy", "headX", "headY", "radius", "opacity", "brightness", "red", "vertex position", "vertex colour"] {
            #expect(total.ratio[field] != nil, "\(field) was never compared")
        }
    }

    /// Light adds up: a second star over the first makes the pixel brighter, where paint (all its
    /// alpha kept) would only cover it with the same colour. And a star keeps half its alpha, so
    /// over white it still darkens what is under it.
    @Test func overlappingStarsAddUpToBrighterLightAndStillShowOverWhite() async throws {
        let viewport = Size(width: 64, height: 36)
        func star(_ seed: UInt32) -> Star {
            Star(position: Point(32, 18), velocity: .zero, birth: 0, lifetime: 10, radius: 8, color: RGB(0.8, 0.2, 0.1), seed: seed)
        }
        func centre(_ count: Int, light: Double, over background: RGB) async throws -> SIMD3<Int> {
            let physics = StarPhysics(gravity: 0, drag: 1, fade: 1, glow: .init(core: 0.3, whiteness: 0.85, light: light))
            let batches = [Batch<StarKind>((0..<count).map { star(UInt32($0)) }, physics)]
            let image = try await SharedGL.run {
                try PixelProof.render(batches, at: 1, viewport: viewport, pixelsPerPoint: 1, background: background, shaders: SharedGL.shaders())
            }
            // Halfway out along the halo, off the white core.
            let i = (18 * image.width + 37) * 4
            return SIMD3(Int(image.pixels[i]), Int(image.pixels[i + 1]), Int(image.pixels[i + 2]))
        }
        let dark = RGB(0.05, 0.05, 0.08)
        let one = try await centre(1, light: 0.5, over: dark), two = try await centre(2, light: 0.5, over: dark)
        #expect(two.x > one.x + 20, "two stars \(two) should be brighter than one \(one)")
        let paintOne = try await centre(1, light: 0, over: dark), paintTwo = try await centre(2, light: 0, over: dark)
        #expect(abs(paintTwo.x - paintOne.x) < abs(two.x - one.x), "light must add more than paint: paint \(paintOne) → \(paintTwo), light \(one) → \(two)")
        let white = RGB(1, 1, 1)
        let overWhite = try await centre(1, light: 0.5, over: white)
        #expect(overWhite.y < 235 && overWhite.z < 235, "a red star over white must still show: \(overWhite)")
    }

    @Test func lightDrawsTheSamePixelsAsTheCPURasteriser() async throws {
        let viewport = Size(width: 320, height: 180)
        for (scale, time) in [(1.0, 0.35), (2.0, 0.7), (1.0, 1.1), (2.0, 1.6)] {
            let batches = Self.features(seed: 7, in: viewport)
            let background = RGB(0.055, 0.06, 0.09)
            let gpu = try await SharedGL.run {
                try PixelProof.render(batches, at: time, viewport: viewport, pixelsPerPoint: scale, background: background, shaders: SharedGL.shaders())
            }
            let cpu = PixelProof.reference(batches, at: time, viewport: viewport, pixelsPerPoint: scale, background: background)
            let d = PixelProof.difference(gpu, cpu, background: background)
            print("star pixels at t = \(time) × \(scale): worst \(d.worst), mean \(d.mean), \(d.inked) inked")
            #expect(d.inked > 500, "at t = \(time) × \(scale): only \(d.inked) pixels drawn")
            #expect(d.beyondBound == 0, "at t = \(time) × \(scale): \(d.beyondBound) pixels beyond their bound, the first \(d.firstBeyond)")
            #expect(d.mean <= 0.5, "at t = \(time) × \(scale): mean \(d.mean)")
        }
    }
}
