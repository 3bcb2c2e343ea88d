import ConfettiCore
import ConfettiGL
import Foundation
import Testing

/// The vertex shader, read back through transform feedback, against the Swift evaluator.
///
/// Tolerances. The GPU evaluates each formula in float32 (unit roundoff ε = 2⁻²⁴ ≈ 6e-8) from
/// parameters rounded to float32; the CPU evaluates it in Double. Each term then carries an
/// error of a few ε relative to its own size, and the trigonometric terms an error of a few ε
/// relative to their argument (the phase is a float32 sum). Float32 results are not compared to
/// the size of the result but to the sum of the sizes of the terms, M:
///
///     x:        M = |x0| + |vx|/drag + A·(1 + |ω t| + |φ|) + |s| t²
///     y:        M = |y0| + |vy|/drag + vt·(|t| + 1/drag)
///     rotation: M = |r0| + |spin·t|
///     width:    M = w·(1 + |ωf t| + |φf|)
///     opacity:  M = (lifetime + |t|) / fadeOut
///
/// and the tolerance is K·ε·M with K = 16: at most about eight roundings per term, with a
/// factor of two for the driver's exp, sin and cos. Where the time uniform itself is rounded
/// (Δ = |float(age) − age|, only at long uptimes), each value may also move by its rate of
/// change times Δ, and alive/dead may differ within Δ of birth and death.
@Suite struct ShaderParityTests {
    static let k = 16.0
    static let eps = Double(Float.ulpOfOne) / 2

    struct Worst {
        var error: [String: Double] = [:]
        var ratio: [String: Double] = [:]
        var samples = 0
        var classified = 0
        var fading = 0

        mutating func record(_ field: String, _ error: Double, _ tolerance: Double) {
            self.error[field] = max(self.error[field] ?? 0, error)
            ratio[field] = max(ratio[field] ?? 0, error / tolerance)
        }

        var report: String {
            error.keys.sorted().map { key in
                String(format: "%@ %.3g (%.0f%% of tolerance)", key, error[key]!, 100 * ratio[key]!)
            }.joined(separator: ", ")
        }
    }

    /// 1,200 particles from 40 bursts in viewports from 320×240 to 3840×2160.
    static func particles() -> [ConfettiParticle] {
        var rng = SeededGenerator(seed: 2024)
        return (0..<40).flatMap { i -> [ConfettiParticle] in
            let viewport = Size(width: rng.uniform(320, 3840).rounded(), height: rng.uniform(240, 2160).rounded())
            let burst = i.isMultiple(of: 2) ? ConfettiBurst.standard : .mixedShapes
            return burst.spawn(in: viewport, seed: rng.next())
        }
    }

    /// Random ages in [-0.1, 1.6] s, as float32 values so that at epoch 0 the GPU sees exactly the
    /// age the CPU does, plus the edges: a microsecond before birth, birth, the start of the
    /// fade, three ages inside it, the last float before death, death. (Not the float just below zero: it is a
    /// denormal, which GPUs may flush to zero.)
    static func ages() -> [Double] {
        var rng = SeededGenerator(seed: 99)
        let random = (0..<12).map { _ in Double(Float(rng.uniform(-0.1, 1.6))) }
        let edges: [Float] = [-0.1, -1e-6, 0, 1.1, 1.2, 1.3, 1.45, Float(1.5).nextDown, 1.5, 1.6]
        return random + edges.map(Double.init)
    }

    func compare(epoch: Double) throws -> Worst {
        let physics = ConfettiPhysics.standard
        let particles = Self.particles()
        let ages = Self.ages()
        var worst = Worst()
        try SharedGL.run {
            let probe = try ConfettiProbe(shaders: SharedGL.shaders())
            defer { probe.delete() }
            for age in ages {
                let now = epoch + age
                let gpuSamples = try probe.evaluate(particles, physics: physics, epoch: epoch, now: now)
                let trueAge = now - epoch
                let delta = abs(Double(Float(trueAge)) - trueAge)
                for (p, gpu) in zip(particles, gpuSamples) {
                    check(p, gpu: gpu, cpu: physics.evaluate(p, at: trueAge), physics: physics, delta: delta, into: &worst)
                }
            }
        }
        return worst
    }

