import ConfettiCore
import Testing
import TestSupport

@Suite(.tags(.math)) struct SeededGeneratorTests {
    @Test func matchesThePublishedXoshiro256StarStarWithSplitMix64Seeding() {
        // Computed with an independent implementation of Blackman & Vigna's reference code.
        var rng = SeededGenerator(seed: 0)
        #expect([rng.next(), rng.next(), rng.next(), rng.next()] == [
            0x99EC_5F36_CB75_F2B4, 0xBF6E_1F78_4956_452A, 0x1A5F_849D_4933_E6E0, 0x6AA5_94F1_262D_2D2C,
        ])
    }

    @Test func sameSeedGivesSameSequenceAndStreamsDiffer() {
        var a = SeededGenerator(seed: 42), b = SeededGenerator(seed: 42)
        #expect((0..<100).map { _ in a.next() } == (0..<100).map { _ in b.next() })
        var s0 = SeededGenerator(seed: 42, stream: 0), s1 = SeededGenerator(seed: 42, stream: 1)
        #expect((0..<8).map { _ in s0.next() } != (0..<8).map { _ in s1.next() })
    }

    @Test func unitIsInHalfOpenIntervalAndBoundedIndexIsUniform() {
        var rng = SeededGenerator(seed: 7)
        var counts = [Int](repeating: 0, count: 6)
        let n = 60_000
        for _ in 0..<n {
            let u = rng.unit()
            #expect(u >= 0 && u < 1)
            counts[rng.index(below: 6)] += 1
        }
        // 5 standard deviations of a binomial(n, 1/6) count.
        let sigma = (Double(n) * (1.0 / 6) * (5.0 / 6)).squareRoot()
        for c in counts {
            #expect(abs(Double(c) - Double(n) / 6) < 5 * sigma)
        }
    }
}
