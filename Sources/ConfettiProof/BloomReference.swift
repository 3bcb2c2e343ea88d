import ConfettiCore
import ConfettiGL

/// `BloomPass` on the CPU: the same filter, step for step, for the tests to hold the shaders
/// to (`Shaders/bloom*.glsl`).
///
/// Same taps and weights (`BloomKernel`'s floats), the same threshold, the same texel
/// positions (GL's, rows counted from the bottom, so an odd height pairs its rows as the GPU
/// does) and edge clamping, the same bilinear weights written out in float, and every
/// intermediate target rounded to 8 bits as the GPU's RGBA8 targets are. The arithmetic is in
/// `Float`, as the shaders'; what can still differ is the order a compiler evaluates it in,
/// which moves a value across a rounding boundary now and then: one level of 255 per pass,
/// not more, when each pass is given the GPU's own input (see BloomTests for the bounds).
package enum BloomReference {
    /// Each pass's output, top row first, as `BloomPass.readTargets` reads the GPU's.
    package struct Stages {
        package var bright: RGBAImage
        package var across: RGBAImage
        package var glow: RGBAImage
        /// The composite: the frame plus the glow, before it is blended over anything.
        package var output: RGBAImage
    }

    /// Rec. 709, as `bloom.glsl`.
    static let luma: (r: Float, g: Float, b: Float) = (0.2126, 0.7152, 0.0722)

    /// The whole filter on `frame` (the frame as drawn into the bloom pass's own target).
    package static func apply(_ bloom: Bloom, to frame: RGBAImage, pixelsPerPoint: Double) -> Stages {
        let bright = bright(frame, threshold: bloom.threshold).image()
        let weights = BloomKernel.weights(radius: bloom.radius, pixelsPerPoint: pixelsPerPoint)
        let across = blur(bright, weights: weights, across: true).image()
        let glow = blur(across, weights: weights, across: false).image()
        return Stages(bright: bright, across: across, glow: glow, output: composite(frame: frame, glow: glow, strength: bloom.strength).image())
    }

    /// Pass 1: the mean of the bright parts of each 2 x 2 block, at half size (rounded up).
    package static func bright(_ frame: RGBAImage, threshold: Double) -> Plane {
        let source = Plane(frame), t = Float(threshold)
        var out = Plane(width: (frame.width + 1) / 2, height: (frame.height + 1) / 2)
        func part(_ x: Int, _ y: Int) -> SIMD4<Float> {
            let c = source.clamped(x, y)
            let l = c.x * luma.r + c.y * luma.g + c.z * luma.b
            return l > t ? c * ((l - t) / l) : .zero
        }
        for y in 0..<out.height {
            for x in 0..<out.width {
                let px = 2 * x, py = 2 * y
                var sum = part(px, py) + part(px + 1, py)
                sum += part(px, py + 1)
                sum += part(px + 1, py + 1)
                out[x, y] = sum * 0.25
            }
        }
        return out
    }

    /// Passes 2 and 3: one direction of the Gaussian, edges clamped.
    package static func blur(_ image: RGBAImage, weights: [Float], across: Bool) -> Plane {
        let source = Plane(image)
        var out = Plane(width: image.width, height: image.height)
        let (dx, dy) = across ? (1, 0) : (0, 1)
        for y in 0..<out.height {
            for x in 0..<out.width {
                var sum = weights[0] * source.clamped(x, y)
                for k in 1..<weights.count {
                    sum += weights[k] * (source.clamped(x - k * dx, y - k * dy) + source.clamped(x + k * dx, y + k * dy))
                }
                out[x, y] = sum
            }
        }
        return out
    }

    /// Pass 4: the frame plus `strength` times the glow, upsampled bilinearly (weights 3/4 and
    /// 1/4), clamped to 1.
    package static func composite(frame: RGBAImage, glow: RGBAImage, strength: Double) -> Plane {
        let whole = Plane(frame), half = Plane(glow), s = Float(strength)
        var out = Plane(width: frame.width, height: frame.height)
        func mix(_ a: SIMD4<Float>, _ b: SIMD4<Float>, _ t: Float) -> SIMD4<Float> { a * (1 - t) + b * t }
        for y in 0..<out.height {
            for x in 0..<out.width {
                let qx = (Float(x) + 0.5) * 0.5 - 0.5, qy = (Float(y) + 0.5) * 0.5 - 0.5
                let ix = Int(qx.rounded(.down)), iy = Int(qy.rounded(.down))
                let fx = qx - Float(ix), fy = qy - Float(iy)
                let below = mix(half.clamped(ix, iy), half.clamped(ix + 1, iy), fx)
                let above = mix(half.clamped(ix, iy + 1), half.clamped(ix + 1, iy + 1), fx)
                out[x, y] = pointwiseMin(whole.clamped(x, y) + s * mix(below, above, fy), SIMD4(repeating: 1))
            }
        }
        return out
    }

    /// An image as the shaders see it: floats 0...1, rows from the bottom; what a pass computes
    /// before its target rounds it.
    package struct Plane {
        let width: Int
        let height: Int
        var texels: [SIMD4<Float>]

        init(width: Int, height: Int) {
            self.width = width
            self.height = height
            texels = Array(repeating: .zero, count: width * height)
        }

        init(_ image: RGBAImage) {
            self.init(width: image.width, height: image.height)
            for y in 0..<height {
                let row = (height - 1 - y) * width * 4
                for x in 0..<width {
                    let i = row + x * 4
                    texels[y * width + x] = SIMD4(Float(image.pixels[i]), Float(image.pixels[i + 1]), Float(image.pixels[i + 2]), Float(image.pixels[i + 3])) / 255
                }
            }
        }

        /// Texel (x, y), clamped to the edges.
        func clamped(_ x: Int, _ y: Int) -> SIMD4<Float> {
            texels[min(max(y, 0), height - 1) * width + min(max(x, 0), width - 1)]
        }

        subscript(x: Int, y: Int) -> SIMD4<Float> {
            get { texels[y * width + x] }
            set { texels[y * width + x] = newValue }
        }

        /// Written to an RGBA8 target: clamped, times 255, rounded to nearest (a tie either way:
        /// see `difference`).
        package func image() -> RGBAImage {
            var pixels = [UInt8](repeating: 0, count: width * height * 4)
            for y in 0..<height {
                let row = (height - 1 - y) * width * 4
                for x in 0..<width {
                    let v = texels[y * width + x]
                    for c in 0..<4 {
                        pixels[row + x * 4 + c] = UInt8((min(max(v[c], 0), 1) * 255).rounded())
                    }
                }
            }
            return RGBAImage(width: width, height: height, pixels: pixels)
        }
    }

    /// How the GPU's target differs from what the CPU computed for it.
    package struct Difference: CustomStringConvertible {
        /// The largest difference of one channel, in levels of 255.
        package var largest = 0
        /// Channels that differ at all.
        package var channels = 0
        /// Channels that differ other than by rounding a tie the other way: a value within
        /// `tie` levels of half a level, which a float evaluated in another order lands on either
        /// side of (the composite's weights, 3/4 and 1/4, put many values exactly there).
        package var beyondTies = 0
        package var description: String { "largest \(largest)/255, \(channels) channels differ, \(beyondTies) of them not at a tie" }
    }

    /// How far from half a level a value still counts as a tie, in levels: float32 noise on
    /// values up to 255 is about 1e-5 levels.
    static let tie: Float = 1e-3

    /// `gpu` against the CPU's unrounded `exact`: each channel is either the rounded value, or
    /// at a tie the one next to it.
    package static func difference(_ gpu: RGBAImage, _ exact: Plane) -> Difference {
        precondition(gpu.width == exact.width && gpu.height == exact.height, "comparing \(gpu.width)x\(gpu.height) with \(exact.width)x\(exact.height)")
        let rounded = exact.image()
        var result = Difference()
        for y in 0..<exact.height {
            for x in 0..<exact.width {
                let levels = pointwiseMin(pointwiseMax(exact[x, y], .zero), SIMD4(repeating: 1)) * 255
                let i = ((exact.height - 1 - y) * exact.width + x) * 4
                for c in 0..<4 where gpu.pixels[i + c] != rounded.pixels[i + c] {
                    let off = abs(Int(gpu.pixels[i + c]) - Int(rounded.pixels[i + c]))
                    result.largest = max(result.largest, off)
                    result.channels += 1
                    let atTie = abs(levels[c] - levels[c].rounded(.down) - 0.5) <= tie
                    if off > 1 || !atTie { result.beyondTies += 1 }
                }
            }
        }
        return result
    }

    /// Two images: the largest difference of one channel, and how many differ.
    package static func difference(_ a: RGBAImage, _ b: RGBAImage) -> Difference {
        precondition(a.width == b.width && a.height == b.height, "comparing \(a.width)x\(a.height) with \(b.width)x\(b.height)")
        var result = Difference()
        for (x, y) in zip(a.pixels, b.pixels) where x != y {
            result.largest = max(result.largest, abs(Int(x) - Int(y)))
            result.channels += 1
            result.beyondTies += 1
        }
        return result
    }
}
