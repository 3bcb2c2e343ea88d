import ConfettiApp
import ConfettiGL
import Testing

/// A transparent frame as clips carry it (`StraightAlpha`): exact un-premultiplying, and light
/// whose colour exceeds its alpha carried with the alpha of its brightest channel, so that the
/// clip laid over black is the light drawn.
@Suite struct StraightAlphaTests {
    static func clip(_ pixels: [UInt8]) -> [UInt8] {
        StraightAlpha.clip(RGBAImage(width: pixels.count / 4, height: 1, pixels: pixels)).pixels
    }

    /// Straight colour `s` with alpha `a` laid over `background`, rounded: what an editor shows.
    static func over(_ s: ArraySlice<UInt8>, _ background: [Int]) -> [Int] {
        let a = Double(s[s.startIndex + 3]) / 255
        return (0..<3).map { Int((Double(s[s.startIndex + $0]) * a + Double(background[$0]) * (1 - a)).rounded()) }
    }

    @Test func nothingAndOpaqueStayAsTheyAre() {
        #expect(Self.clip([0, 0, 0, 0, 12, 200, 99, 255]) == [0, 0, 0, 0, 12, 200, 99, 255])
    }

    @Test func paperIsUnpremultipliedExactly() {
        // Half covered white: 128/128 is 255, not ffmpeg's alpha of 129.
        #expect(Self.clip([128, 128, 128, 128]) == [255, 255, 255, 128])
        // Every premultiplied colour c ≤ a comes back over any background to within a level of
        // the premultiplied "over", c + (1 − a)·B.
        var worst = 0
        for a in stride(from: 1, through: 255, by: 3) {
            for c in stride(from: 0, through: a, by: 2) {
                let straight = Self.clip([UInt8(c), UInt8(c / 2), 0, UInt8(a)])
                #expect(straight[3] == UInt8(a), "paper keeps its alpha")
                for background in [0, 90, 255] {
                    let premultiplied = [c, c / 2, 0].map { Int((Double($0) + Double(background) * (1 - Double(a) / 255)).rounded()) }
                    let laid = Self.over(straight[...], [background, background, background])
                    worst = max(worst, zip(laid, premultiplied).map { abs($0 - $1) }.max()!)
                }
            }
        }
        #expect(worst <= 1, "off by \(worst) levels")
    }

    @Test func lightKeepsItsBrightestChannelAsAlphaSoOverBlackItIsTheLightDrawn() {
        // A red star's glow keeping only part of its alpha: colour 200, 40, 20 at alpha 100.
        let straight = Self.clip([200, 40, 20, 100])
        #expect(straight[3] == 200, "alpha is raised to the brightest channel")
        #expect(straight[0] == 255 && straight[1] == 51 && straight[2] == 26)
        #expect(Self.over(straight[...], [0, 0, 0]) == [200, 40, 20], "over black: exactly the light drawn")
        // Light with no alpha at all (added light) still shows.
        #expect(Self.clip([0, 90, 30, 0]) == [0, 255, 85, 90])
        // Over white it stays red instead of washing out to white.
        let overWhite = Self.over(straight[...], [255, 255, 255])
        #expect(overWhite[0] == 255 && overWhite[1] < 120 && overWhite[2] < 120, "\(overWhite)")
    }
}
