/// The arithmetic sound is made of: IEEE's correctly rounded operations only (+, −, ×, and the
/// odd ÷ and √ at placement and in the soft limit) and integer hashing, never the C library's
/// `sin`, `exp` or `pow`, whose last bits differ between libraries. A track is then the same
/// bytes on every machine.
enum SoundMath {
    /// Samples per second of every track.
    static let sampleRate = 48_000.0

    /// Seeded white noise, uniform in [−1, 1): sample `i` of the noise of `seed`, a hash of the
    /// two (SplitMix64's finaliser), so any sample is had without the ones before it.
    @inline(__always)
    static func noise(_ seed: UInt32, _ i: Int) -> Double {
        var z = (UInt64(seed) << 32 | UInt64(UInt32(truncatingIfNeeded: i))) &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Double(z >> 40) * 0x1p-23 - 1
    }

    /// Uniform in [0, 1): the `i`-th draw of `seed`'s own sequence (impulse times, gates).
    @inline(__always)
    static func unit(_ seed: UInt32, _ i: Int) -> Double { (noise(seed ^ 0x5EED_F00D, i) + 1) * 0.5 }

    /// sin(2π·p) for a phase in cycles: folded into a quarter cycle, then its Taylor polynomial
    /// to x⁹ (error below 4·10⁻⁶).
    @inline(__always)
    static func sine(_ p: Double) -> Double {
        var q = p - (p * 1).rounded(.down)          // [0, 1)
        if q >= 0.5 { q -= 1 }                       // [−0.5, 0.5)
        if q > 0.25 { q = 0.5 - q } else if q < -0.25 { q = -0.5 - q }
        let x = q * 6.283185307179586, x2 = x * x
        return x * (1 + x2 * (-1.0 / 6 + x2 * (1.0 / 120 + x2 * (-1.0 / 5040 + x2 * (1.0 / 362_880)))))
    }

    /// The coefficient of a one-pole low-pass `y += a·(x − y)` with its corner at `hz`:
    /// a = 1 − e^(−w), w = 2π·hz/rate, by its series (w at most 1, so a at most 0.63); the
    /// output never leaves the range of the input.
    @inline(__always)
    static func lowpass(_ hz: Double) -> Double {
        let w = min(max(hz, 0) * (6.283185307179586 / sampleRate), 1)
        return w * (1 + w * (-0.5 + w * (1.0 / 6 + w * (-1.0 / 24 + w * (1.0 / 120)))))
    }

    /// A soft limit that never leaves [−1, 1]: tanh's (3, 2) Padé approximant on [−3, 3], which
    /// meets ±1 at ±3 with slope 0, and ±1 beyond.
    @inline(__always)
    static func saturate(_ x: Double) -> Double {
        let c = min(max(x, -3), 3), c2 = c * c
        return c * (27 + c2) / (27 + 9 * c2)
    }
}
