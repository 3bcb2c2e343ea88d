import ConfettiCore
import Foundation
import Testing
import TestSupport

/// The wind's closed form against a numerical solution of the same differential equation,
/// dv/dt = −drag·(v − w(birth + τ)), as the confetti's own motion is checked.
@Suite(.tags(.math)) struct WindEvaluatorTests {
    /// x after age `t` of dx/dτ = v, dv/dτ = −c·(v − w(birth + τ)), by classical RK4 at step ≈ h.
    func rk4(x0: Double, v0: Double, wind: Wind, birth: Double, drag c: Double, until t: Double, step h: Double) -> Double {
        var x = x0, v = v0
        let steps = max(Int((abs(t) / h).rounded()), 1)
        let h = t / Double(steps)
        func accel(_ tau: Double, _ v: Double) -> Double { -c * (v - wind.velocity(at: birth + tau)) }
        for i in 0..<steps {
            let tau = Double(i) * h
            let k1x = v, k1v = accel(tau, v)
            let k2x = v + 0.5 * h * k1v, k2v = accel(tau + 0.5 * h, v + 0.5 * h * k1v)
            let k3x = v + 0.5 * h * k2v, k3v = accel(tau + 0.5 * h, v + 0.5 * h * k2v)
            let k4x = v + h * k3v, k4v = accel(tau + h, v + h * k3v)
            x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
            v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
        }
        return x
    }

    /// How far RK4 may honestly be from the exact solution. Its local error per step is the
    /// fifth-order Taylor remainder, h⁵·|x⁽⁵⁾|/120 to leading order, and drag only damps what
    /// earlier steps left, so after t/h steps the global error is at most t·h⁴·max|x⁽⁵⁾|/120;
    /// we allow 5× that for the terms beyond leading order. x⁽⁵⁾ = v⁽⁴⁾, and v is the gusts'
    /// steady sinusoids (gain·ω⁴ each) plus the launch's decaying part (|v₀ − v_steady(0)|·c⁴).
    /// Then the rounding of both sides in Double: each of the steps adds a few ε of |x| + |v|·h.
    func tolerance(v0: Double, wind: Wind, birth: Double, drag c: Double, t: Double, h: Double, x: Double) -> Double {
        let filtered = wind.filtered(drag: c)
        let steady = wind.mean + filtered.reduce(0) { $0 + $1.gain * sin($1.frequency * birth + $1.shiftedPhase) }
        let fourth = filtered.reduce(0) { $0 + abs($1.gain) * pow($1.frequency, 4) } + abs(v0 - steady) * pow(c, 4)
        let truncation = 5 * abs(t) * pow(h, 4) * fourth / 120
        let rounding = 8 * 0x1p-52 * (abs(t) / h) * (abs(x) + (abs(v0) + abs(steady) + abs(wind.mean)) * h)
        return truncation + rounding
    }

    static func gustyWind(seed: UInt64) -> Wind {
        var rng = SeededGenerator(seed: seed)
        let gusts = (0..<(1 + rng.index(below: Wind.maxGusts))).map { _ in
            Wind.Gust(amplitude: rng.uniform(-400, 400), frequency: rng.uniform(0.2, 12), phase: rng.uniform(-7, 7))
        }
        return Wind(mean: rng.uniform(-300, 300), gusts: gusts)
    }

    @Test func windDriftSolvesDragTowardsTheGustsExactly() {
        var burst = ConfettiSection.standard
        burst.flutterAmplitude = 0...0  // isolate the drift
        burst.spreadStrength = 0...0
        var rng = SeededGenerator(seed: 808)
        var worst = 0.0, largest = 0.0, checked = 0
        for trial in 0..<12 {
            var physics = ConfettiPhysics.standard
            physics.drag = rng.uniform(0.3, 6)
            physics.wind = Self.gustyWind(seed: rng.next())
            let viewport = Size(width: rng.uniform(320, 3840).rounded(), height: rng.uniform(240, 2160).rounded())
            for var p in burst.spawn(in: viewport, seed: UInt64(trial)).prefix(4) {
                // Born at different moments of the launch: each meets the gust where it then is.
                p.birth = rng.uniform(0, 2)
                for t in [0.01, 0.2, 0.77, 1.3, 1.49] {
                    let closed = physics.evaluate(p, at: t).x
                    let h = 1e-3
                    let numeric = rk4(x0: p.initialPosition.x, v0: p.initialVelocity.x, wind: physics.wind, birth: p.birth, drag: physics.drag, until: t, step: h)
                    let bound = tolerance(v0: p.initialVelocity.x, wind: physics.wind, birth: p.birth, drag: physics.drag, t: t, h: h, x: numeric)
                    #expect(abs(closed - numeric) <= bound, "t=\(t), birth \(p.birth): closed \(closed) vs RK4 \(numeric) (bound \(bound))")
                    worst = max(worst, abs(closed - numeric) / bound)
                    largest = max(largest, abs(closed - numeric))
                    checked += 1
                }
            }
        }
        print(String(format: "wind against RK4 (h = 1 ms), %d samples: largest difference %.2g pt, worst %.1f%% of the derived bound", checked, largest, 100 * worst))
    }

    @Test func theBoundIsTightEnoughToCatchAGustAppliedAtTheWrongClock() {
        // The same wind felt on each piece's own clock (birth 0) instead of the launch's: the
        // pieces born later would be off by far more than RK4's bound.
        var physics = ConfettiPhysics.standard
        physics.wind = Wind(mean: 40, gusts: [Wind.Gust(amplitude: 250, frequency: 3, phase: 0.4)])
        var p = ConfettiSection.standard.spawn(in: Size(width: 1280, height: 720), seed: 5)[0]
        p.birth = 0.7
        p.flutterAmplitude = 0
        p.spreadStrength = 0
        let t = 1.0, h = 1e-3
        let ownClock = rk4(x0: p.initialPosition.x, v0: p.initialVelocity.x, wind: physics.wind, birth: 0, drag: physics.drag, until: t, step: h)
        let bound = tolerance(v0: p.initialVelocity.x, wind: physics.wind, birth: p.birth, drag: physics.drag, t: t, h: h, x: ownClock)
        #expect(abs(physics.evaluate(p, at: t).x - ownClock) > 1000 * bound)
    }

    @Test func stillAirAndNoGustsLeaveTheDriftOfToday() {
        let p = ConfettiSection.standard.spawn(in: Size(width: 1280, height: 720), seed: 9)[3]
        var windless = ConfettiPhysics.standard
        windless.wind = Wind(mean: 0, gusts: [])
        for t in [-0.05, 0, 0.3, 1.2] {
            #expect(windless.evaluate(p, at: t) == ConfettiPhysics.standard.evaluate(p, at: t))
        }
        // A steady wind: the piece's velocity relaxes to it, x = x_still + w₀·(t − (1 − e^{−ct})/c).
        var steady = ConfettiPhysics.standard
        steady.wind = Wind(mean: 120)
        let t = 0.9, c = steady.drag
        let expected = ConfettiPhysics.standard.evaluate(p, at: t).x + 120 * (t - (1 - exp(-c * t)) / c)
        #expect(abs(steady.evaluate(p, at: t).x - expected) < 1e-9)
    }

    @Test func everyPieceFeelsTheSameGustWhateverItsBirth() {
        // Long after launch every piece moves with the steady velocity of the launch's clock.
        var physics = ConfettiPhysics.standard
        physics.drag = 4
        physics.wind = Wind(mean: 30, gusts: [Wind.Gust(amplitude: 200, frequency: 2, phase: 1)])
        let T = 6.0, dt = 1e-5
        let speeds = [0.0, 1.1, 2.5].map { birth -> Double in
            var p = ConfettiSection.standard.spawn(in: Size(width: 1280, height: 720), seed: 2)[0]
            (p.birth, p.flutterAmplitude, p.spreadStrength) = (birth, 0, 0)
            let age = T - birth
            return (physics.evaluate(p, at: age + dt).x - physics.evaluate(p, at: age - dt).x) / (2 * dt)
        }
        let g = physics.wind.filtered(drag: physics.drag)[0]
        let steady = 30 + g.gain * sin(g.frequency * T + g.shiftedPhase)
        for v in speeds { #expect(abs(v - steady) < 1e-3, "\(speeds) vs \(steady)") }
    }
}
