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

// Whole screenshots are scanned many times while a test waits for something to appear, in
// debug builds: the loops work on raw bytes and stop as soon as they have their answer.
extension RGBAImage {
    /// The pixels in `area` (the whole image if nil) within `tolerance` per channel of one of
    /// `colours`, the first `limit` of them in rows.
    func pixels(matching colours: [RGB], tolerance: Int = 6, in area: PixelArea? = nil, limit: Int = .max) -> [(x: Int, y: Int)] {
        let wanted = colours.flatMap { colour -> [Int] in
            let (r, g, b, _) = colour.rgba8
            return [Int(r), Int(g), Int(b)]
        }
        let area = area ?? PixelArea(x: 0, y: 0, width: width, height: height)
        var found: [(x: Int, y: Int)] = []
        pixels.withUnsafeBufferPointer { bytes in
            wanted.withUnsafeBufferPointer { wanted in
                for y in area.y.clamped(to: 0..<height) {
                    for x in area.x.clamped(to: 0..<width) where Self.matches(bytes, at: (y * width + x) * 4, wanted, tolerance) {
                        found.append((x, y))
                        if found.count >= limit { return }
                    }
                }
            }
        }
        return found
    }

    /// The longest horizontal run of pixels within `tolerance` of `colour`, counted up to
    /// `limit`: a wide shape such as a button shows as a long run, which scattered small pieces
    /// of the same colour never make.
    func longestRun(of colour: RGB, tolerance: Int = 6, limit: Int = .max) -> Int {
        let (r, g, b, _) = colour.rgba8
        let wanted = [Int(r), Int(g), Int(b)]
        var longest = 0
        pixels.withUnsafeBufferPointer { bytes in
            wanted.withUnsafeBufferPointer { wanted in
                for y in 0..<height {
                    var run = 0
                    for x in 0..<width {
                        run = Self.matches(bytes, at: (y * width + x) * 4, wanted, tolerance) ? run + 1 : 0
                        longest = max(longest, run)
                        if longest >= limit { return }
                    }
                }
            }
        }
        return longest
    }

    /// How many pixels have the same colour in `other`, an image of the same size.
    func pixelsUnchanged(from other: RGBAImage) -> Int {
        precondition(width == other.width && height == other.height, "images of different sizes")
        var same = 0
        pixels.withUnsafeBufferPointer { mine in
            other.pixels.withUnsafeBufferPointer { theirs in
                for i in stride(from: 0, to: mine.count, by: 4) where mine[i] == theirs[i] && mine[i + 1] == theirs[i + 1] && mine[i + 2] == theirs[i + 2] {
                    same += 1
                }
            }
        }
        return same
    }

    /// Whether the pixel at byte `i` is within `tolerance` of one of the RGB triples in `wanted`.
    private static func matches(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int, _ wanted: UnsafeBufferPointer<Int>, _ tolerance: Int) -> Bool {
        let r = Int(bytes[i]), g = Int(bytes[i + 1]), b = Int(bytes[i + 2])
        var k = 0
        while k < wanted.count {
            if abs(wanted[k] - r) <= tolerance && abs(wanted[k + 1] - g) <= tolerance && abs(wanted[k + 2] - b) <= tolerance { return true }
            k += 3
        }
        return false
    }
}
