import ConfettiCore
import Testing
import TestSupport

@Suite(.tags(.math)) struct BezierTests {
    /// The point at u by repeated linear interpolation: independent of the Bernstein form.
    func deCasteljau(_ points: [Point], _ u: Double) -> Point {
        var level = points
        while level.count > 1 {
            level = zip(level, level.dropFirst()).map { a, b in a + (b - a) * u }
        }
        return level[0]
    }

    static let curves: [Bezier] = {
        var rng = SeededGenerator(seed: 17)
        return (0..<200).map { i in
            Bezier((0..<(i.isMultiple(of: 2) ? 4 : 3)).map { _ in Point(rng.uniform(-500, 500), rng.uniform(-500, 500)) })
        }
    }()

    @Test func pointAgreesWithDeCasteljauSubdivision() {
        for curve in Self.curves {
            for u in stride(from: 0.0, through: 1.0, by: 1.0 / 64) {
                let d = curve.point(at: u) - deCasteljau(curve.points, u)
                #expect(abs(d.x) < 1e-9 && abs(d.y) < 1e-9, "degree \(curve.degree) at u=\(u)")
            }
        }
    }

    @Test func tangentAgreesWithFiniteDifference() {
        let h = 1e-6
        for curve in Self.curves {
            for u in stride(from: h, through: 1 - h, by: 1.0 / 37) {
                let central = (deCasteljau(curve.points, u + h) - deCasteljau(curve.points, u - h)) / (2 * h)
                let d = curve.tangent(at: u) - central
                // Central differences err by h²/6·|B'''| plus rounding of ~1e-16·|B|/h.
                #expect(abs(d.x) < 1e-4 && abs(d.y) < 1e-4, "degree \(curve.degree) at u=\(u): \(d)")
            }
        }
    }

    @Test func degreeElevationDrawsTheSameCurve() {
        for curve in Self.curves where curve.degree == 2 {
            let cubic = curve.cubic
            #expect(cubic.degree == 3)
            for u in stride(from: 0.0, through: 1.0, by: 1.0 / 50) {
                let d = cubic.point(at: u) - curve.point(at: u)
                #expect(abs(d.x) < 1e-9 && abs(d.y) < 1e-9)
                let dt = cubic.tangent(at: u) - curve.tangent(at: u)
                #expect(abs(dt.x) < 1e-9 && abs(dt.y) < 1e-9)
            }
        }
    }

    @Test func angleFollowsTheTangentInScreenDegrees() {
        // Straight right, straight down (y down: +90°), straight up (-90°).
        #expect(abs(Bezier([Point(0, 0), Point(1, 0), Point(2, 0)]).angle(at: 0.5)) < 1e-12)
        #expect(abs(Bezier([Point(0, 0), Point(0, 1), Point(0, 2)]).angle(at: 0.3) - 90) < 1e-12)
        #expect(abs(Bezier([Point(0, 0), Point(0, -1), Point(0, -2), Point(0, -3)]).angle(at: 0.7) + 90) < 1e-12)
        // A vanishing tangent falls back to the chord.
        #expect(abs(Bezier([Point(0, 0), Point(0, 0), Point(3, 3)]).angle(at: 0) - 45) < 1e-12)
    }
}
