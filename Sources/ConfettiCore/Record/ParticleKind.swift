/// One family of particles on its way from spawn to pixels: the spawn constants, the record the
/// GPU reads, the per-batch uniforms, the shader pair that draws it and the CPU evaluator that
/// proves the shader.
///
/// Everything else is generic: one ring renderer, one transform-feedback probe, one trace
/// document and one parity harness serve every conformance, and the shared shader features it
/// names (`features`) pack their own uniforms. A new particle kind is four new files and a line,
/// about 440 lines for one as small as sparks: its record and this conformance, its particle and
/// CPU evaluator, its vertex shader, its `FeedbackSampling` (in ConfettiProof), and a line in
/// `ParticleKinds.all`; its proof comes with them. Some preset must launch it
/// (`ParticleKindsTests`), so unless an effect kind already spawns it, a new effect kind too: six
/// more files and about 120 lines for one like the fountain. Its ring lowers `Budget.maxCapacity`
/// (so the tests and docs that quote that figure change), its section's public types need rows in
/// docs/api.md, and the generated docs tables are rewritten (`CONFETTI_UPDATE_DOCS=1`): all
/// counted in docs/architecture.md, Particle kinds.
package protocol ParticleKind {
    /// The spawn constants of one particle (Double precision, never changed after spawn).
    associatedtype Particle: Sendable
    /// What the GPU reads per particle. Its layout is described once, by `attributes`.
    associatedtype Record: Sendable
    /// What every particle of one batch shares, set as uniforms once per draw: the kind's own
    /// (`Uniforms.uniforms`) and its features' (`features`).
    associatedtype Uniforms: ShaderUniforms
    /// One particle at one age, as the CPU evaluator and the vertex shader compute it.
    associatedtype Sample: ParticleSample
    /// The spawn constants as the trace prints them (`params`), and the batch's (`constants`).
    associatedtype TraceParams: Encodable
    associatedtype TraceConstants: Encodable

    /// Names one particle of the kind in messages ("star").
    static var name: String { get }
    /// Names the kind's ring and its document in a trace ("stars").
    static var plural: String { get }
    /// What a count of its particles is of, in messages ("confetti pieces").
    static var noun: String { get }
    /// File names in `Shaders/`.
    static var vertexShader: String { get }
    static var fragmentShader: String { get }

    /// Uniforms of a typical batch: their names and types are the kind's uniform interface.
    static var defaultUniforms: Uniforms { get }

    /// How the vertex shader reads a record: one entry per vertex attribute, offsets taken
    /// from the record type itself.
    static var attributes: [VertexAttribute] { get }
    /// A batch's uniforms completed for its particles: whatever the records' encoding needs
    /// (confetti: its quantisation grids). Called once per batch, before `record`.
    static func fitted(_ uniforms: Uniforms, to particles: [Particle]) -> Uniforms
    static func record(_ particle: Particle, uniforms: Uniforms) -> Record
    /// The particle its record stands for, as the shader reads it: what the CPU reference must
    /// evaluate wherever it is compared with the GPU.
    static func stored(_ particle: Particle, uniforms: Uniforms) -> Particle

    /// Seconds after its launch (the epoch of its span) when the particle appears, and how long it lives.
    /// It is drawn for ages in [0, lifetime).
    static func birth(of particle: Particle) -> Double
    static func lifetime(of particle: Particle, uniforms: Uniforms) -> Double
    /// Which side of the button it is drawn on: which pass draws it (sparks behind the button
    /// are drawn before it).
    static func side(of particle: Particle) -> ButtonSide
    /// The particle spawned `offset` (pt) away: its position constants moved, everything else as
    /// it was. Every term of its motion is relative to where it starts (no floor, no wind by
    /// height, nothing about the viewport's centre), so it is then drawn `offset` away at every age.
    static func moved(_ particle: Particle, by offset: SIMD2<Double>) -> Particle

    /// The CPU reference for the vertex shader, in Double, at the particle's own age.
    static func evaluate(_ particle: Particle, at age: Double, uniforms: Uniforms) -> Sample
    /// What the shaders draw for it at that sample, on a framebuffer of `pixelsPerPoint`:
    /// centre, angle, shape and colour, with the float32 error of each derived from the
    /// sample's (see `DrawnQuad`), and for a sprite the mip level that scale reads.
    static func drawn(_ particle: Particle, _ sample: Sample, pixelsPerPoint: Double) -> DrawnQuad

    static func traceParams(_ particle: Particle, uniforms: Uniforms) -> TraceParams
    static func traceConstants(_ uniforms: Uniforms) -> TraceConstants

    /// The shared shader features its vertex shader includes besides sprites, which every kind
    /// has (`ShaderFeatures.all`), with a batch's values: each packs its own uniforms, and a
    /// `Trail` among them gives the kind its ghosts.
    static func features(_ uniforms: Uniforms) -> [any ShaderFeature]

    /// Ghost `k` at its own (lagged) age: the sample the shader computes for that instance.
    static func evaluate(_ particle: Particle, at age: Double, ghost k: Int, uniforms: Uniforms) -> Sample

    /// The fragment shader's shapes the particle needs (`DrawnQuad.Shape.bit`). The renderer
    /// compiles `particle.frag.glsl` once per set of shapes its spans hold, since llvmpipe pays
    /// for every branch a fragment shader has, taken or not.
    static func shapes(of particle: Particle, uniforms: Uniforms) -> DrawnQuad.ShapeSet
}

