/// The per-particle record the GPU reads: one confetti piece, 60 bytes.
///
/// Written once when its burst is spawned and never touched again; the vertex shader
/// (`Shaders/confetti.vert.glsl`) evaluates the motion from it and the time uniform.
///
/// Memory layout (the single description; `attributes` below is derived from it):
///
/// | bytes | fields                                               | shader input           |
/// |-------|------------------------------------------------------|------------------------|
/// | 0-15  | x0, y0, vx, vy                          (float32 ×4) | `aMotion`  location 0  |
/// | 16-31 | flutterAmplitude, flutterFrequency,                  | `aSway`    location 1  |
/// |       | flutterPhase, spread                    (float32 ×4) |                        |
/// | 32-47 | rotation0, spin, flipFrequency, flipPhase (f32 ×4)   | `aTumble`  location 2  |
/// | 48-51 | birth                                   (float32)    | `aBirth`   location 3  |
/// | 52-55 | width, height, shape, unused            (uint8 ×4)   | `aShape`   location 4  |
/// | 56-59 | r, g, b, a                              (unorm8 ×4)  | `aColor`   location 5  |
///
/// `birth` is seconds after the burst's epoch (see `InstanceRing`); `spread` carries its sign
/// (the side the piece was thrown to); sizes are whole points, 1...255.
public struct ConfettiInstance: Hashable, Sendable {
    public var x0: Float
    public var y0: Float
    public var vx: Float
    public var vy: Float
    public var flutterAmplitude: Float
    public var flutterFrequency: Float
    public var flutterPhase: Float
    public var spread: Float
    public var rotation0: Float
    public var spin: Float
    public var flipFrequency: Float
    public var flipPhase: Float
    public var birth: Float
    public var width: UInt8
    public var height: UInt8
    public var shape: UInt8
    public var unused: UInt8 = 0
    public var r: UInt8
    public var g: UInt8
    public var b: UInt8
    public var a: UInt8

    public init(_ p: ConfettiParticle, birth: Double = 0) {
        x0 = Float(p.initialPosition.x)
        y0 = Float(p.initialPosition.y)
        vx = Float(p.initialVelocity.x)
        vy = Float(p.initialVelocity.y)
        self.birth = Float(birth)
        rotation0 = Float(p.initialRotation)
        spin = Float(p.rotationSpeed)
        spread = Float(p.spreadDirection * p.spreadStrength)
        flutterAmplitude = Float(p.flutterAmplitude)
        flutterFrequency = Float(p.flutterFrequency)
        flutterPhase = Float(p.flutterPhase)
        flipFrequency = Float(p.flipFrequency)
        flipPhase = Float(p.flipPhase)
        width = UInt8(clamping: Int(p.size.width.rounded()))
        height = UInt8(clamping: Int(p.size.height.rounded()))
        shape = p.shape.rawValue
        (r, g, b, a) = p.color.rgba8
    }

    /// How the shader reads the record: one entry per vertex attribute.
    public static let attributes: [VertexAttribute] = [
        VertexAttribute(name: "aMotion", location: 0, offset: offset(\.x0), components: 4, format: .float32),
        VertexAttribute(name: "aSway", location: 1, offset: offset(\.flutterAmplitude), components: 4, format: .float32),
        VertexAttribute(name: "aTumble", location: 2, offset: offset(\.rotation0), components: 4, format: .float32),
        VertexAttribute(name: "aBirth", location: 3, offset: offset(\.birth), components: 1, format: .float32),
        VertexAttribute(name: "aShape", location: 4, offset: offset(\.width), components: 4, format: .uint8),
        VertexAttribute(name: "aColor", location: 5, offset: offset(\.r), components: 4, format: .unorm8),
    ]

    private static func offset(_ key: PartialKeyPath<ConfettiInstance>) -> Int {
        MemoryLayout<ConfettiInstance>.offset(of: key)!
    }
}

/// One vertex attribute inside a per-instance record.
public struct VertexAttribute: Hashable, Sendable {
    public enum Format: Sendable {
        /// 32-bit floats, read as floats.
        case float32
        /// Unsigned bytes, read as whole-number floats (0...255).
        case uint8
        /// Unsigned bytes, read as floats in [0, 1].
        case unorm8

        public var bytes: Int { self == .float32 ? 4 : 1 }
    }

    public var name: String
    public var location: Int
    public var offset: Int
    public var components: Int
    public var format: Format

    public var byteCount: Int { components * format.bytes }
}
