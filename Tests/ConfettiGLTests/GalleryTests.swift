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
}