extension ParticleKind {
    /// At one pixel per point.
    package static func drawn(_ particle: Particle, _ sample: Sample) -> DrawnQuad {
        drawn(particle, sample, pixelsPerPoint: 1)
    }

    /// Any shape, unless the kind says.
    package static func shapes(of _: Particle, uniforms _: Uniforms) -> DrawnQuad.ShapeSet { DrawnQuad.allShapes }

    /// Kinds without shared features.
    package static func features(_: Uniforms) -> [any ShaderFeature] { [] }

    /// Every uniform a span of the kind sets besides the frame's: its own, its features', and
    /// its sprites'.
    package static func uniformValues(_ uniforms: Uniforms, sprites: SpriteTable) -> [ShaderUniform] {
        uniforms.uniforms + features(uniforms).flatMap(\.uniforms) + sprites.uniforms
    }

    /// Its trail, when it names one among its features.
    package static func trail(_ uniforms: Uniforms) -> Trail? {
        features(uniforms).lazy.compactMap { $0 as? Trail }.first
    }

    /// Trail ghosts each record draws besides its particle (0: none, and for a kind without a
    /// trail). A record is drawn as `ghosts + 1` instances; instance j of a record is ghost
    /// `ghosts − j`, so the particle itself (ghost 0) comes last, over its trail.
    package static func ghosts(_ uniforms: Uniforms) -> Int { trail(uniforms)?.ghosts ?? 0 }
    /// Seconds between ghosts: ghost k shows the particle at its age − k·spacing.
    package static func ghostSpacing(_ uniforms: Uniforms) -> Double { trail(uniforms)?.spacing ?? 0 }

    /// Kinds without trails: the particle itself.
    package static func evaluate(_ particle: Particle, at age: Double, ghost _: Int, uniforms: Uniforms) -> Sample {
        evaluate(particle, at: age, uniforms: uniforms)
    }

    /// Bytes of one record in the GPU ring.
    package static var recordBytes: Int { MemoryLayout<Record>.stride }

    /// Seconds a record keeps drawing after its particle dies: its last ghost's lag.
    package static func trailDuration(_ uniforms: Uniforms) -> Double { Double(ghosts(uniforms)) * ghostSpacing(uniforms) }
}

extension ParticleKind {
    /// Kinds whose records hold their particles exactly need no fitting.
    package static func fitted(_ uniforms: Uniforms, to _: [Particle]) -> Uniforms { uniforms }
    package static func stored(_ particle: Particle, uniforms _: Uniforms) -> Particle { particle }
}

/// The two sides of the Celebrate button a particle is drawn on, one pass each: behind it, then
/// over it. (A depth layer is something else: `ConfettiDepth`.)
public enum ButtonSide: Int, CaseIterable, Sendable, Comparable {
    case behindButton = 0
    case overButton = 1

    public static func < (a: ButtonSide, b: ButtonSide) -> Bool { a.rawValue < b.rawValue }
}

/// A sample of any kind: whether it is drawn, and the values the shader computes with the
/// float32 error scale of each, so that one parity harness can check every kind.
package protocol ParticleSample: Sendable, Encodable {
    /// The particle's own age, in seconds.
    var t: Double { get set }
    var alive: Bool { get }
    /// The particle's position (pt): the gallery counts the particles it finds on screen.
    var x: Double { get }
    var y: Double { get }
    var fields: [SampleField] { get }
}

