import FoundationEssentials
import Glibc

/// The travelling wave that bends every ribbon of a batch: the strip's centreline is offset
/// sideways by amplitude · sin(wavenumber · s − angularSpeed · t + φ) at distance s along its
/// length (pt, from its centre), with φ the piece's flutter phase. A closed form in the shader
/// (`Shaders/paper.glsl` hands the phase to `Shaders/shapes.glsl`), so rewinding stays exact.
public struct RibbonWave: Hashable, Sendable {
    /// Sideways offset of the crests, pt.
    public var amplitude: Double
    /// Length of one wave along the strip, pt.
    public var wavelength: Double
    /// How fast the phase turns, rad/s: the crests travel along +s at angularSpeed / wavenumber pt/s.
    public var angularSpeed: Double

    public init(amplitude: Double, wavelength: Double, angularSpeed: Double) {
        self.amplitude = amplitude
        self.wavelength = wavelength
        self.angularSpeed = angularSpeed
    }

    /// Gentle waves a few points high, about two per streamer of the ribbon preset.
    public static let standard = RibbonWave(amplitude: 2.5, wavelength: 20, angularSpeed: 9)

    /// rad/pt.
    package var wavenumber: Double { 2 * .pi / wavelength }
}
