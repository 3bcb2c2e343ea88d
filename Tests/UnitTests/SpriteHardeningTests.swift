import ConfettiCore
import Foundation
import Testing
import TestSupport

/// Pictures a hostile user gives: paths of no size, pictures too thin to round to a point,
/// texel lookups at points of no quad, 16-bit PNGs without a colour space. Each is drawn or
/// refused as read, never a trap.
@Suite struct SpriteHardeningTests {
    func message(_ d: String) -> String? {
        do {
            _ = try SVGPath(d).mask(longerSide: 256)
            return nil
        } catch {
            return error.description
        }
    }

    /// Scaling a path this small to a mask overflowed to infinity and trapped converting it.
    @Test(arguments: ["1e-306", "1e-300", "1e-200", "1e-7", "9.99e-7"])
    func aPathOfTinyExtentIsRefusedWithItsSpan(_ extent: String) {
        let refusal = message("M0 0 L\(extent) 0 L0 \(extent) Z")
        #expect(refusal?.contains("SVG path: it spans") == true, "\(refusal ?? "drawn")")
        #expect(refusal?.contains("at least 1e-06") == true, "\(refusal ?? "drawn")")
    }

    /// At the least extent, far from the origin and at the largest mask, every point is finite
    /// and the mask is drawn.
    @Test(arguments: [("0", "1e-6"), ("999999", "1e-6"), ("-999999", "2e-6")])
    func aPathAtTheLeastExtentIsDrawnAtEverySize(_ origin: String, _ extent: String) throws {
        let d = "M\(origin) \(origin) l\(extent) 0 l0 \(extent) z"
        for side in [1, 256, SVGPath.maximumMaskSide] {
            let mask = try SVGPath(d).mask(longerSide: side)
            #expect(mask.width >= 1 && mask.height >= 1 && mask.width <= side + 2 && mask.height <= side + 2)
        }
    }

    /// A path of nothing at all stays "no area", not a span.
    @Test func aPathOfNoExtentEnclosesNoArea() {
        #expect(message("M5 5 L5 5 Z")?.contains("encloses no area") == true)
    }

    /// A picture 64 times as long as it is thick comes to 0.44 pt at 28 pt: the record keeps it
    /// 1 pt thick, and the quad the CPU draws from the record is that thick, not zero.
    @Test func aThinSpriteIsRecordedAndDrawnOnePointThick() throws {
        let image = SpriteImage(width: 64, height: 1, pixels: [UInt8](repeating: 255, count: 64 * 4), isMask: false)
        let sprite = try Sprite(.picture(image), size: 28)
        #expect(sprite.extent.height < 0.5)
        #expect(ConfettiRecord.wholePoints(sprite.extent.height) == 1)
        #expect(ConfettiRecord.wholePoints(0) == 1 && ConfettiRecord.wholePoints(0.49) == 1)
        #expect(ConfettiRecord.wholePoints(1.5) == 2 && ConfettiRecord.wholePoints(255) == 255 && ConfettiRecord.wholePoints(1e9) == 255)

        var launch = ConfettiSection.standard
        launch.count = 8
        launch.sprites = [sprite]
        let pieces = launch.spawn(in: Size(width: 800, height: 600), seed: 1)
        let uniforms = ConfettiKind.fitted(launch.physics, to: pieces)
        var quads = 0
        for piece in pieces {
            #expect(ConfettiKind.record(piece, uniforms: uniforms).height == 1)
            let stored = ConfettiKind.stored(piece, uniforms: uniforms)
            let quad = ConfettiKind.drawn(stored, ConfettiKind.evaluate(stored, at: 0.5, uniforms: uniforms), pixelsPerPoint: 1)
            #expect(quad.halfSize.y > 0, "a quad of no thickness")
            quads += 1
        }
        #expect(quads == 8)
    }

