import ConfettiCore
import FoundationEssentials
import Glibc

/// A CPU reference renderer: what the GPU should put in an 8-bit RGBA framebuffer, pixel by
/// pixel, in Double. Shapes come from `DrawnQuad` (the particle shaders) or from any fragment
/// function (the button); blending is premultiplied, ONE / ONE_MINUS_SRC_ALPHA, into 8 bits per
/// channel after every draw, as a unorm8 framebuffer stores it.
package struct ReferenceRasteriser: Sendable {
    package let width: Int
    package let height: Int
    package let pixelsPerPoint: Double
    /// RGBA, rows top to bottom.
    package private(set) var pixels: [UInt8]
    /// Draws blended into each pixel: each one rounds to 8 bits, so the GPU's picture can drift
    /// from this one by up to a level per draw where many overlap.
    package private(set) var draws: [UInt16]
    /// Levels each pixel may be off besides the blending's rounding: what the float error of
    /// the geometry (the vertex shader's, which the parity check bounds) can do to the
    /// antialiased edges of the quads drawn into it (`edgeLevels`).
    package private(set) var slack: [UInt16]

    /// A framebuffer cleared to an opaque `background`.
    package init(width: Int, height: Int, pixelsPerPoint: Double, background: RGB) {
        self.width = width
        self.height = height
        self.pixelsPerPoint = pixelsPerPoint
        let (r, g, b, _) = background.rgba8
        pixels = [UInt8](repeating: 255, count: width * height * 4)
        draws = [UInt16](repeating: 0, count: width * height)
        slack = [UInt16](repeating: 0, count: width * height)
        // By index: a stride's iterator is generic, slow in a debug build (the tests').
        for pixel in 0..<width * height {
            pixels[4 * pixel] = r
            pixels[4 * pixel + 1] = g
            pixels[4 * pixel + 2] = b
        }
    }

    /// Runs `fragment` at the centre of every pixel in `bounds` (pt) and blends what it returns
    /// (premultiplied colour; nil discards).
    package mutating func fill(minX: Double, minY: Double, maxX: Double, maxY: Double, slack levels: Int = 0, _ fragment: (Point) -> SIMD4<Double>?) {
        guard let (x0, x1, y0, y1) = pixelBox(minX: minX, minY: minY, maxX: maxX, maxY: maxY) else { return }
        let s = pixelsPerPoint
        for y in y0...y1 {
            for x in x0...x1 {
                guard let source = fragment(Point((Double(x) + 0.5) / s, (Double(y) + 0.5) / s)) else { continue }
                blend(source, at: (y * width + x) * 4)
                draws[y * width + x] &+= 1
                slack[y * width + x] = UInt16(min(Int(slack[y * width + x]) + levels, Int(UInt16.max)))
            }
        }
    }

    /// The pixels (inclusive) whose centres `fill` visits for `bounds` (pt): the bounds and a
    /// pixel's margin, clipped to the image; nil when none is.
    private func pixelBox(minX: Double, minY: Double, maxX: Double, maxY: Double) -> (x0: Int, x1: Int, y0: Int, y1: Int)? {
        let s = pixelsPerPoint
        // A quad the motion has carried beyond any number covers no pixel (and has no Int bounds).
        let screen = Double(max(width, height)) + 2
        guard [minX, minY, maxX, maxY].allSatisfy(\.isFinite) else { return nil }
        let clamp = { (v: Double) in min(max(v, -screen), screen) }
        let (minX, minY, maxX, maxY) = (clamp(minX * s) / s, clamp(minY * s) / s, clamp(maxX * s) / s, clamp(maxY * s) / s)
        let x0 = max(0, Int((minX * s).rounded(.down)) - 1), x1 = min(width - 1, Int((maxX * s).rounded(.up)) + 1)
        let y0 = max(0, Int((minY * s).rounded(.down)) - 1), y1 = min(height - 1, Int((maxY * s).rounded(.up)) + 1)
        return x0 <= x1 && y0 <= y1 ? (x0, x1, y0, y1) : nil
    }

    /// The square around `quad` that holds every pixel it can cover: its farthest corner from
    /// its centre, in every direction.
    private func bounds(of quad: DrawnQuad) -> (minX: Double, minY: Double, maxX: Double, maxY: Double) {
        let reach = quad.reach(pixelsPerPoint: pixelsPerPoint)
        let extent = (0..<4).map { corner -> Double in
            let offset = quad.toScreen(DrawnQuad.corner(corner) * reach)
            return (offset * offset).sum().squareRoot()
        }.max()!
        return (quad.centre.x - extent, quad.centre.y - extent, quad.centre.x + extent, quad.centre.y + extent)
    }

    /// Pixels `draw(quad)` would shade: what the pixel proof's time goes on, so `verify` can
    /// count it before drawing (`Budget.maxVerifyFill`).
    package func pixelsVisited(by quad: DrawnQuad) -> Int {
        guard quad.alive else { return 0 }
        let b = bounds(of: quad)
        guard let (x0, x1, y0, y1) = pixelBox(minX: b.minX, minY: b.minY, maxX: b.maxX, maxY: b.maxY) else { return 0 }
        return (x1 - x0 + 1) * (y1 - y0 + 1)
    }

    /// Draws what a particle's shaders draw: the fragments inside its quad, covered by its shape
    /// (a sprite's texels from `sprites`, its batch's).
    package mutating func draw(_ quad: DrawnQuad, sprites: [SpriteTexels] = []) {
        guard quad.alive else { return }
        let s = pixelsPerPoint
        let b = bounds(of: quad)
        fill(minX: b.minX, minY: b.minY, maxX: b.maxX, maxY: b.maxY, slack: Self.edgeLevels(quad, pixelsPerPoint: s)) { point in
            guard quad.quadContains(point, pixelsPerPoint: s) else { return nil }
            return quad.fragment(atLocal: quad.toLocal(point - quad.centre), pixelsPerPoint: s, sprites: sprites)
        }
    }

    /// Levels an edge pixel of `quad` may be off because the shader holds its spin's angle as a
    /// float (`DrawnQuad.spinRounding`). After a second at 36,000 deg/s the angle is 41,000°, a
    /// float with 0.004° steps, which the tip of a 255 pt piece at scale 2 carries 0.02 px. An
    /// edge moved by δ px changes the one-pixel coverage ramp by δ, and a corner pixel's two
    /// edges by 2δ, of the brightest premultiplied channel. Every preset's pieces get nothing
    /// from it (`PixelBoundTests`): at their spins the shift is ten-thousandths of a pixel, and
    /// the bound stays the blending's own.
    package static func edgeLevels(_ quad: DrawnQuad, pixelsPerPoint: Double) -> Int {
        let arm = (quad.halfSize * quad.halfSize).sum().squareRoot()
        let shift = arm * quad.spinRounding * .pi / 180 * pixelsPerPoint
        let brightest = min(max(quad.color.x, quad.color.y, quad.color.z, quad.color.w), 1)
        let levels = (255 * 2 * shift * brightest).rounded(.down)
        return levels.isFinite ? Int(min(levels, 255)) : 255
    }

    /// dst = src + dst·(1 − src.a), with the source rounded to 8 bits as the blender receives it.
    private mutating func blend(_ source: SIMD4<Double>, at i: Int) {
        func unorm8(_ v: Double) -> Double { (min(max(v, 0), 1) * 255).rounded() }
        let alpha = unorm8(source.w)
        for c in 0..<4 {
            let blended = unorm8(source[c]) + Double(pixels[i + c]) * (255 - alpha) / 255
            pixels[i + c] = UInt8(min(255, blended.rounded()))
        }
    }
}
