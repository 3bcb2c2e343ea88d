import ConfettiCore
import Foundation
import Testing

/// Pictures an app registers by name (the C library's confetti_add_image) are what an effect's
/// `image` names while they are bound, before any file of that path.
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

    @Test func aPictureFromMemoryIsPremultipliedAndAnInvisibleOneRefused() throws {
        let half = try PNGSprite.picture(straightRGBA: [200, 100, 50, 128], width: 1, height: 1, name: "half")
        #expect(half.pixels == [100, 50, 25, 128] && !half.isMask)
        #expect(throws: SpriteError.self) { try PNGSprite.picture(straightRGBA: [9, 9, 9, 0], width: 1, height: 1, name: "ghost") }
        #expect(throws: SpriteError.self) { try PNGSprite.picture(straightRGBA: [], width: 0, height: 1, name: "empty") }
    }
}
