/// Colour over a piece's life: 2 to 4 stops at fractions of the lifetime, linear between them and
/// held before the first and after the last. It replaces the piece's own colour, or multiplies
/// it (a tint that keeps the pieces' variety). No stops: the piece's colour (docs/effects.md,
/// Colour and size over life).
public struct ColorRamp: Hashable, Sendable {
    public struct Stop: Hashable, Sendable {
        public var color: RGB
        /// Fraction of the lifetime, 0…1.
        public var at: Double

        public init(_ color: RGB, at: Double) {
            self.color = color
            self.at = at
        }
    }

    public enum Mode: String, CaseIterable, Hashable, Sendable {
        /// The ramp's colour is the piece's colour.
        case replace
        /// The piece's colour times the ramp's, channel by channel.
        case multiply
    }

    /// None, or 2…`maxStops` with strictly increasing fractions.
    public var stops: [Stop]
    public var mode: Mode

    /// The shader's room for stops (`uRamp` in Shaders/life.glsl).
    public static let maxStops = 4

    public init(stops: [Stop], mode: Mode = .replace) {
        self.stops = stops
        self.mode = mode
    }

    /// No ramp: each piece keeps its colour.
    public static let none = ColorRamp(stops: [])

    /// The stops as the shader reads them: `maxStops` of them, straight rgb and fraction. Without a
    /// ramp, white at 0, 1, 2, 3 in multiply mode (the piece's colour × 1, exactly); the stops a
    /// ramp leaves unused repeat its last colour one more lifetime apart, past every age drawn.
    package var shaderStops: [(rgb: SIMD3<Double>, at: Double)] {
        var result = stops.map { (SIMD3($0.color.r, $0.color.g, $0.color.b), $0.at) }
        if result.isEmpty { result = [(SIMD3(1, 1, 1), 0)] }
        while result.count < Self.maxStops {
            result.append((result.last!.0, result.last!.1 + 1))
        }
        return result
    }

    /// 1 when the ramp replaces the piece's colour, 0 when it multiplies it (and without stops).
    package var replaces: Double { mode == .replace && !stops.isEmpty ? 1 : 0 }

    /// The straight colour of a piece of colour `piece` at `u` = age/lifetime, as the shader
    /// computes it: the ramp walked stop by stop, then mixed with the piece's colour. `scale` is
    /// the float32 error scale of each channel beyond the 8-bit colour's conversion (0 without
    /// stops: the piece's colour passes through exactly).
    package func color(piece: SIMD3<Double>, at u: Double) -> (rgb: SIMD3<Double>, scale: Double) {
        guard !stops.isEmpty else { return (piece, 0) }
        let s = shaderStops
        var ramp = s[0].rgb
        var scale = 1.0
        for i in 1..<s.count {
            let width = s[i].at - s[i - 1].at
            let f = min(max((u - s[i - 1].at) / width, 0), 1)
            let step = s[i].rgb - ramp
            ramp += f * step
            // The fraction's error is that of its numerator over the segment's width.
            scale += 2 + (abs(u) + abs(s[i - 1].at) + abs(s[i].at)) / width * max(abs(step.x), abs(step.y), abs(step.z))
        }
        let base = piece + (SIMD3(1, 1, 1) - piece) * replaces
        return (base * ramp, scale + 2)
    }
}
