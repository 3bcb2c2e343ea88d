import FoundationEssentials
import Glibc

/// The outline an SVG `<path>`'s `d` attribute draws: subpaths of lines, Bézier curves and
/// elliptical arcs in the path's own units, y down as in SVG. `mask(longerSide:)` fills it.
///
/// The data comes from the user (an option, a file), so reading it is strict and bounded: the
/// first mistake is reported with its offset, and the numbers, the length and the number of
/// points the curves become are capped, so no path costs unbounded time or memory.
package struct SVGPath: Sendable, Hashable {
    /// The longest `d` read, in UTF-8 bytes: far more than any icon needs.
    package static let maximumLength = 100_000
    /// The largest magnitude a number may have. Icons are drawn in units of a few dozen; a
    /// coordinate beyond a million is a mistake, not a drawing.
    package static let maximumMagnitude = 1e6
    /// The most points flattening may make, about 16 MB of them.
    package static let maximumPointCount = 1_000_000
    /// The least a path's longer side may span. Scaling it to a mask multiplies by up to
    /// `maximumMaskSide / minimumExtent` = 4.1e9, so every scaled point, the flattening
    /// tolerance and the mask's size stay finite and exact enough; a span below it (down to
    /// the 1e-306 of denormal coordinates) would scale to infinity.
    package static let minimumExtent = 1e-6

    /// One pen-down run from a moveto. Filling closes it whether or not it ends with Z.
    package struct Subpath: Sendable, Hashable {
        package var start: Point
        package var segments: [Segment]
    }

    /// A piece of a subpath, from where the previous one ended (or the subpath's start).
    package enum Segment: Sendable, Hashable {
        case line(to: Point)
        case quadratic(control: Point, to: Point)
        case cubic(control1: Point, control2: Point, to: Point)
        case arc(EllipticalArc)
    }

    /// Every subpath, in the order drawn, including those that are only a moveto.
    package let subpaths: [Subpath]
    /// The smallest box holding every point of the path, curves' extremes included (not their
    /// control points): what the mask is scaled to fit.
    package let bounds: Rect

    /// Reads SVG path data (the `d` attribute: commands M L H V C S Q T A Z, absolute in upper
    /// case and relative in lower case). Offsets in messages count UTF-8 bytes from 0, which
    /// are also characters: the grammar is ASCII, so everything before a mistake is too.
    package init(_ d: String) throws(SpriteError) {
        guard d.utf8.count <= Self.maximumLength else {
            throw SpriteError("SVG path: the path data is \(d.utf8.count) bytes long; at most \(Self.maximumLength) are read")
        }
        var reader = SVGPathReader(Array(d.utf8))
        subpaths = try reader.read()
        bounds = Self.bounds(of: subpaths)
        let span = max(bounds.width, bounds.height)
        // A path of no extent at all is refused when filled, as enclosing no area.
        guard span == 0 || span >= Self.minimumExtent else {
            throw SpriteError("SVG path: it spans \(span) units; a path must span at least \(Self.minimumExtent) to be drawn, so scale its coordinates up")
        }
    }

    /// The path as closed polygons, one a subpath (its start first), no point farther than
    /// `tolerance` (in path units) from the curve it stands for.
    package func polylines(tolerance: Double) throws(SpriteError) -> [[Point]] {
        precondition(tolerance > 0, "a flattening tolerance is positive")
        // Count first: a path too detailed for the tolerance is refused before any memory is taken.
        var pieces: [Int] = []
        var total = 0
        for subpath in subpaths {
            total += 1
            var from = subpath.start
            for segment in subpath.segments {
                let n = segment.pieces(from: from, tolerance: tolerance)
                pieces.append(n)
                total += n
                guard total <= Self.maximumPointCount else {
                    throw SpriteError("SVG path: flattening its curves takes more than \(Self.maximumPointCount) points; draw it smaller or with fewer curves")
                }
                from = segment.end
            }
        }
        var nextPieces = pieces.makeIterator()
        return subpaths.map { subpath in
            var points = [subpath.start]
            for segment in subpath.segments {
                segment.append(pieces: nextPieces.next()!, from: points[points.count - 1], to: &points)
            }
            return points
        }
    }

    private static func bounds(of subpaths: [Subpath]) -> Rect {
        var low = subpaths[0].start
        var high = low
        for subpath in subpaths {
            low = pointwiseMin(low, subpath.start)
            high = pointwiseMax(high, subpath.start)
            var from = subpath.start
            for segment in subpath.segments {
                for point in segment.extremes(from: from) {
                    low = pointwiseMin(low, point)
                    high = pointwiseMax(high, point)
                }
                from = segment.end
            }
        }
        return Rect(x: low.x, y: low.y, width: high.x - low.x, height: high.y - low.y)
    }
}