    /// A lookup at a point of no quad (x / 0) or far past the edge reads a texel: finite, and
    /// the edge's or the centre's.
    @Test func aTexelLookupAnywhereIsFinite() {
        let image = SpriteImage(width: 2, height: 2, pixels: [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255], isMask: false)
        let texels = SpriteTexels(image)
        for uv in [SIMD2(Double.nan, 0.5), SIMD2(.infinity, -.infinity), SIMD2(1e300, -1e300), SIMD2(0.5, .nan)] {
            for level in 0..<SpriteTexels.levelCount {
                let texel = texels.sample(level: level, at: uv)
                #expect((0..<4).allSatisfy { texel[$0].isFinite && texel[$0] >= 0 && texel[$0] <= 1 }, "\(uv) at level \(level): \(texel)")
            }
        }
        // Within a texel of the edge, nothing changes: far past it reads what the edge reads.
        #expect(texels.sample(level: 0, at: SIMD2(5, 5)) == texels.sample(level: 0, at: SIMD2(1.001, 1.001)))
        #expect(texels.sample(level: 0, at: SIMD2(-5, -5)) == texels.sample(level: 0, at: SIMD2(-0.001, -0.001)))
    }

    /// A picture is kept at the atlas's size, its proportions to the nearest pixel: a 4096² PNG
    /// kept 64 MB for the life of its effect.
    @Test(arguments: [(600, 300, 256, 128), (300, 1000, 77, 256), (4000, 1, 256, 1), (256, 100, 256, 100), (40, 20, 40, 20)])
    func aPictureIsKeptNoLargerThanTheAtlas(_ width: Int, _ height: Int, _ keptWidth: Int, _ keptHeight: Int) throws {
        let scratch = try PNGSpriteTests.Scratch()
        var rgba = [UInt8](repeating: 255, count: width * height * 4)
        for i in stride(from: 0, to: rgba.count, by: 8) { rgba[i] = 0 }    // every other pixel cyan
        let image = try PNGSprite.read(try scratch.write(PNGBytes.image(width: width, height: height, rgba: rgba)))
        #expect(image.width == keptWidth && image.height == keptHeight, "\(image.width)×\(image.height)")
        #expect(image.width <= SpriteTexels.side && image.height <= SpriteTexels.side)
        // Averaged, not sampled: the cyan and white columns blend wherever the picture shrank.
        let red = stride(from: 0, to: image.pixels.count, by: 4).map { Int(image.pixels[$0]) }
        if max(width, height) > SpriteTexels.side { #expect(red.contains { $0 > 20 && $0 < 235 }, "\(Set(red))") }
    }

    /// A bitmap font whose one strike is 1 pixel, asked for text at 96 pixels, grew each glyph
    /// 96×: a 32² glyph to 3072² (a 256² one to 2.4 GB). Refused before the bitmap is made.
    @Test func aBitmapFontsGlyphGrownPastTheLimitIsRefused() throws {
        let scratch = try PNGSpriteTests.Scratch()
        let font = try scratch.write(Array(Self.bdf(side: 32).utf8), "strike.bdf")
        do {
            let image = try GlyphRasteriser.text("W", font: font)
            Issue.record("drawn \(image.width)×\(image.height)")
        } catch {
            #expect(error.description.contains("more than the 4,194,304 a glyph may have"), "\(error)")
            #expect(error.description.contains("font with outlines"), "\(error)")
        }
        // A glyph that stays within the limit grown is drawn.
        let small = try scratch.write(Array(Self.bdf(side: 8).utf8), "small.bdf")
        let image = try GlyphRasteriser.text("W", font: small)
        #expect(image.width > 8 * 50 && Double(image.width * image.height) <= Double(GlyphRasteriser.maxPixels), "\(image.width)×\(image.height)")
    }

    /// A BDF font of one glyph, "W", a solid square `side` pixels across, in a 1-pixel strike.
    static func bdf(side: Int) -> String {
        let row = String(repeating: "FF", count: (side + 7) / 8)
        return """
            STARTFONT 2.1
            FONT -test-strike-medium-r-normal--1-10-75-75-c-10-iso10646-1
            SIZE 1 75 75
            FONTBOUNDINGBOX \(side) \(side) 0 0
            STARTPROPERTIES 2
            FONT_ASCENT \(side)
            FONT_DESCENT 0
            ENDPROPERTIES
            CHARS 1
            STARTCHAR W
            ENCODING 87
            SWIDTH 1000 0
            DWIDTH \(side) 0
            BBX \(side) \(side) 0 0
            BITMAP
            \(Array(repeating: row, count: side).joined(separator: "\n"))
            ENDCHAR
            ENDFONT

            """
    }

    /// The system reads a path up to its first NUL, so "a.png\0.png" read a.png: another file
    /// than the one named.
    @Test func anImagePathWithANulIsRefused() throws {
        let scratch = try PNGSpriteTests.Scratch()
        let real = try scratch.write(PNGBytes.image(width: 1, height: 1, rgba: [255, 0, 0, 255]), "a.png")
        do {
            let image = try PNGSprite.read(real + "\0.png")
            Issue.record("read \(image.width)×\(image.height)")
        } catch {
            #expect(error.description.contains("a path cannot hold a NUL character"), "\(error)")
        }
    }

    /// A pair of regional indicators of no region was drawn as the white "?" flag, which the
    /// tag form of the same is refused for; a region's pair is still drawn.
    @Test func aFlagOfNoRegionIsRefusedAsItsTagFormIs() throws {
        for flag in ["🇿🇿", "🇦🇦"] {
            do {
                let image = try GlyphRasteriser.emoji(flag)
                Issue.record("\(flag) drawn \(image.width)×\(image.height)")
            } catch {
                #expect(error.description.contains("only its flag of unknown regions"), "\(error)")
            }
        }
        #expect(try GlyphRasteriser.emoji("🇫🇷").width > 1)
    }

    /// Emoji and text are kept no larger than an atlas page, as PNGs are: 40 letters at the
    /// text's em were kept 3,000 pixels wide for the life of the effect.
    @Test func emojiAndTextLargerThanAPageAreReducedToItWhenRead() throws {
        let letters = String(repeating: "W", count: 40)
        let drawn = try GlyphRasteriser.text(letters, font: nil)
        try #require(drawn.width > 4 * SpriteTexels.side, "drawn \(drawn.width)×\(drawn.height)")
        let json = #"{"kind": "confetti", "confetti": {"sprites": [{"text": "\#(letters)"}, {"emoji": "🎉"}]}}"#
        let images = try EffectFile.decode(Data(json.utf8), file: nil).confetti.sprites.images
        try #require(images.count == 2)
        let text = images[0]
        #expect(text.width == SpriteTexels.side && text.pixels.count == 4 * text.width * text.height, "kept \(text.width)×\(text.height)")
        let kept = Double(text.width) / Double(text.height), made = Double(drawn.width) / Double(drawn.height)
        #expect(abs(kept - made) / made < 0.1, "proportions \(kept) of \(made)")
        #expect(!text.isBlank && text.isMask == drawn.isMask)
        // An emoji the font draws smaller than a page is kept as drawn.
        let emoji = try GlyphRasteriser.emoji("🎉")
        #expect(emoji.width <= SpriteTexels.side && images[1] == emoji)
    }

    /// Untagged 16-bit samples are sRGB, as browsers and ffmpeg read them: 40000 of 65535 is
    /// 156 of 255, as the same file with an sRGB chunk gives (linear light would be 204).
    @Test func aSixteenBitPNGWithoutAColourSpaceReadsAsBrowsersReadIt() throws {
        let scratch = try PNGSpriteTests.Scratch()
        let rgb: [UInt16] = [0, 40000, 65535]
        let untagged = try scratch.write(Self.png16(rgb: rgb, tagged: false), "untagged.png")
        let tagged = try scratch.write(Self.png16(rgb: rgb, tagged: true), "tagged.png")
        let a = try PNGSprite.read(untagged), b = try PNGSprite.read(tagged)
        #expect(Array(a.pixels.prefix(4)) == [0, 156, 255, 255], "\(a.pixels.prefix(4))")
        #expect(a.pixels == b.pixels)
    }

    /// A 2 × 2 RGB image of 16 bits a channel, every pixel `rgb`; with an sRGB chunk or none.
    static func png16(rgb: [UInt16], tagged: Bool) -> [UInt8] {
        let pixel: [UInt8] = rgb.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        let row: [UInt8] = [0] + pixel + pixel    // filter: none
        let raw = row + row
        let header = PNGBytes.chunk("IHDR", PNGBytes.bigEndian(2) + PNGBytes.bigEndian(2) + [16, 2, 0, 0, 0])
        return PNGBytes.signature + header + (tagged ? PNGBytes.chunk("sRGB", [0]) : [])
            + PNGBytes.chunk("IDAT", PNGBytes.zlibStored(raw)) + PNGBytes.chunk("IEND", [])
    }
}
