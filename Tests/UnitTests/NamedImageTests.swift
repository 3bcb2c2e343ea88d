import ConfettiCore
import Foundation
import Testing

/// Pictures an app registers by name (the C library's confetti_add_image) are what an effect's
/// `image` names while they are bound, before any file of that path; they are kept at the atlas
/// page's size as a PNG file's pixels are, and so is a picture an app hands a `Sprite`.
@Suite struct NamedImageTests {
    let json = #"{"kind": "confetti", "confetti": {"count": 5, "sprites": [{"image": "badge", "size": 24}]}}"#

    @Test func anEffectsImageNamesThePictureBoundForItsDecodingAndNoFileOtherwise() throws {
        let square = [UInt8](repeating: 255, count: 4 * 4 * 4)
        let image = try PNGSprite.picture(straightRGBA: square, width: 4, height: 4, name: "the picture 'badge'")
        let effect = try Sprite.Source.$namedImages.withValue(["badge": image]) {
            try EffectFile.decode(Data(json.utf8), file: "the effect's JSON text")
        }
        #expect(effect.confetti.sprites.first?.image == image)
        // Unbound, "badge" is a PNG file's path, which does not exist.
        #expect(throws: (any Error).self) { try EffectFile.decode(Data(json.utf8), file: "the effect's JSON text") }
    }

    /// 1024 × 1024 pixels of straight RGBA: colours and alpha that vary across and down.
    static let large: [UInt8] = {
        var rgba = [UInt8](repeating: 0, count: 1024 * 1024 * 4)
        for y in 0..<1024 {
            for x in 0..<1024 {
                let i = 4 * (y * 1024 + x)
                (rgba[i], rgba[i + 1], rgba[i + 2], rgba[i + 3]) = (UInt8(x & 255), UInt8(y & 255), UInt8((x ^ y) & 255), UInt8((x + y) / 8 & 255))
            }
        }
        return rgba
    }()

    /// The same picture from memory, by the C library's path and a `Sprite`'s, and from a PNG
    /// file: the same kept picture, 256 pixels a side, and so the same atlas page.
    @Test func aLargePictureFromMemoryIsKeptAsTheSamePictureReadFromAPNGFile() throws {
        let fromFile = try PNGSprite.decode(Data(PNGBytes.image(width: 1024, height: 1024, rgba: Self.large)), name: "large.png")
        #expect(fromFile.width == SpriteTexels.side && fromFile.height == SpriteTexels.side)
        let added = try PNGSprite.picture(straightRGBA: Self.large, width: 1024, height: 1024, name: "the picture 'large'")
        #expect(added.width == fromFile.width && added.height == fromFile.height)
        // Compared apart from #expect, which would print a million pixels when they differ.
        let samePicture = added == fromFile, samePage = SpriteTexels(added) == SpriteTexels(fromFile)
        #expect(samePicture && samePage, "picture \(samePicture), page \(samePage)")
        // Named, as an effect fired through the C library finds it.
        let effect = try Sprite.Source.$namedImages.withValue(["badge": added]) {
            try EffectFile.decode(Data(json.utf8), file: "the effect's JSON text")
        }
        let named = effect.confetti.sprites.first?.image
        let sameNamed = named == fromFile
        #expect(sameNamed, "the named picture is \(named?.width ?? 0)×\(named?.height ?? 0)")
        // An app's own picture, full size, handed to a Sprite.
        let full = SpriteImage(width: 1024, height: 1024, pixels: Self.premultiplied(Self.large), isMask: false)
        let sprite = try Sprite(.picture(full))
        let sameSprite = sprite.image == fromFile
        #expect(sameSprite, "a Sprite keeps \(sprite.image.width)×\(sprite.image.height)")
    }

    /// The largest picture accepted, 4096², is kept as 256 kB, not 64 MB; a larger one is
    /// refused by its sides alone, before a pixel is read.
    @Test func aHugePictureFromMemoryIsKeptSmallAndABiggerOneRefusedUnread() throws {
        let opaque = [UInt8](repeating: 255, count: 4096 * 4096 * 4)
        let kept = try PNGSprite.picture(straightRGBA: opaque, width: 4096, height: 4096, name: "the picture 'huge'")
        #expect(kept.width == 256 && kept.height == 256 && kept.pixels.count == 256 * 256 * 4)
        let opaqueKept = kept.pixels.allSatisfy { $0 == 255 }
        #expect(opaqueKept)
        // No pixels are given: the sides alone are refused.
        #expect {
            try PNGSprite.picture(straightRGBA: [], width: 8192, height: 8192, name: "the picture 'huger'")
        } throws: { error in
            (error as? SpriteError)?.description.contains("1 to 4096") == true
        }
    }

    /// Straight RGBA premultiplied as the readers do: round(c · a / 255).
    static func premultiplied(_ rgba: [UInt8]) -> [UInt8] {
        var out = rgba
        for i in stride(from: 0, to: out.count, by: 4) {
            let a = Int(out[i + 3])
            for c in i..<(i + 3) { out[c] = UInt8((Int(out[c]) * a + 127) / 255) }
        }
        return out
    }

    @Test func aPictureFromMemoryIsPremultipliedAndAnInvisibleOneRefused() throws {
        let half = try PNGSprite.picture(straightRGBA: [200, 100, 50, 128], width: 1, height: 1, name: "half")
        #expect(half.pixels == [100, 50, 25, 128] && !half.isMask)
        #expect(throws: SpriteError.self) { try PNGSprite.picture(straightRGBA: [9, 9, 9, 0], width: 1, height: 1, name: "ghost") }
        #expect(throws: SpriteError.self) { try PNGSprite.picture(straightRGBA: [], width: 0, height: 1, name: "empty") }
    }
}
