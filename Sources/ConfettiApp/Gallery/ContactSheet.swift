@preconcurrency import CEpoxy
import ConfettiCore
import ConfettiGL
import FoundationEssentials
import Glibc

/// The README's gallery: every preset drawn by the renderer at its best moment and framing, in a
/// labelled grid (`confetti gallery`).
///
/// Each tile is one launch of the preset (RNG stream 0 of the seed), drawn exactly as `render`
/// draws a frame, at the moment and framing the launch itself reads best at (`shot`): when its
/// particles spread over the most of the tile, and as close as that spread allows. Under each
/// tile its name is written in the pixel font.
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

    /// How a tile shows a launch: at which moment, and how closely.
    package struct Shot: Sendable, Equatable {
        /// Seconds after the launch.
        package var time: Double
        /// Pixels per point: above 1, the launch is spawned in a viewport that much smaller
        /// than the tile and drawn that much larger, so a burst that keeps to the middle of the
        /// tile fills it.
        package var zoom: Double
        /// Pixels the picture is moved by, right and down, to centre what shows in the tile. The
        /// drawing is cut at the viewport's edge, so the strip the pan uncovers stays empty:
        /// a shot pans only what lies wholly inside its viewport.
        package var pan = (x: 0, y: 0)

        package static func == (a: Shot, b: Shot) -> Bool {
            a.time == b.time && a.zoom == b.zoom && a.pan == b.pan
        }
    }

    /// Closest framing: a tile shows at least a third of its viewport.
    package static let maxZoom = 3.0
    /// Farthest framing: a tile shows at most 1.67 times its size in points across, for a
    /// launch that reaches beyond the tile at one pixel per point (a fountain rising out of the
    /// top); farther, pieces of a few points shrink to specks.
    package static let minZoom = 0.6
    /// Zooms the framing tries, from the closest down: each 0.8 of the last, with one pixel per
    /// point among them.
    static func zoomSteps(from zoom: Double) -> [Double] {
        var steps: [Double] = [], step = zoom
        while step >= minZoom {
            steps.append(step)
            step = step > 1.25 || step <= 1 ? step * 0.8 : 1
        }
        return steps
    }
    /// Points across under which a piece reads less, in proportion to its size: a spark shrunk
    /// to a dot at the end of its life counts for little where it is. A framing farther than
    /// one pixel per point keeps the launch's typical (median) piece at least this many pixels
    /// across.
    package static let legibleSide = 8.0
    /// The share of the tile the particles may fill, across and down: a margin around them.
    package static let fill = 0.85

    /// The tile's shot of preset `i`, from the launch itself: its best moment (`bestMoment`) at
    /// one pixel per point, then the closest framing (`zoomSteps`, from as close as the
    /// particles at that moment allow) whose own best moment shows every piece whole, the
    /// button too for a launch around it, with what shows centred in the tile; farther than one
    /// pixel per point only while its pieces stay legible (`legibleSide`). A launch whose
    /// pieces cross the edge at every such framing (rain, snow: they come in from outside;
    /// paper thrown in from the sides) is shown at one pixel per point.
    package func shot(_ i: Int) -> Shot {
        let tile = Size(width: Double(tileWidth), height: Double(tileHeight))
        let wide = launch(i, in: tile)
        let moment = Self.bestMoment(wide, in: tile)
        guard let wideBox = extent(i, wide, at: moment, in: tile) else { return Shot(time: moment, zoom: 1) }
        let zoom = min(Self.maxZoom, max(1, Self.fill * min(tile.width / wideBox.width, tile.height / wideBox.height)))
        // Another zoom spawns the launch in another viewport, which it may overflow (a shell
        // bursts at a height that scales with the viewport, with a spread that does not; a
        // fountain rises as high whatever the viewport): the closest of these steps whose
        // particles stay inside it.
        for step in Self.zoomSteps(from: zoom) {
            let viewport = Size(width: tile.width / step, height: tile.height / step)
            let close = launch(i, in: viewport)
            let time = Self.bestMoment(close, in: viewport)
            if step < 1, Self.medianSide(close, at: time) * step < Self.legibleSide { break }
            if let box = extent(i, close, at: time, in: viewport),
               box.minX >= 0, box.minY >= 0, box.maxX <= viewport.width, box.maxY <= viewport.height {
                // The middle of what shows to the middle of the tile: the strip the pan uncovers
                // is outside the viewport, where nothing shows.
                let x = (viewport.width / 2 - box.midX) * step, y = (viewport.height / 2 - (box.minY + box.maxY) / 2) * step
                return Shot(time: time, zoom: step, pan: (Int(x.rounded()), Int(y.rounded())))
            }
        }
        return Shot(time: moment, zoom: 1)
    }

    /// The box what shows of preset `i` takes at `t`: its particles' quads, and the button
    /// when the effect has one.
    func extent(_ i: Int, _ batches: [any ParticleBatch], at t: Double, in viewport: Size) -> Rect? {
        var box = Self.extent(batches, at: t)
        if presets[i].effect.kind.hasButton {
            let button = CelebrateButton.centred(in: viewport).frame
            box = box.map {
                let (x0, y0) = (min($0.minX, button.minX), min($0.minY, button.minY))
                return Rect(x: x0, y: y0, width: max($0.maxX, button.maxX) - x0, height: max($0.maxY, button.maxY) - y0)
            } ?? button
        }
        return box
    }

    /// The moment a launch reads best: its particles spread over the most of the viewport,
    /// each counted by how much it shows (its drawn opacity, or its light's brightest channel,
    /// and its size up to `legibleSide`).
    /// The viewport is cut into a 16 × 9 grid and each cell counts up to 1: a flash, one bright
    /// disc at the burst, counts once, stars at full spread count in every cell they reach, and
    /// faded embers count little. Sampled every 1/30 s over the launch's life; the earliest of
    /// equal moments.
    package static func bestMoment(_ batches: [any ParticleBatch], in viewport: Size) -> Double {
        let end = batches.map(\.duration).max() ?? 0
        let steps = max(1, Int((end * 30).rounded(.up)))
        var best = -1.0, moment = 0.0
        for k in 0..<steps {
            let t = Double(k) / 30
            var cells = [Double](repeating: 0, count: 16 * 9)
            for batch in batches { batch.addShowing(at: t, in: viewport, to: &cells) }
            let spread = cells.reduce(0) { $0 + min($1, 1) }
            if spread > best { (best, moment) = (spread, t) }
        }
        return moment
    }

    /// The median side, points, of the showing particles' quads at `t` (0: nothing shows).
    static func medianSide(_ batches: [any ParticleBatch], at t: Double) -> Double {
        let sides = batches.flatMap { $0.showing(at: t) }.map { 2 * max($0.halfSize.x, $0.halfSize.y) }.sorted()
        return sides.isEmpty ? 0 : sides[sides.count / 2]
    }

    /// The box the showing particles' quads take at `t` (nil: nothing shows).
    static func extent(_ batches: [any ParticleBatch], at t: Double) -> Rect? {
        var box: (x0: Double, y0: Double, x1: Double, y1: Double)?
        for batch in batches {
            for quad in batch.showing(at: t) {
                let r = max(quad.halfSize.x, quad.halfSize.y)
                let b = (quad.centre.x - r, quad.centre.y - r, quad.centre.x + r, quad.centre.y + r)
                box = box.map { (min($0.x0, b.0), min($0.y0, b.1), max($0.x1, b.2), max($0.y1, b.3)) } ?? b
            }
        }
        return box.map { Rect(x: $0.x0, y: $0.y0, width: max($0.x1 - $0.x0, 1), height: max($0.y1 - $0.y0, 1)) }
    }

    /// One launch of preset `i` in `viewport` (the tile's, or a smaller one for a closer shot).
    package func launch(_ i: Int, in viewport: Size) -> [any ParticleBatch] {
        let effect = presets[i].effect
        return effect.launch(effect.kind, seed: seed, index: 0, around: Rect.button(centredIn: viewport), in: viewport).batches
    }

    /// Draws the sheet. Needs a current GL context.
    package func draw(shaders: ShaderLibrary) throws -> RGBAImage {
        var sheet = RGBAImage(width: width, height: height, pixels: [UInt8](repeating: 0, count: width * height * 4))
        fill(&sheet, x: 0, y: 0, width: width, height: height, colour: Self.background)
        let shots = presets.indices.map(shot)
        let launches = presets.indices.map { launch($0, in: Size(width: Double(tileWidth) / shots[$0].zoom, height: Double(tileHeight) / shots[$0].zoom)) }
        let capacity = max(1, launches.map { $0.reduce(0) { $0 + $1.particleCount } }.max() ?? 1)
        let scene = try SceneRenderer(shaders: shaders, capacity: capacity)
        let target = try OffscreenTarget(width: tileWidth, height: tileHeight)
        defer {
            scene.delete()
            target.delete()
        }
        for (i, batches) in launches.enumerated() {
            let shot = shots[i]
            let viewport = Size(width: Double(tileWidth) / shot.zoom, height: Double(tileHeight) / shot.zoom)
            scene.celebration.removeAll()
            for batch in batches { try scene.celebration.add(batch, at: 0) }
            scene.button = presets[i].effect.kind.hasButton ? .centred(in: viewport) : nil
            // As render draws it: with the effect's glow when it has one.
            try scene.glow(presets[i].effect.bloom)
            target.bind()
            // Panned: the frame is cleared whole; the scene is drawn moved by the pan.
            setGLViewport(GLint(shot.pan.x), GLint(-shot.pan.y), GLsizei(tileWidth), GLsizei(tileHeight))
            scene.render(at: shot.time, viewport: viewport, pixelsPerPoint: shot.zoom)
            if let failure = scene.takeBloomFailure() { throw failure }
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
    /// The quads of the particles alive `t` seconds after the launch that show (drawn opacity,
    /// or a light's brightest channel, above 1/255), with how much each shows.
    package func showing(at t: Double) -> [DrawnQuad] {
        particles.compactMap { p in
            let s = Kind.evaluate(p, at: t - Kind.birth(of: p), uniforms: uniforms)
            guard s.alive else { return nil }
            let quad = Kind.drawn(p, s)
            return quad.alive && quad.shows > 1.0 / 255 ? quad : nil
        }
    }

    /// Adds how much each showing particle shows, and how legible its size is
    /// (`ContactSheet.legibleSide`), to the cell of `cells` (a 16 × 9 grid over `viewport`) its
    /// centre is in; particles outside the viewport add nothing.
    func addShowing(at t: Double, in viewport: Size, to cells: inout [Double]) {
        for quad in showing(at: t) {
            let column = Int((quad.centre.x / viewport.width * 16).rounded(.down)), row = Int((quad.centre.y / viewport.height * 9).rounded(.down))
            guard (0..<16).contains(column), (0..<9).contains(row) else { continue }
            let side = 2 * max(quad.halfSize.x, quad.halfSize.y)
            cells[row * 16 + column] += quad.shows * min(1, side / ContactSheet.legibleSide)
        }
    }
}

extension DrawnQuad {
    /// How much it shows: its premultiplied colour's largest component (paper's opacity; for
    /// light, which keeps only part of its alpha, its brightest channel).
    var shows: Double { max(color.x, color.y, color.z, color.w) }
}