extension SVGPath.Segment {
    package var end: Point {
        switch self {
        case .line(let end), .quadratic(_, let end), .cubic(_, _, let end): end
        case .arc(let arc): arc.end
        }
    }

    /// The curve as a `Bezier`, whose evaluation the sparks already use; nil for lines and arcs.
    private func bezier(from start: Point) -> Bezier? {
        switch self {
        case .quadratic(let control, let end): Bezier([start, control, end])
        case .cubic(let control1, let control2, let end): Bezier([start, control1, control2, end])
        case .line, .arc: nil
        }
    }

    /// How many straight pieces keep the polyline within `tolerance` of the segment, for
    /// pieces of equal parameter (curves) or equal angle (arcs).
    func pieces(from start: Point, tolerance: Double) -> Int {
        switch self {
        case .line:
            return 1
        case .quadratic(let control, let end):
            // A chord over a parameter step h strays at most h²/8 · |B''| from the curve,
            // and a quadratic's B'' is 2(p0 − 2p1 + p2) throughout.
            return pieceCount((length(start - 2 * control + end) / (4 * tolerance)).squareRoot())
        case .cubic(let control1, let control2, let end):
            // A cubic's |B''| is at most 6 × the larger second difference of its control points.
            let bend = max(length(start - 2 * control1 + control2), length(control1 - 2 * control2 + end))
            return pieceCount((0.75 * bend / tolerance).squareRoot())
        case .arc(let arc):
            // A chord spanning angle Δ of a circle of radius r strays r(1 − cos(Δ/2)) from it;
            // an ellipse strays no more than its circle of the larger radius.
            let radius = max(arc.radii.x, arc.radii.y)
            // Within the tolerance of the centre, any chord of up to half a turn is near enough.
            guard tolerance < radius else { return pieceCount(abs(arc.sweep) / .pi) }
            let step = 2 * acos(1 - tolerance / radius)
            return pieceCount(abs(arc.sweep) / step)
        }
    }

    /// Appends the points ending each of `pieces` pieces; the last is exactly `end`.
    func append(pieces: Int, from start: Point, to points: inout [Point]) {
        if let curve = bezier(from: start) {
            for i in 1..<pieces { points.append(curve.point(at: Double(i) / Double(pieces))) }
        } else if case .arc(let arc) = self {
            for i in 1..<pieces { points.append(arc.point(at: arc.startAngle + arc.sweep * Double(i) / Double(pieces))) }
        }
        points.append(end)
    }

    /// The end and wherever the segment turns back in x or y: the points its bounds pass through.
    func extremes(from start: Point) -> [Point] {
        var points = [end]
        switch self {
        case .line:
            break
        case .quadratic(let control, let end):
            // B'(t) = 0 at t = (p0 − p1) / (p0 − 2p1 + p2), in each axis.
            let curve = Bezier([start, control, end])
            let bend = start - 2 * control + end
            for axis in 0..<2 where bend[axis] != 0 {
                let t = (start[axis] - control[axis]) / bend[axis]
                if t > 0 && t < 1 { points.append(curve.point(at: t)) }
            }
        case .cubic(let control1, let control2, let end):
            // B'(t)/3 = a t² + 2b t + c, in each axis. Its roots in the form that loses no
            // precision when a is tiny; when a is zero one is infinite or NaN and is dropped.
            let curve = Bezier([start, control1, control2, end])
            let a = -start + 3 * control1 - 3 * control2 + end
            let b = start - 2 * control1 + control2
            let c = control1 - start
            for axis in 0..<2 {
                let discriminant = b[axis] * b[axis] - a[axis] * c[axis]
                guard discriminant >= 0 else { continue }
                let q = -(b[axis] + copysign(discriminant.squareRoot(), b[axis]))
                for t in [q / a[axis], c[axis] / q] where t > 0 && t < 1 {
                    points.append(curve.point(at: t))
                }
            }
        case .arc(let arc):
            points += arc.extremeAngles.filter(arc.sweeps(through:)).map(arc.point(at:))
        }
        return points
    }
}

/// `n` rounded up, at least 1, and no more than just past the point cap (which then refuses
/// the path), so that no later sum overflows.
private func pieceCount(_ n: Double) -> Int {
    // Written so that NaN, which no finite input makes, also lands on the cap.
    guard n <= Double(SVGPath.maximumPointCount) else { return SVGPath.maximumPointCount + 1 }
    return max(1, Int(n.rounded(.up)))
}