    func check(_ p: ConfettiParticle, gpu: ConfettiSample, cpu: ConfettiSample, physics: ConfettiPhysics, delta: Double, into worst: inout Worst) {
        let t = cpu.t, eps = Self.eps, k = Self.k
        let drag = physics.drag, vt = physics.terminalVelocity
        let a = p.flutterAmplitude, w = p.size.width
        worst.samples += 1

        let mx = abs(p.initialPosition.x) + abs(p.initialVelocity.x) / drag
            + a * (1 + abs(p.flutterFrequency * t) + abs(p.flutterPhase)) + p.spreadStrength * t * t
        let rateX = abs(p.initialVelocity.x) + a * p.flutterFrequency + 2 * p.spreadStrength * abs(t)
        let my = abs(p.initialPosition.y) + abs(p.initialVelocity.y) / drag + vt * (abs(t) + 1 / drag)
        let rateY = abs(p.initialVelocity.y) + vt
        let mr = abs(p.initialRotation) + abs(p.rotationSpeed * t)
        let mw = w * (1 + abs(p.flipFrequency * t) + abs(p.flipPhase))

        let fields: [(String, Double, Double, Double)] = [
            ("x", gpu.x - cpu.x, k * eps * mx, rateX * delta),
            ("y", gpu.y - cpu.y, k * eps * my, rateY * delta),
            ("rotation", gpu.rotation - cpu.rotation, k * eps * mr, abs(p.rotationSpeed) * delta),
            ("apparentWidth", gpu.apparentWidth - cpu.apparentWidth, k * eps * mw, w * p.flipFrequency * delta),
        ]
        for (name, error, tolerance, drift) in fields {
            #expect(abs(error) <= tolerance + drift, "\(name) at t=\(t): GPU \(gpu) vs CPU \(cpu)")
            worst.record(name, abs(error), tolerance + drift)
        }

        // Alive and dead must agree, except within the time uniform's rounding of an edge.
        let nearEdge = delta > 0 && (abs(t) <= delta || abs(t - physics.lifetime) <= delta)
        if !nearEdge {
            worst.classified += 1
            #expect(gpu.alive == cpu.alive, "alive at t=\(t): GPU \(gpu.alive) vs CPU \(cpu.alive)")
        }
        if gpu.alive == cpu.alive {
            let tolerance = k * eps * (physics.lifetime + abs(t)) / physics.fadeOutDuration + delta / physics.fadeOutDuration
            #expect(abs(gpu.opacity - cpu.opacity) <= tolerance, "opacity at t=\(t): GPU \(gpu.opacity) vs CPU \(cpu.opacity)")
            worst.record("opacity", abs(gpu.opacity - cpu.opacity), tolerance)
            if cpu.alive, cpu.opacity < 1 { worst.fading += 1 }
        }
    }

    @Test func vertexShaderMatchesCPUEvaluatorFromBirthThroughDeath() throws {
        let worst = try compare(epoch: 0)
        #expect(worst.samples >= 10_000)
        #expect(worst.classified == worst.samples, "at epoch 0 every sample is classified exactly")
        #expect(worst.fading >= 4 * Self.particles().count, "the fade is sampled")
        print("parity at start, \(worst.samples) samples: \(worst.report)")
    }

    @Test func vertexShaderMatchesCPUEvaluatorAfterTenDaysOfUptime() throws {
        // The burst was spawned ten days (and a fraction of a second) after the clock started.
        let tenDays = 10 * 86_400 + 0.123_456_789
        let worst = try compare(epoch: tenDays)
        #expect(worst.samples >= 10_000)
        // Only the samples at birth and death themselves may be ambiguous.
        #expect(worst.classified >= worst.samples - 2 * Self.particles().count)
        print("parity after 10 days, \(worst.samples) samples: \(worst.report)")
    }

    @Test func vertexShaderMatchesCPUEvaluatorAfterThirtyDaysOfUptime() throws {
        let worst = try compare(epoch: 30 * 86_400 + 0.987_654_321)
        #expect(worst.samples >= 10_000)
        #expect(worst.classified >= worst.samples - 2 * Self.particles().count)
        print("parity after 30 days, \(worst.samples) samples: \(worst.report)")
    }

    @Test func naiveFloatClockWouldFailAfterTenDays() {
        // Why the epoch exists: float32 seconds since start step by 62.5 ms after ten days,
        // four frames at 60 Hz, which the parity test above would catch.
        let now = 10 * 86_400.0 + 0.123_456
        #expect(Double(Float(now).ulp) >= 0.0625)
        #expect(abs(Double(Float(now)) - now) > 1e-3)
    }
}