/// The float32 error model every proof uses: unit roundoff ε = 2⁻²⁴, and K = 16 roundings
/// worth per term (at most about eight, with a factor of two for the driver's exp, sin, cos).
package enum Float32Error {
    package static let k = 16.0
    package static let eps = 0x1p-24

    /// How far the GPU's value of `field` may be from the CPU's.
    package static func tolerance(_ field: SampleField) -> Double {
        k * eps * field.scale + field.allowance
    }
}

/// One computed value and how far float32 may honestly move it.
///
/// The vertex shader evaluates the same formula as the CPU in float32 (unit roundoff ε = 2⁻²⁴)
/// from parameters rounded to float32. Each term then carries an error of a few ε relative to
/// its own size, and a trigonometric term a few ε relative to its argument, so the error is
/// bounded by K·ε·`scale`, where `scale` is the sum of the magnitudes of the formula's terms and
/// arguments (the evaluator adds them up as it goes), plus `allowance`: an absolute budget for
/// what is not a rounding of the formula (a driver's atan, an iterative solver's bound).
package struct SampleField: Sendable {
    package var name: String
    package var value: Double
    package var scale: Double
    package var allowance: Double
    /// Degrees that wrap: compared modulo 360.
    package var isAngle: Bool

    package init(_ name: String, _ value: Double, scale: Double, allowance: Double = 0, isAngle: Bool = false) {
        self.name = name
        self.value = value
        self.scale = scale
        self.allowance = allowance
        self.isAngle = isAngle
    }
}

/// One vertex attribute inside a per-instance record.
package struct VertexAttribute: Hashable, Sendable {
    package enum Format: Sendable {
        /// 32-bit floats, read as floats.
        case float32
        /// Unsigned bytes, read as whole-number floats (0...255).
        case uint8
        /// Unsigned bytes, read as floats in [0, 1].
        case unorm8
        /// Signed 16-bit integers, read as whole-number floats (−32,768...32,767).
        case int16

        package var bytes: Int {
            switch self {
            case .float32: 4
            case .int16: 2
            case .uint8, .unorm8: 1
            }
        }
    }

    package var name: String
    package var location: Int
    package var offset: Int
    package var components: Int
    package var format: Format

    package init(name: String, location: Int, offset: Int, components: Int, format: Format) {
        self.name = name
        self.location = location
        self.offset = offset
        self.components = components
        self.format = format
    }

    package var byteCount: Int { components * format.bytes }

    /// The table of a record type, locations in order: each entry names the first field it
    /// reads, so offsets follow the type's declaration and cannot drift from it.
    package static func table<Record>(
        of _: Record.Type, _ entries: [(name: String, first: PartialKeyPath<Record>, components: Int, format: Format)]
    ) -> [VertexAttribute] {
        entries.enumerated().map { location, entry in
            VertexAttribute(
                name: entry.name, location: location, offset: MemoryLayout<Record>.offset(of: entry.first)!,
                components: entry.components, format: entry.format
            )
        }
    }
}

/// A GLSL uniform's value.
package enum UniformValue: Hashable, Sendable {
    case float(Float)
    case vec2(SIMD2<Float>)
    case vec4(SIMD4<Float>)
    /// `uniform vec4 name[count]`.
    case vec4Array([SIMD4<Float>])
    /// `uniform sampler2DArray name`: the texture unit it reads.
    case sampler(Int32)

    /// The GLSL type name, as a linked program reports it (an array by its element type).
    package var glslType: String {
        switch self {
        case .float: "float"
        case .vec2: "vec2"
        case .vec4, .vec4Array: "vec4"
        case .sampler: "sampler2DArray"
        }
    }
}

package struct ShaderUniform: Hashable, Sendable {
    package var name: String
    package var value: UniformValue

    package init(_ name: String, _ value: UniformValue) {
        self.name = name
        self.value = value
    }
}

/// Per-batch constants as the shader reads them: a typed value that lists its own uniforms
/// (its particle kind's features list theirs).
package protocol ShaderUniforms: Sendable, Equatable {
    var uniforms: [ShaderUniform] { get }
}

/// The uniforms every particle shader reads besides its kind's own.
package enum FrameUniforms {
    /// Seconds since the span's epoch, rebased on the CPU in double precision.
    package static func values(age: Float, viewport: Size, pixelsPerPoint: Double) -> [ShaderUniform] {
        [
            ShaderUniform("uTime", .float(age)),
            ShaderUniform("uViewport", .vec2(SIMD2(Float(viewport.width), Float(viewport.height)))),
            ShaderUniform("uPixelsPerPoint", .float(Float(pixelsPerPoint))),
        ]
    }
}