private func length(_ v: SIMD2<Double>) -> Double { (v * v).sum().squareRoot() }

/// `v` turned by `angle` radians, clockwise on screen as y points down.
private func turned(_ v: SIMD2<Double>, by angle: Double) -> SIMD2<Double> {
    let (c, s) = (cos(angle), sin(angle))
    return SIMD2(c * v.x - s * v.y, s * v.x + c * v.y)
}

/// An arc of an ellipse in centre form: the points
/// centre + rotated(radii.x cos θ, radii.y sin θ) for θ from `startAngle` through
/// `startAngle + sweep`. A positive sweep turns clockwise on screen, as y points down.
package struct EllipticalArc: Sendable, Hashable {
    package var centre: Point
    package var radii: SIMD2<Double>
    /// The angle of the ellipse's x axis from the path's, in radians.
    package var rotation: Double
    package var startAngle: Double
    package var sweep: Double
    /// The endpoint as written. Flattening ends here rather than at the centre form's last
    /// point, which rounding leaves a hair away, so no sliver opens between segments.
    package var end: Point

    /// The arc an `A` command draws from `start`, converted from endpoint to centre form as
    /// SVG's implementation notes say (F.6.5), radii too small to reach scaled up (F.6.6).
    /// Nil where the notes draw no elliptical arc: coincident ends (nothing at all) or a zero
    /// radius (a straight line).
    package init?(from start: Point, to end: Point, radii: SIMD2<Double>, rotationDegrees: Double, largeArc: Bool, sweep: Bool) {
        guard start != end, radii.x != 0, radii.y != 0 else { return nil }
        let rotation = rotationDegrees.truncatingRemainder(dividingBy: 360) * .pi / 180
        // Half the chord, in the ellipse's own axes with the origin between the ends.
        let p = turned((start - end) / 2, by: -rotation)
        var r = SIMD2(abs(radii.x), abs(radii.y))
        // Λ > 1: no ellipse of these radii reaches from one end to the other; the smallest of
        // their proportions that does is √Λ times as large.
        let reach = (p * p / (r * r)).sum()
        if reach > 1 { r *= reach.squareRoot() }
        let (rx2, ry2) = (r.x * r.x, r.y * r.y)
        let numerator = rx2 * ry2 - rx2 * p.y * p.y - ry2 * p.x * p.x
        let denominator = rx2 * p.y * p.y + ry2 * p.x * p.x
        // Scaled radii put the centre on the chord; rounding may leave a hair below zero.
        var k = (max(0, numerator) / denominator).squareRoot()
        if largeArc == sweep { k = -k }
        let centreOwn = k * SIMD2(r.x * p.y / r.y, -r.y * p.x / r.x)
        let centre = turned(centreOwn, by: rotation) + (start + end) / 2
        // The ends on the unit circle the ellipse is stretched from.
        let u: SIMD2<Double> = (p - centreOwn) / r
        let v: SIMD2<Double> = (-p - centreOwn) / r
        var delta = atan2(u.x * v.y - u.y * v.x, u.x * v.x + u.y * v.y)
        if !sweep && delta > 0 { delta -= 2 * .pi }
        if sweep && delta < 0 { delta += 2 * .pi }
        // Radii so small that squaring them underflows are taken as the zero they round to,
        // which draws a straight line.
        guard centre.x.isFinite, centre.y.isFinite, r.x.isFinite, r.y.isFinite, delta.isFinite else { return nil }
        self.centre = centre
        self.radii = r
        self.rotation = rotation
        self.startAngle = atan2(u.y, u.x)
        self.sweep = delta
        self.end = end
    }

    package func point(at angle: Double) -> Point {
        centre + turned(radii * SIMD2(cos(angle), sin(angle)), by: rotation)
    }

    /// The angles, anywhere round the whole ellipse, where x or y is smallest or largest:
    /// where d/dθ of each coordinate is zero.
    var extremeAngles: [Double] {
        let (cosφ, sinφ) = (cos(rotation), sin(rotation))
        let x = atan2(-radii.y * sinφ, radii.x * cosφ)
        let y = atan2(radii.y * cosφ, radii.x * sinφ)
        return [x, x + .pi, y, y + .pi]
    }

    /// Whether the arc passes `angle` (any turn of it).
    func sweeps(through angle: Double) -> Bool {
        var along = ((angle - startAngle) * (sweep < 0 ? -1 : 1)).truncatingRemainder(dividingBy: 2 * .pi)
        if along < 0 { along += 2 * .pi }
        return along <= abs(sweep)
    }
}
