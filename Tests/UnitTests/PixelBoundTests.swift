import ConfettiCore
import ConfettiProof
import Testing
import TestSupport

/// The pixel proof's bound follows the geometry's float error: an edge may be off by what the
/// vertex shader's proven error moves it, which is nothing for ordinary pieces (the bound stays
/// the blending's own) and several levels at the tip of a long piece spinning fast.
@Suite(.tags(.math)) struct PixelBoundTests {
    static func slack(_ effect: Effect, scale: Double) -> (largest: Int, pixels: Int) {
        let viewport = Verification.pixelViewport
        var rng = SeededGenerator(seed: 7, stream: 0)
        let batches = effect.launch(around: Rect.button(centredIn: viewport), in: viewport, using: &rng).batches
        let end = batches.map(\.duration).max() ?? 0
        var largest = 0, pixels = 0
        for share in [0.2371, 0.5113, 0.7659] {
            let image = PixelProof.reference(batches, at: share * end, viewport: viewport, pixelsPerPoint: scale, background: RGB(0, 0, 0))
            largest = max(largest, Int(image.slack.max() ?? 0))
            pixels += image.slack.filter { $0 > 0 }.count
        }
        return (largest, pixels)
    }

    @Test func everyPresetIsHeldToTheBlendingsBoundAlone() {
        for preset in Effect.presets {
            for scale in [1.0, 2.0] {
                let s = Self.slack(preset.effect, scale: scale)
                #expect(s.largest == 0, "\(preset.name) at scale \(scale): \(s.pixels) pixels allowed up to \(s.largest) levels more")
            }
        }
    }

    @Test func aLongPieceSpinningFastIsAllowedWhatItsAngleErrorMoves() throws {
        var effect = Effect.confetti
        effect.confetti.rotationSpeed = 36_000...36_000
        effect.confetti.sizes = [Size(width: 1, height: 255), Size(width: 255, height: 1)]
        let s = Self.slack(effect, scale: 2)
        #expect(s.largest >= 2 && s.largest <= 64, "\(s)")
    }
}
