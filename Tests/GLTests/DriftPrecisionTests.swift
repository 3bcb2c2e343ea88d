import ConfettiGL
import ConfettiProof
import Foundation
import GLTestSupport
import Testing
import TestSupport

/// Both motion shaders take d = 1 − e^(−kt) from its series while kt < 1/4, because there the
/// direct form 1 − exp(−kt) subtracts two nearly equal numbers and loses about three bits of d:
/// a slow drift (small drag, early age) would carry that error into every position. Measured
/// here as ulps of d: a piece thrown at 1024 pt/s with drag 1 from the origin and no other force
/// is at x = 1024·d, so x/1024 is the shader's d exactly.
@Suite(.tags(.math)) struct DriftPrecisionTests {
    /// Ages (as floats, so the shader's age is exact) up to kt = 1/2.
    static let ages = (1...500).map { Double(Float(Double($0) / 1000)) }

    /// The worst error in ulps of d where the series applies (kt < 1/4) and beyond it.
    static func worstUlps(_ drift: [Double]) -> (series: Double, direct: Double) {
        var worst = (series: 0.0, direct: 0.0)
        for (t, x) in zip(ages, drift) {
            let exact = -expm1(-t)
            let ulps = abs(x / 1024 - exact) / Double(Float(exact).ulp)
            if t < 0.25 { worst.series = max(worst.series, ulps) } else { worst.direct = max(worst.direct, ulps) }
        }
        return worst
    }

    /// Measured on llvmpipe: about 1 ulp from the series, up to 7 from the direct form beyond it.
    /// Switching to the direct form at kt = 1/8 instead puts 5 to 8 ulps into the series' range.
    static func expectPrecise(_ drift: [Double], _ kind: String) {
        let worst = worstUlps(drift)
        print("\(kind) drift: worst \(worst.series) ulps of d below kt = 1/4, \(worst.direct) above")
        #expect(worst.series <= 2, "\(kind): d is \(worst.series) ulps off where its series applies")
        #expect(worst.direct <= 16, "\(kind): d is \(worst.direct) ulps off from the direct form")
    }

    @Test func aStarsSlowDriftKeepsFloatPrecision() async throws {
        // Star k is born −t_k before the launch, so at time 0 its age is t_k.
        let stars = Self.ages.map { Star(position: Point(0, 0), velocity: SIMD2(1024, 0), birth: -$0, lifetime: 10, radius: 1, color: .red, seed: 1) }
        let physics = StarPhysics(gravity: 0, drag: 1, fade: 0.1)
        let gpu = try await SharedGL.run {
            let probe = try FeedbackProbe<StarKind>(shaders: SharedGL.shaders())
            defer { probe.delete() }
            return try probe.evaluate(stars, uniforms: physics, now: 0)
        }
        Self.expectPrecise(gpu.map(\.x), "star")
    }

    @Test func aConfettiPiecesSlowDriftKeepsFloatPrecision() async throws {
        // A piece's birth is quantised in its record, so the age comes from the time instead.
        let physics = ConfettiPhysics(gravity: 0, drag: 1, lifetime: 10, fadeOutDuration: 0.4)
        let piece = ConfettiParticle(
            initialPosition: Point(0, 0), initialVelocity: SIMD2(1024, 0), initialRotation: 0, rotationSpeed: 0,
            flutterAmplitude: 0, flutterFrequency: 0, flutterPhase: 0, flipFrequency: 0, flipPhase: 0,
            spreadStrength: 0, size: Size(width: 1, height: 1), color: .red, shape: .rectangle)
        let gpu: [ConfettiSample] = try await SharedGL.run {
            let probe = try FeedbackProbe<ConfettiKind>(shaders: SharedGL.shaders())
            defer { probe.delete() }
            return try Self.ages.map { try probe.evaluate([piece], uniforms: physics, now: $0)[0] }
        }
        Self.expectPrecise(gpu.map(\.x), "confetti")
    }
}
