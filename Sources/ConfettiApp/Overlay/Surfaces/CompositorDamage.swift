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
/// (the rows between included) with the union of their spans or one span across them. The grid keeps the bands' edges where
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
        var bands = gridBands(of: rects, within: bounds, grid: grid)
        var count = bands.reduce(0) { $0 + $1.spans.count }
        // Each band's cheapest gap and each neighbouring pair's merge, kept up to date around
        // the bands a step changes.
        var gaps = bands.map(cheapestGap)
        var merges = bands.indices.map { mergeStep(bands, at: $0) }
        while count > max(1, budget) {
            let gap = gaps.indices.min { gaps[$0].cost < gaps[$1].cost }
            let merge = merges.indices.min { merges[$0].cost < merges[$1].cost }
            var changed: Int
            if let gap, gaps[gap].cost.isFinite, merge.map({ gaps[gap].cost <= merges[$0].cost }) ?? true {
                let spans = bands[gap].spans, at = gaps[gap].index
                bands[gap].spans.replaceSubrange(at...at + 1, with: CollectionOfOne(spans[at].lowerBound..<spans[at + 1].upperBound))
                count -= 1
                changed = gap
            } else if let merge, merges[merge].cost.isFinite {
                let next = bands.remove(at: merge + 1), band = bands[merge]
                let union = merged(band.spans, next.spans)
                let spans = merges[merge].across ? [union.first!.lowerBound..<union.last!.upperBound] : union
                count -= band.spans.count + next.spans.count - spans.count
                bands[merge] = Band(y0: band.y0, y1: next.y1, spans: spans)
                gaps.remove(at: merge + 1)
                merges.remove(at: merge + 1)
                changed = merge
            } else {
                break
            }
            // A band equal to a touching neighbour is one band (as pixman keeps a region).
            for neighbour in stride(from: changed + 1, through: changed, by: -1) where neighbour > 0 && neighbour < bands.count {
                let above = bands[neighbour - 1], band = bands[neighbour]
                if above.y1 == band.y0, above.spans == band.spans {
                    bands[neighbour - 1].y1 = band.y1
                    bands.remove(at: neighbour)
                    gaps.remove(at: neighbour)
                    merges.remove(at: neighbour)
                    count -= band.spans.count
                    changed = min(changed, neighbour - 1)
                }
            }
            for index in max(0, changed - 1)...min(bands.count - 1, changed + 1) {
                gaps[index] = cheapestGap(bands[index])
                merges[index] = mergeStep(bands, at: index)
            }
        }
        return bands.flatMap { band in band.spans.map { PixelRect(x: $0.lowerBound, y: band.y0, width: $0.count, height: band.y1 - band.y0) } }
    }

    /// The bands of `rects` rounded out to `grid` (from `bounds`' corner) and clipped to `bounds`.
    private static func gridBands(of rects: [PixelRect], within bounds: PixelRect, grid: Int) -> [Band] {
        guard !bounds.isEmpty, grid > 0 else { return [] }
        var rows = [[Range<Int>]](repeating: [], count: (bounds.height + grid - 1) / grid)
        // Taken from left to right, each row's spans are joined as they come, already in order.
        for rect in rects.sorted(by: { $0.x < $1.x }) {
            let clipped = rect.clipped(to: bounds)
            guard !clipped.isEmpty else { continue }
            let x0 = bounds.x + (clipped.x - bounds.x) / grid * grid
            let x1 = min(bounds.x + bounds.width, bounds.x + (clipped.x + clipped.width - bounds.x + grid - 1) / grid * grid)
            for row in (clipped.y - bounds.y) / grid...(clipped.y + clipped.height - 1 - bounds.y) / grid {
                if let last = rows[row].last, x0 <= last.upperBound {
                    rows[row][rows[row].count - 1] = last.lowerBound..<max(last.upperBound, x1)
                } else {
                    rows[row].append(x0..<x1)
                }
            }
        }
        var bands: [Band] = []
        for (row, joined) in rows.enumerated() where !joined.isEmpty {
            let y0 = bounds.y + row * grid, y1 = min(bounds.y + bounds.height, y0 + grid)
            if let last = bands.last, last.y1 == y0, last.spans == joined {
                bands[bands.count - 1].y1 = y1
            } else {
                bands.append(Band(y0: y0, y1: y1, spans: joined))
            }
        }
        return bands
    }

    /// The gap of `band` cheapest to fill (the area it adds), infinite when it has one span.
    private static func cheapestGap(_ band: Band) -> (cost: Double, index: Int) {
        var best = (cost: Double.infinity, index: 0)
        for index in band.spans.indices.dropLast() {
            let cost = Double((band.spans[index + 1].lowerBound - band.spans[index].upperBound) * (band.y1 - band.y0))
            if cost < best.cost { best = (cost, index) }
        }
        return best
    }

    /// Merging band `index` with the next (the rows between included), keeping their spans'
    /// union or one span across them all (`across`), whichever adds less area per rectangle it
    /// saves (the union on a tie); infinite when there is no next band. Measured without
    /// building either: it runs for every neighbouring pair a step changes.
    private static func mergeStep(_ bands: [Band], at index: Int) -> (cost: Double, across: Bool) {
        guard index + 1 < bands.count else { return (.infinity, false) }
        let band = bands[index], next = bands[index + 1]
        let union = measureUnion(band.spans, next.spans)
        let lower = min(band.spans.first!.lowerBound, next.spans.first!.lowerBound)
        let upper = max(band.spans.last!.upperBound, next.spans.last!.upperBound)
        let height = next.y1 - band.y0, kept = band.area + next.area, spans = band.spans.count + next.spans.count
        func cost(count: Int, length: Int) -> Double {
            let saved = spans - count
            return saved > 0 ? Double(height * length - kept) / Double(saved) : .infinity
        }
        let joined = cost(count: union.count, length: union.length), across = cost(count: 1, length: upper - lower)
        return across < joined ? (across, true) : (joined, false)
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

    /// The union of two bands' spans (each in order and disjoint), in one pass.
    private static func merged(_ first: [Range<Int>], _ second: [Range<Int>]) -> [Range<Int>] {
        var joined: [Range<Int>] = []
        joined.reserveCapacity(first.count + second.count)
        walkUnion(first, second) { joined.append($0) }
        return joined
    }

    /// How many spans `merged(first, second)` has and their total length, without building it.
    private static func measureUnion(_ first: [Range<Int>], _ second: [Range<Int>]) -> (count: Int, length: Int) {
        var count = 0, length = 0
        walkUnion(first, second) { span in
            count += 1
            length += span.count
        }
        return (count, length)
    }

    /// Visits the spans of the union of two bands' spans (each in order and disjoint), in order,
    /// in one pass: overlapping or touching spans are one.
    private static func walkUnion(_ first: [Range<Int>], _ second: [Range<Int>], _ visit: (Range<Int>) -> Void) {
        var i = 0, j = 0
        var open: Range<Int>?
        while i < first.count || j < second.count {
            let span: Range<Int>
            if j == second.count || (i < first.count && first[i].lowerBound <= second[j].lowerBound) {
                span = first[i]
                i += 1
            } else {
                span = second[j]
                j += 1
            }
            if let last = open, span.lowerBound <= last.upperBound {
                open = last.lowerBound..<max(last.upperBound, span.upperBound)
            } else {
                if let last = open { visit(last) }
                open = span
            }
        }
        if let open { visit(open) }
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
