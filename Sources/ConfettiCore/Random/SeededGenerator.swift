/// xoshiro256** (Blackman & Vigna, 2018), seeded through SplitMix64.
///
/// Every random choice in the project comes from one of these, so a seed fixes a launch
/// bit for bit on every run and every machine. The conversions to `Double` and to bounded
/// integers are written here rather than taken from the standard library, whose algorithms
/// are not promised to stay the same between Swift releases.
package struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var s: (UInt64, UInt64, UInt64, UInt64)

    package init(seed: UInt64) {
        // SplitMix64 spreads any seed, 0 included, over the whole 256-bit state.
        var x = seed
        func splitMix() -> UInt64 {
            x &+= 0x9E37_79B9_7F4A_7C15
            var z = x
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        s = (splitMix(), splitMix(), splitMix(), splitMix())
    }

    /// A generator for the `index`-th member of a family (the n-th launch of a seeded schedule).
    package init(seed: UInt64, stream index: UInt64) {
        self.init(seed: seed ^ (index &* 0xD1B5_4A32_D192_ED03) &+ index)
    }

    package mutating func next() -> UInt64 {
        let result = rotl(s.1 &* 5, 7) &* 9
        let t = s.1 << 17
        s.2 ^= s.0
        s.3 ^= s.1
        s.1 ^= s.2
        s.0 ^= s.3
        s.2 ^= t
        s.3 = rotl(s.3, 45)
        return result
    }

    private func rotl(_ x: UInt64, _ k: UInt64) -> UInt64 { (x << k) | (x >> (64 - k)) }

    /// Uniform in [0, 1), with all 53 bits of a Double's mantissa.
    package mutating func unit() -> Double {
        Double(next() >> 11) * 0x1p-53
    }

    /// Uniform in [lower, upper).
    package mutating func uniform(_ lower: Double, _ upper: Double) -> Double {
        lower + (upper - lower) * unit()
    }

    package mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        uniform(range.lowerBound, range.upperBound)
    }

    /// Uniform in 0..<count, without modulo bias (Lemire's multiply-and-reject).
    package mutating func index(below count: Int) -> Int {
        precondition(count > 0, "index(below:) needs a positive count")
        let n = UInt64(count)
        var product = next().multipliedFullWidth(by: n)
        if product.low < n {
            let threshold = (0 &- n) % n
            while product.low < threshold {
                product = next().multipliedFullWidth(by: n)
            }
        }
        return Int(product.high)
    }

    package mutating func element<T>(of array: [T]) -> T {
        array[index(below: array.count)]
    }
}
