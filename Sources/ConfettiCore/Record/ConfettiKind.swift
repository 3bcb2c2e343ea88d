/// The per-particle record the GPU reads: one confetti piece, 60 bytes.
///
/// Written once when its burst is spawned and never touched again; the vertex shader
/// (`Shaders/confetti.vert.glsl`) evaluates the motion from it and the time uniform.
///
/// Memory layout (the single description; `ConfettiKind.attributes` is derived from the fields):
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

    public init(_ p: ConfettiParticle) {
        x0 = Float(p.initialPosition.x)
        y0 = Float(p.initialPosition.y)
        vx = Float(p.initialVelocity.x)
        vy = Float(p.initialVelocity.y)
        birth = Float(p.birth)
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

}

/// Confetti pieces: paper rectangles and ellipses under gravity, drag, flutter, spread, spin
/// and a 3D flip, fading before they die (docs/effects.md, Confetti).
public enum ConfettiKind: ParticleKind {
    public typealias Particle = ConfettiParticle
    public typealias Record = ConfettiInstance
    public typealias Uniforms = ConfettiPhysics
    public typealias Sample = ConfettiSample

    public static let name = "confetti"
    public static let vertexShader = "confetti.vert.glsl"
    public static let fragmentShader = "particle.frag.glsl"

    public static let defaultUniforms = ConfettiPhysics.standard

    public static let attributes = VertexAttribute.table(of: ConfettiInstance.self, [
        ("aMotion", \.x0, 4, .float32),
        ("aSway", \.flutterAmplitude, 4, .float32),
        ("aTumble", \.rotation0, 4, .float32),
        ("aBirth", \.birth, 1, .float32),
        ("aShape", \.width, 4, .uint8),
        ("aColor", \.r, 4, .unorm8),
    ])

    public static func record(_ particle: ConfettiParticle) -> ConfettiInstance { ConfettiInstance(particle) }
    public static func birth(of particle: ConfettiParticle) -> Double { particle.birth }
    public static func lifetime(of _: ConfettiParticle, uniforms: ConfettiPhysics) -> Double { uniforms.lifetime }
    public static func layer(of _: ConfettiParticle) -> Layer { .overButton }

    public static func evaluate(_ particle: ConfettiParticle, at age: Double, uniforms: ConfettiPhysics) -> ConfettiSample {
        uniforms.evaluate(particle, at: age)
    }

    public static func drawn(_ p: ConfettiParticle, _ s: ConfettiSample) -> DrawnQuad {
        let height = Double(ConfettiInstance(p).height)
        var quad = DrawnQuad(
            alive: s.alive, centre: Point(s.x, s.y), angle: s.rotation,
            halfSize: SIMD2(s.apparentWidth, height * s.size) / 2,
            shape: p.shape == .circle ? .ellipse : .rectangle,
            color: SIMD4(SIMD3(s.red, s.green, s.blue) * s.opacity, s.opacity)
        )
        let e = Float32Error.k * Float32Error.eps
        quad.centreError = e * (s.scales.x + s.scales.y)
        quad.angleError = e * s.scales.rotation
        quad.halfSizeError = e * max(s.scales.apparentWidth, height * s.scales.size) / 2
        quad.colorError = e * (s.scales.opacity + s.scales.color)
        return quad
    }

    /// Every quad a piece's record draws at its age `t`, in instance order: its trail's ghosts,
    /// oldest first, then the piece (the renderer's order, so blending matches).
    public static func drawnInstances(_ p: ConfettiParticle, at t: Double, uniforms: ConfettiPhysics) -> [DrawnQuad] {
        stride(from: uniforms.trail.ghosts, through: 0, by: -1).map { k in
            drawn(p, uniforms.evaluate(p, at: t - Double(k) * uniforms.trail.spacing, ghost: k))
        }
    }

    public static func ghosts(_ uniforms: ConfettiPhysics) -> Int { uniforms.trail.ghosts }
    public static func ghostSpacing(_ uniforms: ConfettiPhysics) -> Double { uniforms.trail.spacing }
    public static func evaluate(_ particle: ConfettiParticle, at age: Double, ghost k: Int, uniforms: ConfettiPhysics) -> ConfettiSample {
        uniforms.evaluate(particle, at: age, ghost: k)
    }

    public static let feedbackVaryings = ["vPose", "vLife", "vTint"]
    public static let feedbackFloats = 10

    public static func sample(fromFeedback v: ArraySlice<Float>, age: Double) -> ConfettiSample {
        let v = Array(v.map(Double.init))
        var sample = ConfettiSample(t: age, alive: v[5] > 0.5, x: v[0], y: v[1], rotation: v[2], apparentWidth: v[3], opacity: v[4])
        (sample.red, sample.green, sample.blue, sample.size) = (v[6], v[7], v[8], v[9])
        return sample
    }

    public static func traceParams(_ p: ConfettiParticle, uniforms _: ConfettiPhysics) -> ConfettiTraceParams {
        ConfettiTraceParams(p)
    }

    public static func traceConstants(_ physics: ConfettiPhysics) -> [String: Double] {
        ["gravity": physics.gravity, "drag": physics.drag, "lifetime": physics.lifetime, "fadeOutDuration": physics.fadeOutDuration]
    }
}

extension ConfettiPhysics: ShaderUniforms {
    /// `uPhysics`: gravity, drag, lifetime, fade-out; then wind, trail and life (`uniforms(wind:…)`).
    public var uniforms: [ShaderUniform] {
        [ShaderUniform("uPhysics", .vec4(SIMD4(Float(gravity), Float(drag), Float(lifetime), Float(fadeOutDuration))))]
            + motionUniforms
    }
}

/// A piece's spawn constants as the trace prints them (docs/effects.md, Trace output).
public struct ConfettiTraceParams: Encodable, Sendable {
    var initialPosition: [Double]
    var initialVelocity: [Double]
    var initialRotation, rotationSpeed: Double
    var flutterAmplitude, flutterFrequency, flutterPhase: Double
    var flipFrequency, flipPhase, spreadStrength: Double
    var size: [Double]
    var color: [Double]

    init(_ p: ConfettiParticle) {
        initialPosition = [p.initialPosition.x, p.initialPosition.y]
        initialVelocity = [p.initialVelocity.x, p.initialVelocity.y]
        initialRotation = p.initialRotation
        rotationSpeed = p.rotationSpeed
        flutterAmplitude = p.flutterAmplitude
        flutterFrequency = p.flutterFrequency
        flutterPhase = p.flutterPhase
        flipFrequency = p.flipFrequency
        flipPhase = p.flipPhase
        spreadStrength = p.spreadStrength
        size = [p.size.width, p.size.height]
        color = [p.color.r, p.color.g, p.color.b]
    }
}
