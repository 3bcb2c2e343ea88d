import Foundation

/// A horizontal wind every piece of a burst feels at the same moment: w(T) = mean + Σₖ aₖ·sin(ωₖ·T + φₖ),
/// with T the burst's own clock (seconds after its epoch), so a gust reaches every piece at once,
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

    /// Still air: today's motion.
    public static let none = Wind(mean: 0)

    /// pt/s at burst time `T` (s).
    public func velocity(at T: Double) -> Double {
        gusts.reduce(mean) { $0 + $1.amplitude * sin($1.frequency * T + $1.phase) }
    }

    /// A gust as the drag filters it: the steady-state velocity it drives is
    /// gain·sin(ω·T + shiftedPhase), gain = a·c/√(c² + ω²) (pt/s), shiftedPhase = φ − atan(ω/c) (rad).
    public struct FilteredGust: Hashable, Sendable {
        public var gain: Double
        public var frequency: Double
        public var shiftedPhase: Double
    }

    public func filtered(drag c: Double) -> [FilteredGust] {
        gusts.map { g in
            FilteredGust(gain: g.amplitude * c / (c * c + g.frequency * g.frequency).squareRoot(), frequency: g.frequency, shiftedPhase: g.phase - atan2(g.frequency, c))
        }
    }

    /// The horizontal displacement the wind adds, by age `t` (s), to a piece born at burst time
    /// `birth` (s), under drag `c` (1/s), with d = 1 − exp(−c·t): the mean's and each gust's
    /// particular solution, less the homogeneous part that starts the piece at its own launch
    /// velocity (docs/effects.md, Wind). `scale` is the float32 error scale: the magnitudes of
    /// the terms and the sines' arguments, as the shader evaluates them.
    /// The error scale of d = 1 − exp(−c·t) in the formulas that use it: 1 from birth on (|d| ≤ 1).
    /// Before birth (a traced, unborn piece) exp(c·|t|) grows, and with it the error the rounding
    /// of its argument c·t brings: |d|·(1 + |c·t|).
    public static func reach(d: Double, drag c: Double, t: Double) -> Double {
        t < 0 ? 1 + abs(d) * (1 + abs(c * t)) : 1
    }

    public func drift(birth: Double, age t: Double, drag c: Double, d: Double) -> (value: Double, scale: Double) {
        var value = mean * (t - d / c)
        let reach = Self.reach(d: d, drag: c, t: t)
        var scale = abs(mean) * (abs(t) + reach / c)
        for g in filtered(drag: c) {
            let w = g.frequency
            let travelled = 2 * sin(w * (birth + t / 2) + g.shiftedPhase) * sin(w * t / 2) / w
            let atBirth = sin(w * birth + g.shiftedPhase) * d / c
            value += g.gain * (travelled - atBirth)
            let arguments = abs(w * birth) + abs(w * t) + abs(g.shiftedPhase)
            scale += abs(g.gain) * ((abs(t) + reach / c) * (2 + arguments))
        }
        return (value, scale)
    }
}
