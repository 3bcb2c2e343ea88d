/// A CSS/Core Animation timing curve: the cubic Bézier from (0, 0) to (1, 1) through
/// (x1, y1) and (x2, y2). Given progress p it finds s with x(s) = p and returns y(s).
public struct TimingCurve: Hashable, Sendable {
    public var x1, y1, x2, y2: Double

    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.x1 = x1
        self.y1 = y1
        self.x2 = x2
        self.y2 = y2
    }

    /// Core Animation's ease-out, cubic-bezier(0, 0, 0.58, 1).
    public static let easeOut = TimingCurve(0, 0, 0.58, 1)

    package func x(_ s: Double) -> Double { bezier(s, x1, x2) }
    package func y(_ s: Double) -> Double { bezier(s, y1, y2) }

    private func bezier(_ s: Double, _ c1: Double, _ c2: Double) -> Double {
        let v = 1 - s
        return 3 * v * v * s * c1 + 3 * v * s * s * c2 + s * s * s
    }

    private func dx(_ s: Double) -> Double {
        let v = 1 - s
        return 3 * v * v * x1 + 6 * v * s * (x2 - x1) + 3 * s * s * (1 - x2)
    }

    /// The eased value at progress p, clamped to [0, 1].
    ///
    /// Newton's method on x(s) = p, kept inside a bracket that bisection shrinks whenever a
    /// Newton step would leave it, so it converges even where x'(s) is 0 (at s = 0 here).
    package func value(at p: Double) -> Double {
        guard p > 0 else { return 0 }
        guard p < 1 else { return 1 }
        var lo = 0.0, hi = 1.0
        var s = p
        for _ in 0..<100 {
            let f = x(s) - p
            if f == 0 { break }
            if f < 0 { lo = s } else { hi = s }
            let slope = dx(s)
            var next = slope > 0 ? s - f / slope : .nan
            if !(next > lo && next < hi) { next = 0.5 * (lo + hi) }
            if abs(next - s) <= 1e-15 { s = next; break }
            s = next
        }
        return y(s)
    }
}
