/// A size in points (one point is one framebuffer pixel divided by the content scale).
public struct Size: Hashable, Sendable, CustomStringConvertible {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public var description: String { "\(width.compactText)x\(height.compactText)" }
}

public typealias Point = SIMD2<Double>

/// A colour with straight (not premultiplied) components in [0, 1].
public struct RGB: Hashable, Sendable {
    public var r: Double
    public var g: Double
    public var b: Double

    public init(_ r: Double, _ g: Double, _ b: Double) {
        self.r = r
        self.g = g
        self.b = b
    }

    /// `0xRRGGBB`.
    public init(hex: UInt32) {
        self.init(Double((hex >> 16) & 0xFF) / 255, Double((hex >> 8) & 0xFF) / 255, Double(hex & 0xFF) / 255)
    }

    /// The colour as the GPU stores it: 8 bits a channel, rounded to nearest.
    package var rgba8: (UInt8, UInt8, UInt8, UInt8) {
        func byte(_ v: Double) -> UInt8 { UInt8((min(max(v, 0), 1) * 255).rounded()) }
        return (byte(r), byte(g), byte(b), 255)
    }
}

extension Double {
    /// `12` rather than `12.0`: how every message and report writes a number.
    package var compactText: String {
        self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self)
    }
}
