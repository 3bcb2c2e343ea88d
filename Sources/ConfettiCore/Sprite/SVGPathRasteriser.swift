extension SVGPath {
    /// The largest side a mask may have: a sprite drawn as large as a 4K screen.
    package static let maximumMaskSide = 4096
    /// How far, in pixels, a flattened curve may stray from the true one: under the sixteenth
    /// of a pixel the sample lines resolve, and a circle 16 px across loses under 1 % of its
    /// area to the chords.
    static let flatness = 0.05
    /// The most edge crossings filling may visit, which is its work: a heart at 256 px makes
    /// about 10,000, and the limit takes about 0.15 s optimised (3 s in a debug build). Without
    /// it, a few thousand zigzags the height of the mask, 60 kB to write, would take seconds
    /// at 4096 px (minutes in a debug build).
    package static let maximumCrossings = 20_000_000

    /// The path filled by the nonzero winding rule, antialiased: its bounds scaled uniformly
    /// so the longer side is `longerSide` pixels, the shorter side rounded up (at least 1) and
    /// the drawing centred in it, inside a 1-pixel transparent margin that keeps the edge
    /// pixels from being smeared outwards when the texture is sampled between texels.
    package func mask(longerSide: Int) throws(SpriteError) -> SpriteImage {
        guard (1...Self.maximumMaskSide).contains(longerSide) else {
            throw SpriteError("SVG path: a mask's longer side must be 1 to \(Self.maximumMaskSide) pixels, not \(longerSide)")
        }
        let noArea = SpriteError("SVG path: the path encloses no area, so its mask would be empty")
        let size = SIMD2(bounds.width, bounds.height)
        guard size.x > 0 && size.y > 0 else { throw noArea }
        let scale = Double(longerSide) / size.max()
        // A hair under whole: the longer side scales to exactly longerSide only up to rounding.
        let drawn = (size * scale - 1e-9).rounded(.up)
        let pixels = SIMD2(min(max(Int(drawn.x), 1), longerSide), min(max(Int(drawn.y), 1), longerSide))
        let margin = 1
        let offset = Double(margin) + (SIMD2(Double(pixels.x), Double(pixels.y)) - size * scale) / 2
        let origin = Point(bounds.minX, bounds.minY)

        let polygons = try polylines(tolerance: Self.flatness / scale).map { polyline in
            polyline.map { ($0 - origin) * scale + offset }
        }
        let width = pixels.x + 2 * margin
        let height = pixels.y + 2 * margin
        let rasteriser = NonzeroRasteriser(width: width, height: height, polygons: polygons)
        guard rasteriser.crossings <= Double(Self.maximumCrossings) else {
            throw SpriteError("SVG path: too intricate to fill at \(longerSide) px (its edges cross the sample lines more than \(Self.maximumCrossings) times); draw it smaller or simpler")
        }
        let coverage = rasteriser.coverage()
        guard coverage.contains(where: { $0 != 0 }) else { throw noArea }
        return SpriteImage(width: width, height: height, coverage: coverage)
    }
}

/// Antialiased coverage of closed polygons under the nonzero winding rule, on a grid of
/// width × height pixels where pixel (x, y) is the square [x, x + 1) × [y, y + 1).
///
/// Each pixel row is sampled along 16 horizontal lines. On each, the polygons' edges cross at
/// known x; walking the crossings in order and summing their directions gives the exact spans
/// where the winding number is not zero, and each span adds its exact overlap to the pixels it
/// touches. So coverage is exact across a row and within a sixteenth of a pixel down a column.
/// Summing signed edge areas instead, the usual exact-area method, counts a pixel where
/// same-direction subpaths overlap twice, and clamping that to full makes coincident edges bold.
struct NonzeroRasteriser {
    static let linesPerRow = 16
    let width: Int
    let height: Int
    /// Sorted by top.
    private let edges: [Edge]

