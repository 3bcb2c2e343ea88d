import ConfettiApp
import ConfettiGL
import Foundation
import GLTestSupport
import Testing

/// The README's contact sheet: one labelled tile per registered preset, each with something
/// drawn in it.
@Suite struct GalleryTests {
    @Test func theGalleryHasOneLabelledTileWithDrawnPixelsPerPreset() async throws {
        let sheet = ContactSheet()
        let image = try await SharedGL.run { try sheet.draw(shaders: SharedGL.shaders()) }
        #expect(image.width == sheet.width && image.height == sheet.height)
        // As many tiles as the registry has presets, in its order, and no empty row.
        let registry = Effect.presets
        try #require(sheet.rows * sheet.columns >= registry.count && (sheet.rows - 1) * sheet.columns < registry.count, "\(sheet.rows) rows of \(sheet.columns)")
        let background = ContactSheet.background.rgba8, ink = ContactSheet.ink.rgba8
        let scale = ContactSheet.labelScale
        for (i, preset) in registry.enumerated() {
            #expect(ContactSheet.canLabel(preset.name), "the pixel font lacks a letter of '\(preset.name)'")
            // The label: exactly the font's pixels of the name, in ink, on the band's background.
            let band = sheet.labelBand(i)
            let glyphs = ContactSheet.labelPixels(preset.name)
            let left = band.x + 8, top = band.y + (band.height - glyphs.height * scale) / 2
            var wrong = 0, inked = 0
            for y in band.y..<(band.y + band.height) {
                for x in band.x..<(band.x + band.width) {
                    let gx = (x - left) / scale, gy = (y - top) / scale
                    let inGlyphs = x >= left && y >= top && gx < glyphs.width && gy < glyphs.height
                    let wanted = inGlyphs && glyphs.pixels[gy * glyphs.width + gx] != 0 ? ink : background
                    let p = image[x, y]
                    if (p.r, p.g, p.b) != (wanted.0, wanted.1, wanted.2) { wrong += 1 }
                    if (p.r, p.g, p.b) == (ink.0, ink.1, ink.2) { inked += 1 }
                }
            }
            #expect(wrong == 0 && inked > 0, "\(preset.name): \(wrong) label pixels differ, \(inked) inked")
            // The picture: particles drawn over the scene's background, away from the button.
            let (tx, ty) = sheet.tile(i)
            let scene = SceneRenderer.background.rgba8
            let button = preset.effect.kind.hasButton ? CelebrateButton.centred(in: Size(width: Double(sheet.tileWidth), height: Double(sheet.tileHeight))).frame : nil
            var drawn = 0
            for y in ty..<(ty + sheet.tileHeight) {
                for x in tx..<(tx + sheet.tileWidth) {
                    if let button, button.contains(Point(Double(x - tx) + 0.5, Double(y - ty) + 0.5)) { continue }
                    let p = image[x, y]
                    if abs(Int(p.r) - Int(scene.0)) + abs(Int(p.g) - Int(scene.1)) + abs(Int(p.b) - Int(scene.2)) > 24 { drawn += 1 }
                }
            }
            #expect(drawn >= 20, "\(preset.name): only \(drawn) pixels drawn in its tile")
        }
        // The places after the last preset are the sheet's background, label bands included:
        // no tile for anything the registry does not hold.
        for i in registry.count..<(sheet.rows * sheet.columns) {
            let (tx, ty) = sheet.tile(i)
            let band = sheet.labelBand(i)
            var other = 0
            for y in ty..<(band.y + band.height) {
                for x in tx..<(tx + sheet.tileWidth) where (image[x, y].r, image[x, y].g, image[x, y].b) != (background.0, background.1, background.2) {
                    other += 1
                }
            }
            #expect(other == 0, "place \(i) after the last preset has \(other) pixels drawn")
        }
    }

    /// The pieces a tile's shot shows, and how many of them its frame cuts (partly in, partly
    /// out); with the median side of those in the frame, in pixels.
    static func pieces(_ sheet: ContactSheet, _ i: Int) -> (shot: ContactSheet.Shot, shown: Int, cut: Int, medianPixels: Double) {
        let shot = sheet.shot(i)
        let viewport = Size(width: Double(sheet.tileWidth) / shot.zoom, height: Double(sheet.tileHeight) / shot.zoom)
        let quads = sheet.launch(i, in: viewport).flatMap { $0.showing(at: shot.time) }
        var cut = 0, sides: [Double] = []
        for quad in quads {
            let r = max(quad.halfSize.x, quad.halfSize.y)
            let (x0, y0, x1, y1) = (quad.centre.x - r, quad.centre.y - r, quad.centre.x + r, quad.centre.y + r)
            if x1 < 0 || y1 < 0 || x0 > viewport.width || y0 > viewport.height { continue }
            sides.append(2 * r * shot.zoom)
            if x0 < 0 || y0 < 0 || x1 > viewport.width || y1 > viewport.height { cut += 1 }
        }
        sides.sort()
        return (shot, quads.count, cut, sides.isEmpty ? 0 : sides[sides.count / 2])
    }

