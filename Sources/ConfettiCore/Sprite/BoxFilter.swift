/// Resizing premultiplied RGBA by area: each new pixel is the average of the old pixels it
/// covers, weighted by how much of each it covers. In premultiplied space a transparent pixel
/// adds nothing, so a colour emoji's edge does not darken as it would with straight alpha.
/// Growing repeats pixels (a bitmap font stays crisp) rather than blurring them.
enum BoxFilter {
    /// `pixels` (width × height, rows top to bottom) resized to `toWidth` × `height`.
    static func resample(_ pixels: [UInt8], width: Int, height: Int, toWidth newWidth: Int, height newHeight: Int) -> [UInt8] {
        precondition(pixels.count == width * height * 4 && newWidth > 0 && newHeight > 0, "RGBA pixels and a size to resize them to")
        // Columns first, rows second; the in-between stays unrounded so the result is rounded once.
        let columns = weights(from: width, to: newWidth)
        let rows = weights(from: height, to: newHeight)
        var across = [Double](repeating: 0, count: newWidth * height * 4)
        for y in 0..<height {
            for (x, taps) in columns.enumerated() {
                for (source, weight) in taps {
                    for c in 0..<4 {
                        across[4 * (y * newWidth + x) + c] += weight * Double(pixels[4 * (y * width + source) + c])
                    }
                }
            }
        }
        var result = [UInt8](repeating: 0, count: newWidth * newHeight * 4)
        for (y, taps) in rows.enumerated() {
            for x in 0..<newWidth {
                for c in 0..<4 {
                    var sum = 0.0
                    for (source, weight) in taps { sum += weight * across[4 * (source * newWidth + x) + c] }
                    // Every channel has the same weights, so colour ≤ alpha holds after rounding.
                    result[4 * (y * newWidth + x) + c] = UInt8(min(255, max(0, sum.rounded())))
                }
            }
        }
        return result
    }

    /// For each new pixel along one axis, the old pixels it covers and the share of each (the
    /// shares add up to 1).
    private static func weights(from old: Int, to new: Int) -> [[(Int, Double)]] {
        let step = Double(old) / Double(new)
        return (0..<new).map { i in
            let start = Double(i) * step, end = start + step
            var taps: [(Int, Double)] = []
            var source = Int(start)
            while source < old, Double(source) < end {
                let overlap = min(end, Double(source + 1)) - max(start, Double(source))
                if overlap > 1e-12 { taps.append((source, overlap / step)) }
                source += 1
            }
            return taps
        }
    }
}
