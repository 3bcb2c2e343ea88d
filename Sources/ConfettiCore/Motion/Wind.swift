import FoundationEssentials
import Glibc

/// A horizontal wind every piece of a batch feels at the same moment: w(T) = mean + Σₖ aₖ·sin(ωₖ·T + φₖ),
/// with T the batch's own clock (seconds after its launch, the epoch), so a gust reaches every piece at once,
/// whenever it was born. Drag pulls each piece's horizontal velocity towards it:
/// dv/dt = −drag·(v − w(T)), solved exactly (docs/effects.md, Wind).
public struct Wind: Hashable, Sendable {
    /// One sinusoid of the wind.
    public struct Gust: Hashable, Sendable {
        /// pt/s.
        public var amplitude: Double
        /// rad/s; greater than zero (a constant wind is the mean).
        public var frequency: Double
        /// rad, at T = 0.
        public var phase: Double

        public init(amplitude: Double, frequency: Double, phase: Double) {
            self.amplitude = amplitude
            self.frequency = frequency
            self.phase = phase
        }
    }

    /// pt/s, positive to the right.
    public var mean: Double
    /// At most `maxGusts`.
    public var gusts: [Gust]

    /// The shader's room for sinusoids (`uWindGusts` in Shaders/wind.glsl).
    public static let maxGusts = 3

    public init(mean: Double, gusts: [Gust] = []) {
        self.mean = mean
        self.gusts = gusts
    }

    /// Still air: no steady velocity and no gusts, so the wind adds nothing to the motion.
    public static let none = Wind(mean: 0)

    /// pt/s at time `T` (s after the epoch).
    package func velocity(at T: Double) -> Double {
        gusts.reduce(mean) { $0 + $1.amplitude * sin($1.frequency * T + $1.phase) }
    }

    /// A gust as the drag filters it: the steady-state velocity it drives is
    /// gain·sin(ω·T + shiftedPhase), gain = a·c/√(c² + ω²) (pt/s), shiftedPhase = φ − atan(ω/c) (rad).
    package struct FilteredGust: Hashable, Sendable {
        package var gain: Double
        package var frequency: Double
        package var shiftedPhase: Double
    }

    package func filtered(drag c: Double) -> [FilteredGust] {
        gusts.map { g in
            FilteredGust(gain: g.amplitude * c / (c * c + g.frequency * g.frequency).squareRoot(), frequency: g.frequency, shiftedPhase: g.phase - atan2(g.frequency, c))
        }
    }

    /// The velocity the wind drives a piece born at time `birth` (s after the epoch) towards once its
    /// launch has decayed, at its birth: mean + Σ gain·sin(ω·birth + shiftedPhase), pt/s. The
    /// piece starts at its launch velocity, so the decaying part of its motion starts at launch
    /// velocity − this (docs/effects.md, Wind). `scale` is its float32 error scale.
    package func steadyVelocity(birth: Double, drag c: Double) -> (value: Double, scale: Double) {
        filtered(drag: c).reduce((mean, abs(mean))) { sum, g in
            (sum.0 + g.gain * sin(g.frequency * birth + g.shiftedPhase),
             sum.1 + abs(g.gain) * (1 + abs(g.frequency * birth) + abs(g.shiftedPhase)))
        }
    }

    /// How far the steady velocity carries a piece by age `t` (s) after its birth at time
    /// `birth`: mean·t + Σ its integral, each gust's written as a product of sines so
    /// nothing cancels, 2·gain·sin(ω·(birth + t/2) + shiftedPhase)·sin(ω·t/2)/ω. With no wind
    /// it is exactly 0. `scale` is its float32 error scale: the magnitudes of the terms and of
    /// the sines' arguments.
    package func steadyTravel(birth: Double, age t: Double, drag c: Double) -> (value: Double, scale: Double) {
        var value = mean * t
        var scale = abs(mean * t)
        for g in filtered(drag: c) {
            let w = g.frequency
            value += g.gain * 2 * sin(w * (birth + t / 2) + g.shiftedPhase) * sin(w * t / 2) / w
            scale += abs(g.gain * t) * (2 + abs(w * birth) + abs(w * t) + abs(g.shiftedPhase))
        }
        return (value, scale)
    }

    /// The error scale of d = 1 − exp(−c·t) in the formulas that use it: 1 from birth on (|d| ≤ 1).
    /// Before birth (a traced, unborn piece: a rocket's later phases are traced seconds before
    /// they appear) d = 1 − e^(c|t|) grows, and exp's error grows with its argument c·t: the d
    /// terms weigh (1 + |d|)·(1 + |c·t|).
    package static func reach(d: Double, drag c: Double, t: Double) -> Double {
        t < 0 ? (1 + abs(d)) * (1 + abs(c * t)) : 1
    }
}
