/// A sprite as a page of the GPU's sprite atlas holds it: its image resampled to
/// `side` × `side` texels, then every mip level down to one texel, premultiplied RGBA bytes.
///
/// The atlas uploads these bytes and the fragment shader fetches them (`texelFetch`) and blends
/// four in float; the CPU rasteriser samples the same bytes the same way (`sample`), so the two
/// pictures agree to rounding. The hardware's bilinear filter is not used: its weights are 8-bit
/// and no CPU can match them.
package struct SpriteTexels: Sendable, Hashable {
    /// Texels across a page's level 0. A sprite's aspect is restored by the quad it is drawn
    /// on, so every page is square whatever its picture's proportions.
    package static let side = 256
    /// Levels from `side` down to 1 texel.
    package static let levelCount = 9
    /// Bytes one page takes with all its levels.
    package static let pageBytes = (0..<levelCount).map { 4 * (side >> $0) * (side >> $0) }.reduce(0, +)

    /// Level l is (side >> l)² premultiplied RGBA texels, rows top to bottom.
    package let levels: [[UInt8]]

    package init(_ image: SpriteImage) {
        var levels = [Self.resample(image)]
        for l in 1..<Self.levelCount {
            levels.append(Self.halve(levels[l - 1], side: Self.side >> (l - 1)))
        }
        self.levels = levels
    }

    /// The image stretched over the square page: a tent filter as wide as a source texel or a
    /// page texel, whichever is larger, in premultiplied space (so a transparent texel adds no
    /// colour to its neighbours), separably.
    static func resample(_ image: SpriteImage) -> [UInt8] {
        let n = side
        // Weights of the source indices for each page index along one axis.
        func taps(from source: Int) -> [[(index: Int, weight: Double)]] {
            let scale = Double(source) / Double(n)
            let radius = max(1, scale)
            return (0..<n).map { j in
                let centre = (Double(j) + 0.5) * scale - 0.5
                let lo = max(0, Int((centre - radius).rounded(.up))), hi = min(source - 1, Int((centre + radius).rounded(.down)))
                var taps = (lo...max(lo, hi)).map { i in (index: i, weight: max(0, 1 - abs(Double(i) - centre) / radius)) }
                if taps.allSatisfy({ $0.weight == 0 }) {
                    taps = [(index: min(max(Int(centre.rounded()), 0), source - 1), weight: 1)]
                }
                let total = taps.map(\.weight).reduce(0, +)
                return taps.map { ($0.index, $0.weight / total) }
            }
        }
        let across = taps(from: image.width), down = taps(from: image.height)
        // Rows first: height × n texels, in Double.
        var rows = [Double](repeating: 0, count: image.height * n * 4)
        image.pixels.withUnsafeBufferPointer { pixels in
            for y in 0..<image.height {
                for (x, row) in across.enumerated() {
                    var sum = SIMD4<Double>.zero
                    for (i, w) in row {
                        let p = 4 * (y * image.width + i)
                        sum += w * SIMD4(Double(pixels[p]), Double(pixels[p + 1]), Double(pixels[p + 2]), Double(pixels[p + 3]))
                    }
                    let o = 4 * (y * n + x)
                    (rows[o], rows[o + 1], rows[o + 2], rows[o + 3]) = (sum.x, sum.y, sum.z, sum.w)
                }
            }
        }
        var out = [UInt8](repeating: 0, count: n * n * 4)
        for (y, column) in down.enumerated() {
            for x in 0..<n {
                var sum = SIMD4<Double>.zero
                for (i, w) in column {
                    let o = 4 * (i * n + x)
                    sum += w * SIMD4(rows[o], rows[o + 1], rows[o + 2], rows[o + 3])
                }
                // Premultiplied colour never exceeds its alpha; rounding each alone could.
                let a = min(max(sum.w.rounded(), 0), 255)
                let o = 4 * (y * n + x)
                out[o + 3] = UInt8(a)
                for c in 0..<3 { out[o + c] = UInt8(min(max(sum[c].rounded(), 0), a)) }
            }
        }
        return out
    }

    /// The next level: each texel the mean of a 2 × 2 block, rounded half up.
    static func halve(_ level: [UInt8], side: Int) -> [UInt8] {
        let half = side / 2
        var out = [UInt8](repeating: 0, count: half * half * 4)
        for y in 0..<half {
            for x in 0..<half {
                for c in 0..<4 {
                    let a = Int(level[4 * ((2 * y) * side + 2 * x) + c]), b = Int(level[4 * ((2 * y) * side + 2 * x + 1) + c])
                    let d = Int(level[4 * ((2 * y + 1) * side + 2 * x) + c]), e = Int(level[4 * ((2 * y + 1) * side + 2 * x + 1) + c])
                    out[4 * (y * half + x) + c] = UInt8((a + b + d + e + 2) / 4)
                }
            }
        }
        return out
    }

    /// The texel at (x, y) of `level`, clamped to the edge, in 0…1.
    package func texel(level: Int, x: Int, y: Int) -> SIMD4<Double> {
        let n = Self.side >> level
        let cx = min(max(x, 0), n - 1), cy = min(max(y, 0), n - 1)
        let o = 4 * (cy * n + cx)
        let bytes = levels[level]
        return SIMD4(Double(bytes[o]), Double(bytes[o + 1]), Double(bytes[o + 2]), Double(bytes[o + 3])) / 255
    }

    /// What the fragment shader's `spriteSample` returns at `uv` (0…1 across the page, top-left
    /// origin): the four nearest texels of `level`, blended by their distances in float.
    package func sample(level: Int, at uv: SIMD2<Double>) -> SIMD4<Double> {
        let n = Double(Self.side >> level)
        // A texel past either edge reads the edge, so the point is held within one texel of
        // it (a drawn quad's margin never reaches further), and NaN (a quad of no extent) is
        // read at the centre: converting to whole texels below always has a number to convert.
        var p = uv * n - 0.5
        for axis in 0..<2 { p[axis] = p[axis].isNaN ? (n - 1) / 2 : min(max(p[axis], -1), n) }
        let base = SIMD2(p.x.rounded(.down), p.y.rounded(.down))
        let f = p - base
        let x = Int(base.x), y = Int(base.y)
        func mix(_ a: SIMD4<Double>, _ b: SIMD4<Double>, _ t: Double) -> SIMD4<Double> { a * (1 - t) + b * t }
        let top = mix(texel(level: level, x: x, y: y), texel(level: level, x: x + 1, y: y), f.x)
        let bottom = mix(texel(level: level, x: x, y: y + 1), texel(level: level, x: x + 1, y: y + 1), f.x)
        return mix(top, bottom, f.y)
    }

    /// The level a sprite drawn `extent` points across (its longer side, at its record's size)
    /// is read from: the smallest one that still has a texel for every pixel. The shader's
    /// `spriteLevel` takes the same steps on the same whole numbers, so the two agree exactly.
    package static func level(extent: Double, pixelsPerPoint: Double) -> Int {
        let pixels = Float(extent) * Float(pixelsPerPoint)
        var level = 0
        while level < levelCount - 1, Float(side >> (level + 1)) >= pixels { level += 1 }
        return level
    }
}
