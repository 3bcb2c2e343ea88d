import ConfettiGL
import Foundation
import Testing
import TestSupport

/// Wind, trail ghosts, colour ramps and size over life in `confetti.vert.glsl` against the Swift
/// evaluator, through the one parity harness: random launches, births, viewports, winds and ages.
@Suite(.tags(.math)) struct MotionParityTests {
    /// 600 pieces from 20 launches in viewports from 320×240 to 3840×2160, born at random moments
    /// of the first two seconds, so that the wind meets each at its own point of the gust.
    static func particles(seed: UInt64) -> [ConfettiParticle] {
        var rng = SeededGenerator(seed: seed)
        return (0..<20).flatMap { i -> [ConfettiParticle] in
            let viewport = Size(width: rng.uniform(320, 3840).rounded(), height: rng.uniform(240, 2160).rounded())
            let burst = i.isMultiple(of: 2) ? ConfettiSection.standard : .mixedShapes
            return burst.spawn(in: viewport, seed: rng.next()).map { p in
                var p = p
                p.birth = Double(Float(rng.uniform(0, 2)))
                return p
            }
        }
    }

    /// Clock times (since the epoch) from before the first birth to after the last death.
    static func times(seed: UInt64) -> [Double] {
        var rng = SeededGenerator(seed: seed)
        return (0..<14).map { _ in Double(Float(rng.uniform(-0.1, 3.8))) }
    }

    static func wind(_ rng: inout SeededGenerator) -> Wind {
        let gusts = (0..<(1 + rng.index(below: Wind.maxGusts))).map { _ in
            Wind.Gust(amplitude: rng.uniform(-400, 400), frequency: rng.uniform(0.2, 12), phase: rng.uniform(-7, 7))
        }
        return Wind(mean: rng.uniform(-300, 300), gusts: gusts)
    }

    static func ramp(_ rng: inout SeededGenerator) -> ColorRamp {
        let count = 2 + rng.index(below: ColorRamp.maxStops - 1)
        var fractions = (0..<count).map { _ in rng.uniform(0, 1) }.sorted()
        fractions[0] = min(fractions[0], 0.2)
        let stops = fractions.map { ColorRamp.Stop(RGB(hex: UInt32(truncatingIfNeeded: rng.next()) & 0xff_ffff), at: $0) }
        return ColorRamp(stops: stops, mode: rng.index(below: 2) == 0 ? .replace : .multiply)
    }

    func check(_ physics: ConfettiPhysics, seed: UInt64, epoch: Double = 0) async throws -> ParityHarness.Report {
        try await ParityHarness.check(ConfettiKind.self, particles: Self.particles(seed: seed), uniforms: physics, epoch: epoch, times: Self.times(seed: seed + 1))
    }

    func merged(_ reports: [ParityHarness.Report]) -> ParityHarness.Report {
        var total = ParityHarness.Report()
        for r in reports {
            total.samples += r.samples
            total.aliveSamples += r.aliveSamples
            total.ghostSamples += r.ghostSamples
            for (field, error) in r.error {
                total.error[field] = max(total.error[field] ?? 0, error)
                total.ratio[field] = max(total.ratio[field] ?? 0, r.ratio[field]!)
            }
        }
        return total
    }

    @Test func windShaderMatchesCPUForRandomGustsBirthsAndViewports() async throws {
        var rng = SeededGenerator(seed: 4242)
        var reports: [ParityHarness.Report] = []
        for i in 0..<4 {
            var physics = ConfettiPhysics.standard
            physics.drag = rng.uniform(0.5, 5)
            physics.wind = Self.wind(&rng)
            reports.append(try await check(physics, seed: 100 + UInt64(i)))
        }
        let report = merged(reports)
        #expect(report.aliveSamples > 4 * 600 * 3, "pieces in flight are sampled")
        print("wind parity, \(report.samples) samples: \(report)")
    }

    @Test func windShaderMatchesCPUAfterThirtyDaysOfUptime() async throws {
        var physics = ConfettiPhysics.standard
        physics.wind = Wind(mean: -150, gusts: [Wind.Gust(amplitude: 300, frequency: 7, phase: 2), Wind.Gust(amplitude: -120, frequency: 0.7, phase: -1)])
        let report = try await check(physics, seed: 7, epoch: 30 * 86_400 + 0.987_654_321)
        #expect(report.aliveSamples > 600 * 3)
        print("wind parity after 30 days, \(report.samples) samples: \(report)")
    }

    @Test func trailGhostsMatchCPUAtTheirLaggedAges() async throws {
        var rng = SeededGenerator(seed: 515)
        var reports: [ParityHarness.Report] = []
        for i in 0..<3 {
            var physics = ConfettiPhysics.standard
            physics.trail = Trail(ghosts: 1 + rng.index(below: 6), spacing: rng.uniform(0.01, 0.08), taper: rng.uniform(0, 1))
            physics.wind = Self.wind(&rng)
            reports.append(try await check(physics, seed: 300 + UInt64(i)))
        }
        let report = merged(reports)
        #expect(report.ghostSamples > 600 * 14, "every ghost of every piece is compared")
        print("trail parity, \(report.samples) samples (\(report.ghostSamples) of ghosts): \(report)")
    }

    @Test func colourRampAndSizeAtDeathMatchCPU() async throws {
        var rng = SeededGenerator(seed: 919)
        var reports: [ParityHarness.Report] = []
        for i in 0..<4 {
            var physics = ConfettiPhysics.standard
            physics.colorRamp = Self.ramp(&rng)
            physics.sizeAtDeath = rng.uniform(0, 3)
            reports.append(try await check(physics, seed: 500 + UInt64(i)))
        }
        let report = merged(reports)
        #expect(report.aliveSamples > 4 * 600 * 3)
        print("colour ramp and size parity, \(report.samples) samples: \(report)")
    }
}
