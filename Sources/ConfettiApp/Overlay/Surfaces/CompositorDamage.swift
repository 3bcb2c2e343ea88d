/// The damage a Wayland surface tells its compositor: a few rectangles covering what changed,
/// chosen so the compositor repaints little more than that.
///
/// A compositor keeps an output's damage as a region the way pixman holds one: y-x bands
/// (horizontal bands, each a list of spans; adjacent bands with the same spans are one), so
/// its rectangles are the bands' spans. wlroots 0.15 (`wlr_output_damage_attach_render`, which
/// sway 1.7 draws with) unions an output's damage with that of the frames its buffer missed
/// and, past 20 rectangles, repaints the bounding box of it all instead. Damage told as one
/// rectangle per run of changed cells is hundreds of rectangles for scattered pieces: the
/// compositor repainted a box about 40% of the output while the pieces changed 5% of it.
///
/// `cover` keeps the told region at `budget` rectangles as the compositor counts them (so two
/// frames' union stays under the compositor's limit) for the least area it can find: the
/// changed rectangles are rounded out to a grid, gathered into bands, then, while the bands have
/// more spans than the budget, the step adding the least area per rectangle saved is taken:
/// filling the gap between two spans of a band, or merging two neighbouring bands into one
/// with the union of their spans (and the rows between). The grid keeps the bands' edges where
/// they were from one frame to the next, so the union of consecutive frames adds few bands.
package enum CompositorDamage {
    /// Rectangles a frame's damage is held to: the output's damage is this frame's and the
    /// frame before's (a buffer two frames old), under wlroots' 20.
    package static let budget = 10
    /// Pixels the cover's edges are rounded to.
    package static let grid = 32

    /// One band of a region: rows `y0..<y1` and the disjoint spans `x0..<x1` across them, in order.
    package struct Band: Equatable {
        package var y0, y1: Int
        package var spans: [Range<Int>]

        var area: Int { (y1 - y0) * spans.reduce(0) { $0 + $1.count } }
    }

    /// Rectangles holding every pixel of `rects` (inside `bounds`), at most `budget` of them
    /// as the compositor counts them, none overlapping. Works in either row order (GL's
    /// bottom-up or Wayland's top-down), as the region is the same flipped.
    package static func cover(_ rects: [PixelRect], within bounds: PixelRect, budget: Int = budget, grid: Int = grid) -> [PixelRect] {
        var bands = self.bands(of: rects.map { snapped($0, to: grid, within: bounds) })
        while bands.reduce(0, { $0 + $1.spans.count }) > max(1, budget) {
            guard let step = cheapestStep(in: bands) else { break }
            switch step {
            case .fillGap(let band, let gap):
                let spans = bands[band].spans
                bands[band].spans.replaceSubrange(gap...gap + 1, with: [spans[gap].lowerBound..<spans[gap + 1].upperBound])
            case .merge(let band, let spans):
                bands[band] = Band(y0: bands[band].y0, y1: bands[band + 1].y1, spans: spans)
                bands.remove(at: band + 1)
            }
            bands = coalesced(bands)
        }
        return bands.flatMap { band in band.spans.map { PixelRect(x: $0.lowerBound, y: band.y0, width: $0.count, height: band.y1 - band.y0) } }
    }

    /// The region of `rects` as the compositor holds it: y-x bands, adjacent equal bands joined.
    /// Its spans are the rectangles the compositor counts.
    package static func bands(of rects: [PixelRect]) -> [Band] {
        let drawn = rects.filter { !$0.isEmpty }
        let edges = Set(drawn.flatMap { [$0.y, $0.y + $0.height] }).sorted()
        var bands: [Band] = []
        for (y0, y1) in zip(edges, edges.dropFirst()) {
            let spans = union(drawn.filter { $0.y <= y0 && $0.y + $0.height >= y1 }.map { $0.x..<($0.x + $0.width) })
            if !spans.isEmpty { bands.append(Band(y0: y0, y1: y1, spans: spans)) }
        }
        return coalesced(bands)
    }

    /// How many rectangles the compositor counts in the region of `rects`.
    package static func compositorRectangles(_ rects: [PixelRect]) -> Int {
        bands(of: rects).reduce(0) { $0 + $1.spans.count }
    }

    private enum Step {
        case fillGap(band: Int, gap: Int)
        case merge(band: Int, spans: [Range<Int>])
    }

    /// The step adding the least area per rectangle it saves.
    private static func cheapestStep(in bands: [Band]) -> Step? {
        var best: (cost: Double, step: Step)?
        func consider(_ cost: Double, _ step: Step) {
            if best.map({ cost < $0.cost }) ?? true { best = (cost, step) }
        }
        for (index, band) in bands.enumerated() {
            for gap in band.spans.indices.dropLast() {
                consider(Double((band.spans[gap + 1].lowerBound - band.spans[gap].upperBound) * (band.y1 - band.y0)), .fillGap(band: index, gap: gap))
            }
            guard index + 1 < bands.count else { continue }
            let next = bands[index + 1]
            let spans = union(band.spans + next.spans)
            let saved = band.spans.count + next.spans.count - spans.count
            guard saved > 0 else { continue }
            let merged = Band(y0: band.y0, y1: next.y1, spans: spans)
            consider(Double(merged.area - band.area - next.area) / Double(saved), .merge(band: index, spans: spans))
        }
        return best?.step
    }

    private static func snapped(_ rect: PixelRect, to grid: Int, within bounds: PixelRect) -> PixelRect {
        let clipped = rect.clipped(to: bounds)
        guard !clipped.isEmpty else { return .empty }
        func down(_ v: Int) -> Int { bounds.x + (v - bounds.x) / grid * grid }
        func downY(_ v: Int) -> Int { bounds.y + (v - bounds.y) / grid * grid }
        let x0 = down(clipped.x), y0 = downY(clipped.y)
        let x1 = min(bounds.x + bounds.width, down(clipped.x + clipped.width + grid - 1))
        let y1 = min(bounds.y + bounds.height, downY(clipped.y + clipped.height + grid - 1))
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Spans that overlap or touch, joined; in order.
    private static func union(_ spans: [Range<Int>]) -> [Range<Int>] {
        var joined: [Range<Int>] = []
        for span in spans.sorted(by: { $0.lowerBound < $1.lowerBound }) where !span.isEmpty {
            if let last = joined.last, span.lowerBound <= last.upperBound {
                joined[joined.count - 1] = last.lowerBound..<max(last.upperBound, span.upperBound)
            } else {
                joined.append(span)
            }
        }
        return joined
    }

    /// Touching bands with the same spans, joined (as pixman keeps a region).
    private static func coalesced(_ bands: [Band]) -> [Band] {
        var joined: [Band] = []
        for band in bands {
            if let last = joined.last, last.y1 == band.y0, last.spans == band.spans {
                joined[joined.count - 1].y1 = band.y1
            } else {
                joined.append(band)
            }
        }
        return joined
    }
}
