import ConfettiGL

/// A rectangle of screen pixels.
struct PixelArea: CustomStringConvertible {
    var x: Range<Int>
    var y: Range<Int>

    init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x..<(x + width)
        self.y = y..<(y + height)
    }

    var count: Int { x.count * y.count }
    var description: String { "\(x.count)x\(y.count)+\(x.lowerBound)+\(y.lowerBound)" }
}

extension RGBAImage {
    /// The pixels in `area` (the whole image if nil) within `tolerance` per channel of one of
    /// `colours`.
    func pixels(matching colours: [RGB], tolerance: Int = 6, in area: PixelArea? = nil) -> [(x: Int, y: Int)] {
        let wanted = colours.map { colour -> (Int, Int, Int) in
            let (r, g, b, _) = colour.rgba8
            return (Int(r), Int(g), Int(b))
        }
        let area = area ?? PixelArea(x: 0, y: 0, width: width, height: height)
        var found: [(x: Int, y: Int)] = []
        for y in area.y.clamped(to: 0..<height) {
            for x in area.x.clamped(to: 0..<width) {
                let i = (y * width + x) * 4
                let (r, g, b) = (Int(pixels[i]), Int(pixels[i + 1]), Int(pixels[i + 2]))
                if wanted.contains(where: { abs($0.0 - r) <= tolerance && abs($0.1 - g) <= tolerance && abs($0.2 - b) <= tolerance }) {
                    found.append((x, y))
                }
            }
        }
        return found
    }
}