    private struct Edge {
        /// The rows of y it covers, [top, bottom): a vertex shared by two edges belongs to one.
        var top: Double
        var bottom: Double
        var xAtTop: Double
        var slope: Double           // dx/dy
        var winding: Int            // +1 drawn downwards, −1 upwards
        /// Where it crosses the current sample line.
        var x = 0.0
    }

    init(width: Int, height: Int, polygons: [[Point]]) {
        self.width = width
        self.height = height
        var edges: [Edge] = []
        for polygon in polygons where polygon.count > 1 {
            for (i, a) in polygon.enumerated() {
                let b = polygon[(i + 1) % polygon.count]    // the last edge closes the polygon
                guard a.y != b.y else { continue }          // a horizontal edge crosses no sample line
                let (upper, lower) = a.y < b.y ? (a, b) : (b, a)
                edges.append(Edge(top: upper.y, bottom: lower.y, xAtTop: upper.x,
                                  slope: (lower.x - upper.x) / (lower.y - upper.y), winding: a.y < b.y ? 1 : -1))
            }
        }
        edges.sort { $0.top < $1.top }
        self.edges = edges
    }

    /// About how many times edges cross sample lines: what filling costs.
    var crossings: Double {
        edges.reduce(0) { $0 + ($1.bottom - $1.top) * Double(Self.linesPerRow) }
    }

    /// One byte a pixel, rows top to bottom: 255 × the covered fraction.
    func coverage() -> [UInt8] {
        var coverage = [UInt8](repeating: 0, count: width * height)
        // A row's coverage in sample lines: `partial` for pixels a span covers in part, and
        // `runs` for the pixels spans cover whole, as differences (+1 where a run starts, −1
        // past its end), so a span costs the same however long it is.
        var partial = [Double](repeating: 0, count: width + 1)
        var runs = [Double](repeating: 0, count: width + 1)
        // The edges the current sample line crosses, in order of x.
        var active: [Edge] = []
        var nextEdge = 0
        let byteScale = 255 / Double(Self.linesPerRow)

        func addSpan(_ start: Double, _ end: Double) {
            let (start, end) = (max(start, 0), min(end, Double(width)))
            guard start < end else { return }
            let (first, last) = (Int(start), Int(end))
            if first == last {
                partial[first] += end - start
                return
            }
            partial[first] += Double(first + 1) - start
            runs[first + 1] += 1
            runs[last] -= 1
            if last < width { partial[last] += end - Double(last) }
        }

        for row in 0..<height {
            for line in 0..<Self.linesPerRow {
                let y = Double(row) + (Double(line) + 0.5) / Double(Self.linesPerRow)
                while nextEdge < edges.count && edges[nextEdge].top <= y {
                    active.append(edges[nextEdge])
                    nextEdge += 1
                }
                var kept = 0
                for i in 0..<active.count where active[i].bottom > y {
                    active[kept] = active[i]
                    active[kept].x = active[i].xAtTop + (y - active[i].top) * active[i].slope
                    kept += 1
                }
                active.removeLast(active.count - kept)
                // From one line to the next the order barely changes (only where edges cross
                // or join), so insertion sort takes about one pass.
                for i in active.indices.dropFirst() {
                    let edge = active[i]
                    var j = i
                    while j > 0 && active[j - 1].x > edge.x {
                        active[j] = active[j - 1]
                        j -= 1
                    }
                    active[j] = edge
                }
                var winding = 0
                var spanStart = 0.0
                for edge in active {
                    let before = winding
                    winding += edge.winding
                    if before == 0 && winding != 0 {
                        spanStart = edge.x
                    } else if before != 0 && winding == 0 {
                        addSpan(spanStart, edge.x)
                    }
                }
            }
            var run = 0.0
            let rowStart = row * width
            for x in 0..<width {
                run += runs[x]
                // Rounded to nearest; spans never overlap, so only rounding could pass 255.
                coverage[rowStart + x] = UInt8(min((run + partial[x]) * byteScale + 0.5, 255))
                runs[x] = 0
                partial[x] = 0
            }
            runs[width] = 0
            partial[width] = 0
        }
        return coverage
    }
}