    /// A tile shows every piece whole, unless no framing close enough to keep them legible can
    /// (rain and snow come in from outside; paper thrown in from the sides): then it is drawn at
    /// one pixel per point, unpanned. A fountain rising out of the tile's top (fountain, ducks)
    /// is framed farther out to be whole; a launch around the button keeps it in the frame.
    @Test func everyTileShowsItsPiecesWholeWhereAFramingCan() throws {
        let sheet = ContactSheet()
        for name in ["classic", "fountain", "ducks"] {
            let i = try #require(sheet.presets.firstIndex { $0.name == name })
            let seen = Self.pieces(sheet, i)
            #expect(seen.shown > 0 && seen.cut == 0, "\(name): \(seen.cut) of \(seen.shown) pieces cut at zoom \(seen.shot.zoom)")
        }
        for i in sheet.presets.indices {
            let seen = Self.pieces(sheet, i)
            #expect(seen.cut == 0 || (seen.shot.zoom == 1 && seen.shot.pan == (0, 0)), "\(sheet.presets[i].name): \(seen.cut) pieces cut at zoom \(seen.shot.zoom), pan \(seen.shot.pan)")
            #expect(seen.shot.zoom >= ContactSheet.minZoom && seen.shot.zoom <= ContactSheet.maxZoom)
        }
    }

    /// Sparks are caught while they read: classic's 7 pt sparks swell, then shrink to about
    /// half by the end of their 0.4 s, when they have spread the widest; its tile shows them
    /// at least `legibleSide` pixels across (the median piece), as a fountain's and the ducks'.
    @Test func sparksAreShownWhileTheyAreLarge() throws {
        let sheet = ContactSheet()
        for name in ["classic", "fountain", "ducks"] {
            let i = try #require(sheet.presets.firstIndex { $0.name == name })
            let seen = Self.pieces(sheet, i)
            #expect(seen.medianPixels >= ContactSheet.legibleSide, "\(name): its median spark is \(seen.medianPixels) px at \(seen.shot.time) s")
        }
    }

    @Test func shellsShowFullSpreadStarsCloseUpNotTheirFlash() async throws {
        // Each shell's tile is taken from the launch itself: after the flash (a filled white
        // disc), at full spread (stars that fill well under the box they span), and closer than
        // the tile's own viewport.
        let sheet = ContactSheet()
        let image = try await SharedGL.run { try sheet.draw(shaders: SharedGL.shaders()) }
        let scene = SceneRenderer.background.rgba8
        let shells = Effect.presets.enumerated().filter { $0.element.effect.kind == .shell }
        try #require(shells.count >= 5)
        // A shell bursts well inside its tile and is drawn closer; one whose breaks reach the
        // tile's edges (a crossette's second breaks) may stay at the tile's own size.
        let zooms = shells.map { sheet.shot($0.offset).zoom }
        #expect(zooms.filter { $0 > 1 }.count >= shells.count - 1, "shells drawn close up: zooms \(zooms)")
        #expect(sheet.shot(shells.first { $0.element.name == "peony" }!.offset).zoom > 1, "peony is drawn close up")
        for (i, preset) in shells {
            let (tx, ty) = sheet.tile(i)
            var drawn = 0, box = (x0: Int.max, y0: Int.max, x1: Int.min, y1: Int.min)
            for y in ty..<(ty + sheet.tileHeight) {
                for x in tx..<(tx + sheet.tileWidth) {
                    let p = image[x, y]
                    guard abs(Int(p.r) - Int(scene.0)) + abs(Int(p.g) - Int(scene.1)) + abs(Int(p.b) - Int(scene.2)) > 24 else { continue }
                    drawn += 1
                    box = (min(box.x0, x), min(box.y0, y), max(box.x1, x), max(box.y1, y))
                }
            }
            try #require(drawn > 0, "\(preset.name) has nothing drawn")
            let area = (box.x1 - box.x0 + 1) * (box.y1 - box.y0 + 1)
            #expect(Double(drawn) < 0.6 * Double(area), "\(preset.name): \(drawn) of the \(area) pixels of its box are drawn: a disc, not spread stars")
        }
    }
}
