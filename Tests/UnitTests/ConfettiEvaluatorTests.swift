import ConfettiCore
import Foundation
import Testing
import TestSupport

/// The closed form against a numerical solution of the same differential equation.
@Suite(.tags(.math)) struct ConfettiEvaluatorTests {
    let physics = ConfettiPhysics.standard

    /// One axis of dv/dt = g - drag v, integrated with classical RK4 at step h.
    func rk4(x0: Double, v0: Double, gravity: Double, drag: Double, until t: Double, step h: Double) -> Double {
        var x = x0, v = v0
        let steps = Int((t / h).rounded())
        let h = t / Double(max(steps, 1))
        func accel(_ v: Double) -> Double { gravity - drag * v }
        for _ in 0..<steps {
            let k1x = v, k1v = accel(v)
            let k2x = v + 0.5 * h * k1v, k2v = accel(v + 0.5 * h * k1v)
            let k3x = v + 0.5 * h * k2v, k3v = accel(v + 0.5 * h * k2v)
            let k4x = v + h * k3v, k4v = accel(v + h * k3v)
            x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
            v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
        }
        return x
    }

    @Test func verticalMotionSolvesGravityWithLinearDrag() {
        let burst = ConfettiSection.standard.spawn(in: Size(width: 1280, height: 720), seed: 3)
        for p in burst.prefix(10) {
            for t in [0.01, 0.1, 0.37, 0.8, 1.2, 1.49] {
                let closed = physics.evaluate(p, at: t).y
                let numeric = rk4(x0: p.initialPosition.y, v0: p.initialVelocity.y, gravity: physics.gravity, drag: physics.drag, until: t, step: 1e-4)
                let displacement = abs(numeric - p.initialPosition.y)
                #expect(abs(closed - numeric) <= 1e-6 * displacement, "t=\(t): closed \(closed) vs RK4 \(numeric)")
            }
        }
    }

    @Test func horizontalDriftIsTheSameEquationWithoutGravity() {
        var burst = ConfettiSection.standard
        burst.flutterAmplitude = 0...0  // isolate the drift term
        burst.spreadStrength = 0...0
        for p in burst.spawn(in: Size(width: 1920, height: 1080), seed: 11).prefix(10) {
            for t in [0.01, 0.25, 0.9, 1.49] {
                let closed = physics.evaluate(p, at: t).x
                let numeric = rk4(x0: p.initialPosition.x, v0: p.initialVelocity.x, gravity: 0, drag: physics.drag, until: t, step: 1e-4)
                #expect(abs(closed - numeric) <= 1e-6 * abs(numeric - p.initialPosition.x), "t=\(t)")
            }
        }
    }

    @Test func flutterSpreadFlipRotationAndFadeFollowTheSpec() {
        let p = ConfettiParticle(
            initialPosition: Point(100, 200), initialVelocity: SIMD2(-50, -900),
            initialRotation: 30, rotationSpeed: -200,
            flutterAmplitude: 40, flutterFrequency: 5, flutterPhase: 1,
            flipFrequency: 4, flipPhase: 0.5, spreadStrength: 10,
            size: Size(width: 12, height: 7), color: .red
        )
        let t = 0.6
        let s = physics.evaluate(p, at: t)
        let d = 1 - exp(-1.6 * t)
        #expect(abs(s.x - (100 + (-50 / 1.6) * d + 40 * sin(5 * t + 1) - 10 * t * t)) < 1e-9)
        #expect(abs(s.rotation - (30 - 200 * t)) < 1e-12)
        #expect(abs(s.apparentWidth - 12 * max(0.15, abs(cos(4 * t + 0.5)))) < 1e-12)
        #expect(s.opacity == 1 && s.alive)
        // Fade: linear over the last 0.4 s, and nothing drawn before birth or from death on.
        #expect(abs(physics.evaluate(p, at: 1.3).opacity - 0.5) < 1e-12)
        #expect(physics.evaluate(p, at: 1.1 - 1e-9).opacity == 1)
        #expect(!physics.evaluate(p, at: 1.5).alive)
        #expect(!physics.evaluate(p, at: -1e-9).alive)
        #expect(physics.evaluate(p, at: 1.5).opacity == 0)
        // Edge-on, the width stops at 15%.
        let edgeOn = (Double.pi / 2 - 0.5) / 4
        #expect(abs(physics.evaluate(p, at: edgeOn).apparentWidth - 12 * 0.15) < 1e-12)
        #expect(abs(physics.terminalVelocity - 175) < 1e-12)
    }

    @Test func clockPausesStepsBothWaysAndClampsSpeed() {
        var clock = SimulationClock()
        clock.advance(wall: 0.5)
        #expect(clock.time == 0.5)
        clock.isPaused = true
        clock.advance(wall: 1)
        #expect(clock.time == 0.5)
        clock.step(-3)
        #expect(abs(clock.time - (0.5 - 3.0 / 60)) < 1e-15)
        for _ in 0..<10 { clock.speedUp() }
        #expect(clock.speed == 16)
        for _ in 0..<20 { clock.slowDown() }
        #expect(clock.speed == 1.0 / 16)
    }
}
