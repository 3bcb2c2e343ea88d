import ConfettiGL

/// A transparent frame as clips carry it: straight (un-premultiplied) colour, which is what
/// editors, PNG and the video encoders expect, made exactly here (ffmpeg's `unpremultiply`
/// filter rounds alpha 128 to 129).
///
/// The renderer's frame over transparent black holds premultiplied colour C and alpha A. Paper
/// has C ≤ A. Light does not: a star keeps only part of its alpha so that overlapping light adds
/// up (docs/effects.md, Stars), and then C/A > 1, which straight colour cannot hold. So alpha is
/// raised to the light's largest channel, A′ = max(A, C_r, C_g, C_b), and the colour is C/A′:
/// - "over" black gives A′·(C/A′) = C, the added light exactly;
/// - over a background B it gives C + (1 − A′)·B instead of C + (1 − A)·B: the light covers
///   (A′ − A)·B more of what is beneath, so over bright footage a red star reads as red light,
///   not a grey wash; nothing changes where A′ = A (paper, pictures, empty pixels).
package enum StraightAlpha {
    /// `image`, premultiplied, as straight colour with alpha A′ (above), rounded to nearest;
    /// where A′ is 0 the pixel is (0, 0, 0, 0), and an opaque pixel is as it was.
    package static func clip(_ image: RGBAImage) -> RGBAImage {
        var pixels = image.pixels
        pixels.withUnsafeMutableBytes { bytes in
            // Most of a clip is nothing: a pixel of four zero bytes stays as it is, tested as one
            // word.
            let words = bytes.bindMemory(to: UInt32.self)
            for w in words.indices where words[w] != 0 {
                let i = w * 4
                let r = UInt32(bytes[i]), g = UInt32(bytes[i + 1]), b = UInt32(bytes[i + 2])
                let alpha = max(UInt32(bytes[i + 3]), max(r, max(g, b)))
                guard alpha != 255 || bytes[i + 3] != 255 else { continue }
                // round(255·c / a) in integers: c ≤ a, so it is at most 255.
                let half = alpha / 2
                bytes[i] = UInt8(truncatingIfNeeded: (r &* 255 &+ half) / alpha)
                bytes[i + 1] = UInt8(truncatingIfNeeded: (g &* 255 &+ half) / alpha)
                bytes[i + 2] = UInt8(truncatingIfNeeded: (b &* 255 &+ half) / alpha)
                bytes[i + 3] = UInt8(truncatingIfNeeded: alpha)
            }
        }
        return RGBAImage(width: image.width, height: image.height, pixels: pixels)
    }
}
