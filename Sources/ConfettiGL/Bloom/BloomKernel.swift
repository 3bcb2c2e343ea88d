import ConfettiCore
import FoundationEssentials
import Glibc

/// The blur of `BloomPass`: one side of a normalised Gaussian, tap 0 the centre, at half the
/// framebuffer's resolution. The shader and the CPU reference (ConfettiProof) take these very
/// floats, so they blur with the same weights.
package enum BloomKernel {
    /// Taps each side of the centre the blur shader holds (`uWeights[maxTaps + 1]`).
    package static let maxTaps = 64

    /// The weights for a glow reaching `radius` points at `pixelsPerPoint`: the Gaussian's
    /// standard deviation is a third of the radius, measured in half-resolution pixels, and it
    /// is cut at the radius (at most `maxTaps` pixels), so a glow spans the same points at any
    /// content scale. `w[0] + 2 (w[1] + … + w[n]) = 1`, so a flat area keeps its level.
    package static func weights(radius: Double, pixelsPerPoint: Double) -> [Float] {
        let reach = radius * pixelsPerPoint / 2  // half-resolution pixels
        let taps = min(maxTaps, max(1, Int(reach.rounded(.up))))
        let sigma = max(reach / 3, 1e-3)
        let raw = (0...taps).map { k in exp(-Double(k * k) / (2 * sigma * sigma)) }
        let total = raw[0] + 2 * raw.dropFirst().reduce(0, +)
        return raw.map { Float($0 / total) }
    }
}
