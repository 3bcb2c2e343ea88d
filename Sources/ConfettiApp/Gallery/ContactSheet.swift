import ConfettiCore
import ConfettiGL
import FoundationEssentials
import Glibc

/// The README's gallery: every preset drawn by the renderer at a representative moment, in a
/// labelled grid (`confetti gallery`).
///
/// Each tile is one launch of the preset (RNG stream 0 of the seed) in a viewport the size of the
/// tile, drawn exactly as `render` draws a frame, at the middle of the stretch of time during
/// which the most of its particles are alive. Under each tile its name is written in the
/// pixel font.
package struct ContactSheet {
    package var presets: [(name: String, effect: Effect)]
    /// Pixels of one tile's picture (one point per pixel).
    package var tileWidth = 320
    package var tileHeight = 180
    package var columns = 4
    package var seed: UInt64 = 1

    /// Font pixels are this many image pixels; the band under a tile holds one line.
    package static let labelScale = 2
    package static let labelBand = PixelFont.height * labelScale + 8
    package static let background = RGB(0.03, 0.035, 0.05)
    package static let ink = RGB(0.92, 0.93, 0.96)

    package init(presets: [(name: String, effect: Effect)] = Effect.presets.map { ($0.name, $0.effect) }) {
        self.presets = presets
    }

    package var rows: Int { (presets.count + columns - 1) / columns }
    package var width: Int { columns * tileWidth }
    package var height: Int { rows * (tileHeight + Self.labelBand) }

    /// Where tile `i`'s picture and its label band are in the sheet, in pixels.
    package func tile(_ i: Int) -> (x: Int, y: Int) {
        ((i % columns) * tileWidth, (i / columns) * (tileHeight + Self.labelBand))
    }

    /// The label band under tile `i`: x, y, width, height.
    package func labelBand(_ i: Int) -> (x: Int, y: Int, width: Int, height: Int) {
        let (x, y) = tile(i)
        return (x, y + tileHeight, tileWidth, Self.labelBand)
    }

    /// The middle of the stretch of time during which the most particles are alive inside
    /// `viewport` (as the CPU evaluators place them), sampled every 1/50 s over the launch's life.
    package static func representativeMoment(_ batches: [any ParticleBatch], in viewport: Size) -> Double {
        let end = batches.map(\.duration).max() ?? 0
        let steps = max(1, Int((end * 50).rounded(.up)))
        var best = -1, first = 0.0, last = 0.0
        for k in 0..<steps {
            let t = Double(k) / 50
            let seen = batches.reduce(0) { $0 + $1.visibleCount(at: t, in: viewport) }
            if seen > best {
                (best, first, last) = (seen, t, t)
            } else if seen == best {
                last = t
            }
        }
        return (first + last) / 2
    }

    /// One launch of preset `i` sized to a tile.
    package func launch(_ i: Int) -> [any ParticleBatch] {
        let viewport = Size(width: Double(tileWidth), height: Double(tileHeight))
        let effect = presets[i].effect
        return effect.launch(effect.kind, seed: seed, index: 0, around: Rect.button(centredIn: viewport), in: viewport).batches
    }

    /// Draws the sheet. Needs a current GL context.
    package func draw(shaders: ShaderLibrary) throws -> RGBAImage {
        var sheet = RGBAImage(width: width, height: height, pixels: [UInt8](repeating: 0, count: width * height * 4))
        fill(&sheet, x: 0, y: 0, width: width, height: height, colour: Self.background)
        let launches = presets.indices.map(launch)
        let capacity = max(1, launches.map { $0.reduce(0) { $0 + $1.particleCount } }.max() ?? 1)
        let scene = try SceneRenderer(shaders: shaders, capacity: capacity)
        let target = try OffscreenTarget(width: tileWidth, height: tileHeight)
        defer {
            scene.delete()
            target.delete()
        }
        let viewport = Size(width: Double(tileWidth), height: Double(tileHeight))
        for (i, batches) in launches.enumerated() {
            scene.celebration.removeAll()
            for batch in batches { try scene.celebration.add(batch, at: 0) }
            scene.button = presets[i].effect.kind.hasButton ? .centred(in: viewport) : nil
            target.bind()
            scene.render(at: Self.representativeMoment(batches, in: viewport), viewport: viewport, pixelsPerPoint: 1)
            let picture = try target.readPixels()
            let (x, y) = tile(i)
            for row in 0..<tileHeight {
                let from = row * tileWidth * 4, to = ((y + row) * width + x) * 4
                sheet.pixels.replaceSubrange(to..<(to + tileWidth * 4), with: picture.pixels[from..<(from + tileWidth * 4)])
            }
            drawLabel(presets[i].name, into: &sheet, band: labelBand(i))
        }
        return sheet
    }

    /// The name in the pixel font, left-aligned in the band with 8 px of margin.
    func drawLabel(_ text: String, into sheet: inout RGBAImage, band: (x: Int, y: Int, width: Int, height: Int)) {
        let glyphs = PixelFont.rasterize(text)
        let s = Self.labelScale
        let left = band.x + 8, top = band.y + (band.height - glyphs.height * s) / 2
        for gy in 0..<glyphs.height {
            for gx in 0..<glyphs.width where glyphs.pixels[gy * glyphs.width + gx] != 0 {
                let x = left + gx * s
                guard x + s <= band.x + band.width else { continue }
                fill(&sheet, x: x, y: top + gy * s, width: s, height: s, colour: Self.ink)
            }
        }
    }

    /// Whether every character of `text` has a glyph in the pixel font.
    package static func canLabel(_ text: String) -> Bool {
        text.allSatisfy { PixelFont.glyphs[$0] != nil }
    }

    /// The label as the sheet draws it: font pixels, rows top to bottom, for tests to compare.
    package static func labelPixels(_ text: String) -> (width: Int, height: Int, pixels: [UInt8]) {
        PixelFont.rasterize(text)
    }

    private func fill(_ image: inout RGBAImage, x: Int, y: Int, width w: Int, height h: Int, colour: RGB) {
        let (r, g, b, _) = colour.rgba8
        for row in y..<(y + h) {
            for column in x..<(x + w) {
                let i = (row * image.width + column) * 4
                image.pixels[i] = r
                image.pixels[i + 1] = g
                image.pixels[i + 2] = b
                image.pixels[i + 3] = 255
            }
        }
    }
}

extension ParticleBatch {
    /// Particles alive `t` seconds after the launch with their centre inside `viewport`.
    package func visibleCount(at t: Double, in viewport: Size) -> Int {
        particles.reduce(0) { count, p in
            let s = Kind.evaluate(p, at: t - Kind.birth(of: p), uniforms: uniforms)
            let inside = s.x >= 0 && s.x <= viewport.width && s.y >= 0 && s.y <= viewport.height
            return count + (s.alive && inside ? 1 : 0)
        }
    }
}
