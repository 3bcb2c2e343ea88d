import FoundationEssentials
import Glibc

/// Signed distances (pt, negative inside) from a point in a shape's own frame (y down) to the
/// edge of each confetti shape filling half extents `halfSize`: the CPU's side of
/// `Shaders/shapes.glsl`, the same formulas in Double. `DrawnQuad.coverage` turns them into the
/// fragment shader's one-pixel edge ramp.
///
/// Squashed by a flip, a shape stretches with its box: polygons by their corners, so their
/// distance stays exact in points; the heart's round lobes become ellipses, measured to first
/// order as the ellipse is.
package enum ShapeDistance {
    /// An ellipse centred on the origin: its implicit function |p / semiAxes| − 1 divided by
    /// the length of its gradient, the distance to the edge to first order.
    /// With `screenToLocal` (d(local)/d(screen), columns) the gradient is taken on screen, so the
    /// distance is in screen points for a shape whose frame is a parallelogram.
    package static func ellipse(_ p: SIMD2<Double>, semiAxes: SIMD2<Double>, screenToLocal m: SIMD4<Double> = SIMD4(1, 0, 0, 1)) -> Double {
        let q = p / semiAxes
        let r = length(q)
        let g = q / semiAxes
        let gradient = length(SIMD2(m.x * g.x + m.y * g.y, m.z * g.x + m.w * g.y)) / max(r, 1e-6)
        return (r - 1) / gradient
    }

    /// A closed polygon's signed distance: the nearest of its edges, negative when a ray from
    /// `p` along +x crosses the outline an odd number of times.
    package static func polygon(_ p: SIMD2<Double>, _ corners: [SIMD2<Double>]) -> Double {
        var nearest = Double.infinity
        var inside = false
        for i in corners.indices {
            let a = corners[i], b = corners[(i + 1) % corners.count]
            let edge = b - a, toP = p - a
            let along = min(max((toP * edge).sum() / (edge * edge).sum(), 0), 1)
            let offset = toP - edge * along
            nearest = min(nearest, (offset * offset).sum())
            if (a.y > p.y) != (b.y > p.y), p.x < a.x + (p.y - a.y) * edge.x / edge.y {
                inside.toggle()
            }
        }
        return (inside ? -1 : 1) * nearest.squareRoot()
    }

    /// The unit star's corners, point up and centred in [-1, 1]²: outer corners on the unit
    /// circle every 72° from the top, inner ones between them at the regular pentagram's radius
    /// cos 72° / cos 36°, all moved down by (1 − cos 36°) / 2 so the star's height is centred.
    package static let unitStar: [SIMD2<Double>] = [
        SIMD2(0.0000000, -0.9045085), SIMD2(0.2245140, -0.2135255), SIMD2(0.9510565, -0.2135255),
        SIMD2(0.3632713, 0.2135255), SIMD2(0.5877853, 0.9045085), SIMD2(0.0000000, 0.4774575),
        SIMD2(-0.5877853, 0.9045085), SIMD2(-0.3632713, 0.2135255), SIMD2(-0.9510565, -0.2135255),
        SIMD2(-0.2245140, -0.2135255),
    ]

    /// Apex at the top centre, base along the bottom edge.
    package static let unitTriangle: [SIMD2<Double>] = [SIMD2(0, -1), SIMD2(1, 1), SIMD2(-1, 1)]

    /// The heart is a square standing on a corner with a disc on each upper side: square side
    /// a = 2(√2 − 1) and disc radius a/√2 = 2 − √2 make it exactly 2 wide; it is then moved up
    /// so its height (from the tip at 1 to the lobes' tops at 1 − 1.5a − a/√2) is centred.
    package static let unitHeartSquare: [SIMD2<Double>] = [
        SIMD2(0, 0.9142136), SIMD2(0.8284271, 0.0857864), SIMD2(0, -0.7426407), SIMD2(-0.8284271, 0.0857864),
    ]
    /// The right lobe's centre (the left one is its mirror) and the lobes' radius.
    package static let unitHeartLobe = SIMD2(0.4142136, -0.3284271)
    package static let unitHeartLobeRadius = 0.5857864

    package static func star(_ p: SIMD2<Double>, halfSize: SIMD2<Double>) -> Double {
        polygon(p, unitStar.map { $0 * halfSize })
    }

    package static func triangle(_ p: SIMD2<Double>, halfSize: SIMD2<Double>) -> Double {
        polygon(p, unitTriangle.map { $0 * halfSize })
    }

    /// The union (nearest) of the square and the two lobes.
    package static func heart(_ p: SIMD2<Double>, halfSize: SIMD2<Double>) -> Double {
        let square = polygon(p, unitHeartSquare.map { $0 * halfSize })
        let lobe = SIMD2(abs(p.x), p.y) - unitHeartLobe * halfSize
        return min(square, ellipse(lobe, semiAxes: unitHeartLobeRadius * halfSize))
    }

    /// A strip of half width halfSize.x and half length halfSize.y whose centreline is bent to
    /// x = A·sin(k·y + phase), `wave` = (A, k, phase). Returns the signed distances across the
    /// strip and past its ends: across, the offset from the centreline divided by the length of
    /// its gradient √(1 + c′²), c′ = A·k·cos(k·y + phase) (first order); the ends are cut square.
    package static func ribbon(_ p: SIMD2<Double>, halfSize: SIMD2<Double>, wave: SIMD3<Double>) -> SIMD2<Double> {
        let angle = wave.y * p.y + wave.z
        let centre = wave.x * sin(angle)
        let slope = wave.x * wave.y * cos(angle)
        let across = (p.x - centre) / (1 + slope * slope).squareRoot()
        return SIMD2(abs(across) - halfSize.x, abs(p.y) - halfSize.y)
    }

    private static func length(_ v: SIMD2<Double>) -> Double { (v * v).sum().squareRoot() }
}
