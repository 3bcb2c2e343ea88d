import FoundationEssentials
import Glibc

/// A Bézier curve of degree 2 or 3, in points.
package struct Bezier: Hashable, Sendable {
    /// 3 points (quadratic) or 4 (cubic).
    package var points: [Point]

    package init(_ points: [Point]) {
        precondition(points.count == 3 || points.count == 4, "a spark curve has 3 or 4 control points")
        self.points = points
    }

    package var degree: Int { points.count - 1 }

    /// The point at parameter u in [0, 1], in Bernstein form.
    package func point(at u: Double) -> Point {
        let v = 1 - u
        if degree == 2 {
            return v * v * points[0] + 2 * v * u * points[1] + u * u * points[2]
        }
        return v * v * v * points[0] + 3 * v * v * u * points[1] + 3 * v * u * u * points[2] + u * u * u * points[3]
    }

    /// dB/du.
    package func tangent(at u: Double) -> SIMD2<Double> {
        let v = 1 - u
        if degree == 2 {
            return 2 * (v * (points[1] - points[0]) + u * (points[2] - points[1]))
        }
        return 3 * (v * v * (points[1] - points[0]) + 2 * v * u * (points[2] - points[1]) + u * u * (points[3] - points[2]))
    }

    /// The same curve as a cubic: a quadratic's degree is raised exactly, so one cubic evaluator
    /// on the GPU draws both kinds.
    package var cubic: Bezier {
        guard degree == 2 else { return self }
        let (q0, q1, q2) = (points[0], points[1], points[2])
        return Bezier([q0, q0 / 3 + 2 * q1 / 3, 2 * q1 / 3 + q2 / 3, q2])
    }

    /// The direction of travel at u, in degrees (y down, so positive is clockwise on screen).
    /// Where the tangent vanishes, the chord from start to end stands in for it.
    package func angle(at u: Double) -> Double {
        var d = tangent(at: u)
        if (d * d).sum() < 1e-18 { d = points[points.count - 1] - points[0] }
        return atan2(d.y, d.x) * 180 / .pi
    }
}
