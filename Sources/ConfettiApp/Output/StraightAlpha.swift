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
    /// where A′ is 0 the pixel is (0, 0, 0, 0).
    package static func clip(_ image: RGBAImage) -> RGBAImage {
        var pixels = image.pixels
        pixels.withUnsafeMutableBufferPointer { p in
            var i = 0
            while i < p.count {
                let r = UInt32(p[i]), g = UInt32(p[i + 1]), b = UInt32(p[i + 2])
                let alpha = max(UInt32(p[i + 3]), r, g, b)
                if alpha == 0 {
                    i += 4
                    continue
                }
                // round(255·c / a) in integers: c ≤ a, so it is at most 255.
                let half = alpha / 2
                p[i] = UInt8((r * 255 + half) / alpha)
                p[i + 1] = UInt8((g * 255 + half) / alpha)
                p[i + 2] = UInt8((b * 255 + half) / alpha)
                p[i + 3] = UInt8(alpha)
                i += 4
            }
        }
        return RGBAImage(width: image.width, height: image.height, pixels: pixels)
    }
}
