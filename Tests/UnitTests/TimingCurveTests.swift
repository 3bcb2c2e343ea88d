import ConfettiCore
import Testing
import TestSupport

@Suite(.tags(.math)) struct TimingCurveTests {
    /// x(s) = p by 200 bisection steps: far below Double's resolution.
    func bisection(_ curve: TimingCurve, _ p: Double) -> Double {
        var lo = 0.0, hi = 1.0
        for _ in 0..<200 {
            let mid = 0.5 * (lo + hi)
            if curve.x(mid) < p { lo = mid } else { hi = mid }
        }
        return curve.y(0.5 * (lo + hi))
    }

    @Test func easeOutSolverAgreesWithBisectionOverAllProgress() {
        let curve = TimingCurve.easeOut
        var worst = 0.0
        let n = 100_000
        for i in 0...n {
            let p = Double(i) / Double(n)
            worst = max(worst, abs(curve.value(at: p) - bisection(curve, p)))
        }
        // Near 0 too, where x'(s) vanishes and Newton alone would stall.
        for k in 1...60 {
            let p = pow(2, -Double(k))
            worst = max(worst, abs(curve.value(at: p) - bisection(curve, p)))
        }
        #expect(worst <= 1e-6)
        #expect(worst <= 1e-12, "the solver converges fully, not just to the bound: \(worst)")
    }

    @Test func easeOutStartsFastAndEndsAtOne() {
        let curve = TimingCurve.easeOut
        #expect(curve.value(at: 0) == 0 && curve.value(at: 1) == 1)
        #expect(curve.value(at: -1) == 0 && curve.value(at: 2) == 1)
        // Ease-out: ahead of linear everywhere inside.
        for p in stride(from: 0.05, to: 1, by: 0.05) {
            #expect(curve.value(at: p) > p)
        }
    }
}

#if canImport(Glibc)
import Glibc
#endif
