/// The per-particle record the GPU reads: one confetti piece, 32 bytes.
///
/// Written once when its batch is spawned and never touched again; the vertex shader
/// (`Shaders/confetti.vert.glsl`) decodes it with its batch's quantisation grids
/// (`ConfettiQuantisation`, uniforms `uRecordStep`/`uRecordOrigin`) and evaluates the motion
/// from it and the time uniform.
///
/// Memory layout (the single description; `ConfettiKind.attributes` is derived from the fields):
///
/// | bytes | fields                                               | shader input              |
/// |-------|------------------------------------------------------|---------------------------|
/// | 0-7   | x0, y0, vx, vy                        (int16 ×4)     | `aMotionCode` location 0  |
/// | 8-15  | flutterAmplitude, flutterFrequency,                  | `aSwayCode`   location 1  |
/// |       | flutterPhase, spread                  (int16 ×4)     |                           |
/// | 16-23 | rotation0, spin, flipFrequency, flipPhase (int16 ×4) | `aTumbleCode` location 2  |
/// | 24-25 | birth                                 (int16)        | `aBirthCode`  location 3  |
/// | 26-28 | width, height, shape + 8 × back       (uint8 ×3)     | `aShape`      location 4  |
/// |       | (a sprite: shape 6 + 8 × its index)                  |                           |
/// | 29-31 | r, g, b                               (unorm8 ×3)    | `aColor`      location 5  |
///
/// Each int16 is a code n on its field's grid: the value is `origin + n × step` (units of the
/// field: pt, pt/s, pt/s², rad, rad/s, deg, deg/s, s), exact in float32. `birth` is seconds
/// after its launch, the epoch of its span (see `RingSpan`); `spread` carries its sign (the side the piece
/// was thrown to); sizes are whole points, 1...255; the low 3 bits of the shape byte are the
/// shape, the rest its back colour (`ConfettiParticle.backColor`, 0...31). A tumbling piece
/// keeps its axis in the flip fields (`ConfettiParticle.tumbleAzimuth`).
package struct ConfettiRecord: Hashable, Sendable {
    package var x0: Int16
    package var y0: Int16
    package var vx: Int16
    package var vy: Int16
    package var flutterAmplitude: Int16
    package var flutterFrequency: Int16
    package var flutterPhase: Int16
    package var spread: Int16
    package var rotation0: Int16
    package var spin: Int16
    package var flipFrequency: Int16
    package var flipPhase: Int16
    package var birth: Int16
    package var width: UInt8
    package var height: UInt8
    package var shape: UInt8
    package var r: UInt8
    package var g: UInt8
    package var b: UInt8

    /// The piece on its batch's grids. Every field must be covered (`ConfettiKind.fitted`).
    package init(_ p: ConfettiParticle, _ q: ConfettiQuantisation) {
        func code(_ field: ConfettiQuantisation.Field) -> Int16 {
            let value = field.value(of: p)
            guard let code = q[field].code(value) else {
                preconditionFailure("the \(field) of a confetti piece (\(value)) is outside its batch's quantisation grid; fit the grids to the batch first")
            }
            return code
        }
        x0 = code(.x0)
        y0 = code(.y0)
        vx = code(.vx)
        vy = code(.vy)
        flutterAmplitude = code(.flutterAmplitude)
        flutterFrequency = code(.flutterFrequency)
        flutterPhase = code(.flutterPhase)
        spread = code(.spread)
        rotation0 = code(.rotation0)
        spin = code(.spin)
        flipFrequency = code(.flipFrequency)
        flipPhase = code(.flipPhase)
        birth = code(.birth)
        width = Self.wholePoints(p.size.width)
        height = Self.wholePoints(p.size.height)
        precondition(p.backColor >= 0 && p.backColor < 32, "a back colour index fits the shape byte's 5 high bits")
        if let sprite = p.sprite {
            precondition(sprite.index >= 0 && sprite.index < SpriteTable.capacity, "a sprite index fits the shape byte's 5 high bits")
            shape = Self.spriteShape | UInt8(sprite.index) << 3
        } else {
            shape = p.shape.rawValue | UInt8(p.backColor) << 3
        }
        (r, g, b, _) = p.color.rgba8
    }

    /// A size as the record keeps it: whole points, 1...255. A side that rounds below 1 (a
    /// sprite whose picture is 64 times as long as it is thick, at 28 pt) is drawn 1 pt thick,
    /// by the shader and the CPU alike, rather than as nothing.
    package static func wholePoints(_ side: Double) -> UInt8 {
        UInt8(clamping: max(1, Int(side.rounded())))
    }

    /// The shape code that marks a sprite (past `ConfettiShape`'s): its index then takes the
    /// back colour's bits, since a sprite's back is its own mirror.
    static let spriteShape: UInt8 = 6

    /// The piece this record stands for: what the shader reads, in Double. The spread's side is that of the stored vx, so a spread
    /// whose vx rounded across zero has a negative strength.
    package func particle(_ q: ConfettiQuantisation) -> ConfettiParticle {
        func value(_ field: ConfettiQuantisation.Field, _ code: Int16) -> Double { q[field].value(code) }
        var p = ConfettiParticle(
            initialPosition: Point(value(.x0, x0), value(.y0, y0)),
            initialVelocity: SIMD2(value(.vx, vx), value(.vy, vy)),
            initialRotation: value(.rotation0, rotation0), rotationSpeed: value(.spin, spin),
            flutterAmplitude: value(.flutterAmplitude, flutterAmplitude), flutterFrequency: value(.flutterFrequency, flutterFrequency),
            flutterPhase: value(.flutterPhase, flutterPhase),
            flipFrequency: value(.flipFrequency, flipFrequency), flipPhase: value(.flipPhase, flipPhase),
            spreadStrength: 0,
            size: Size(width: Double(width), height: Double(height)),
            color: RGB(Double(r) / 255, Double(g) / 255, Double(b) / 255),
            shape: ConfettiShape(rawValue: shape & 7) ?? .rectangle
        )
        if shape & 7 == Self.spriteShape {
            // The record keeps only the index: the proportions are in the width and height.
            p.sprite = SpriteChoice(index: Int(shape >> 3), share: SIMD2(1, 1))
        } else {
            p.backColor = Int(shape >> 3)
        }
        p.spreadStrength = p.spreadDirection * value(.spread, spread)
        p.birth = value(.birth, birth)
        return p
    }
}

/// Confetti pieces: two-sided paper shapes (`ConfettiShape`) under gravity, drag, flutter, spread, spin
/// and a 3D flip, fading before they die (docs/effects.md, Confetti).
package enum ConfettiKind: ParticleKind {
    package typealias Particle = ConfettiParticle
    package typealias Record = ConfettiRecord
    package typealias Uniforms = ConfettiPhysics
    package typealias Sample = ConfettiSample

    package static let name = "confetti piece"
    package static let plural = "confetti"
    package static let noun = "confetti pieces"
    package static let vertexShader = "confetti.vert.glsl"
    package static let fragmentShader = "particle.frag.glsl"

    package static let defaultUniforms = ConfettiPhysics.standard

    package static let attributes = VertexAttribute.table(of: ConfettiRecord.self, [
        ("aMotionCode", \.x0, 4, .int16),
        ("aSwayCode", \.flutterAmplitude, 4, .int16),
        ("aTumbleCode", \.rotation0, 4, .int16),
        ("aBirthCode", \.birth, 1, .int16),
        ("aShape", \.width, 3, .uint8),
        ("aColor", \.r, 3, .unorm8),
    ])

    /// The batch's physics with grids fitted to its pieces, unless the grids already cover them
    /// (a batch's own grids, given again for a subset of it).
    package static func fitted(_ uniforms: ConfettiPhysics, to particles: [ConfettiParticle]) -> ConfettiPhysics {
        guard particles.contains(where: { !uniforms.quantisation.covers($0) }) else { return uniforms }
        var fitted = uniforms
        fitted.quantisation = ConfettiQuantisation(fitting: particles)
        return fitted
    }

    package static func record(_ particle: ConfettiParticle, uniforms: ConfettiPhysics) -> ConfettiRecord {
        ConfettiRecord(particle, uniforms.quantisation)
    }

    /// The piece its record decodes to: the CPU reference evaluates this, so it computes what
    /// the shader does, from the same values.
    package static func stored(_ particle: ConfettiParticle, uniforms: ConfettiPhysics) -> ConfettiParticle {
        var stored = ConfettiRecord(particle, uniforms.quantisation).particle(uniforms.quantisation)
        stored.sprite = particle.sprite
        return stored
    }
    package static func birth(of particle: ConfettiParticle) -> Double { particle.birth }
    package static func lifetime(of _: ConfettiParticle, uniforms: ConfettiPhysics) -> Double { uniforms.lifetime }
    package static func side(of _: ConfettiParticle) -> ButtonSide { .overButton }

    /// Its start moved: its path is the start plus terms of its age and birth alone.
    package static func moved(_ particle: ConfettiParticle, by offset: SIMD2<Double>) -> ConfettiParticle {
        var moved = particle
        moved.initialPosition += offset
        return moved
    }
    package static func shapes(of p: ConfettiParticle, uniforms: ConfettiPhysics) -> DrawnQuad.ShapeSet {
        (p.sprite == nil ? 1 << UInt32(p.shape.rawValue) : DrawnQuad.Shape.sprite.bit) | (uniforms.spinMode == .tumble ? DrawnQuad.parallelogram : 0)
            | (uniforms.shading == .none ? 0 : DrawnQuad.lit)
    }

    package static func evaluate(_ particle: ConfettiParticle, at age: Double, uniforms: ConfettiPhysics) -> ConfettiSample {
        uniforms.evaluate(particle, at: age)
    }

    package static func drawn(_ p: ConfettiParticle, _ s: ConfettiSample, pixelsPerPoint: Double) -> DrawnQuad {
        let width = Double(ConfettiRecord.wholePoints(p.size.width))
        let height = Double(ConfettiRecord.wholePoints(p.size.height))
        // A tumbling piece's own frame is its paper (its full width, in the parallelogram of its
        // pose); a flipping one's is the screen turned by its rotation, its width foreshortened.
        var quad = DrawnQuad(
            alive: s.alive, centre: Point(s.x, s.y), angle: s.rotation,
            halfSize: SIMD2(s.pose == nil ? s.apparentWidth : width * s.size, height * s.size) / 2,
            shape: p.sprite == nil ? DrawnQuad.Shape(rawValue: Double(p.shape.rawValue))! : .sprite,
            color: SIMD4(s.shown * s.opacity, s.opacity)
        )
        if let sprite = p.sprite {
            // A flipping piece seen from behind shows the picture mirrored; a tumbling one's
            // parallelogram mirrors it by itself.
            quad.sprite = DrawnQuad.Sprite(
                index: sprite.index, level: SpriteTexels.level(extent: max(width, height), pixelsPerPoint: pixelsPerPoint),
                glint: s.glint * s.opacity, mirror: s.pose == nil && s.facing < 0 ? -1 : 1
            )
        }
        quad.frame = s.pose.map { DrawnQuad.Frame(u: $0.u, v: $0.v) }
        quad.wave = s.wave
        let e = Float32Error.k * Float32Error.eps
        quad.waveError = e * s.scales.wavePhase
        quad.centreError = e * (s.scales.x + s.scales.y)
        quad.angleError = e * s.scales.rotation
        quad.spinRounding = s.pose == nil ? 2 * Float32Error.eps * s.scales.rotation : 0
        quad.frameError = e * s.scales.pose
        quad.halfSizeError = e * max(s.pose == nil ? s.scales.apparentWidth : width * s.scales.size, height * s.scales.size) / 2
        quad.colorError = e * (s.scales.opacity + s.scales.shown)
        return quad
    }

    /// Every quad a piece's record draws at its age `t`, in instance order: its trail's ghosts,
    /// oldest first, then the piece (the renderer's order, so blending matches).
    package static func drawnInstances(_ p: ConfettiParticle, at t: Double, uniforms: ConfettiPhysics) -> [DrawnQuad] {
        stride(from: uniforms.trail.ghosts, through: 0, by: -1).map { k in
            drawn(p, uniforms.evaluate(p, at: t - Double(k) * uniforms.trail.spacing, ghost: k))
        }
    }

    /// Wind as its drag filters it, its trail, and its colour ramp and growth over life.
    package static func features(_ physics: ConfettiPhysics) -> [any ShaderFeature] {
        [FilteredWind(physics.wind, drag: physics.drag), physics.trail, OverLife(physics.colorRamp, sizeAtDeath: physics.sizeAtDeath)]
    }

    package static func evaluate(_ particle: ConfettiParticle, at age: Double, ghost k: Int, uniforms: ConfettiPhysics) -> ConfettiSample {
        uniforms.evaluate(particle, at: age, ghost: k)
    }

    package static func traceParams(_ p: ConfettiParticle, uniforms _: ConfettiPhysics) -> ConfettiTraceParams {
        ConfettiTraceParams(p)
    }

    package static func traceConstants(_ physics: ConfettiPhysics) -> [String: Double] {
        ["gravity": physics.gravity, "drag": physics.drag, "lifetime": physics.lifetime, "fadeOutDuration": physics.fadeOutDuration]
    }
}

extension ConfettiPhysics: ShaderUniforms {
    /// `uPhysics`: gravity, drag, lifetime, fade-out; for `Shaders/paper.glsl`, `uBackShade`,
    /// `uRibbonWave` (amplitude, wavenumber, angular speed), `uTumble`, `uPaperLight` (towards
    /// the light, ambient), `uPaperGlint` (strength, exponent) and `uBackColors` (unused ones
    /// black); then the record's grids. Wind, trail and life pack their own
    /// (`ConfettiKind.features`).
    package var uniforms: [ShaderUniform] {
        let light = SIMD3<Float>(PaperShading.light)
        var backs = backColors.prefix(Self.maxBackColors).map { color -> SIMD4<Float> in
            let (r, g, b, _) = color.rgba8
            return SIMD4(Float(r) / 255, Float(g) / 255, Float(b) / 255, 0)
        }
        while backs.count < Self.maxBackColors { backs.append(.zero) }
        return [
            ShaderUniform("uPhysics", .vec4(SIMD4(Float(gravity), Float(drag), Float(lifetime), Float(fadeOutDuration)))),
            ShaderUniform("uBackShade", .float(Float(backShade))),
            ShaderUniform("uRibbonWave", .vec4(SIMD4(Float(ribbonWave.amplitude), Float(ribbonWave.wavenumber), Float(ribbonWave.angularSpeed), 0))),
            ShaderUniform("uTumble", .float(spinMode == .tumble ? 1 : 0)),
            ShaderUniform("uPaperLight", .vec4(SIMD4(light, Float(shading.ambient)))),
            ShaderUniform("uPaperGlint", .vec2(SIMD2(Float(shading.glint), Float(PaperShading.shininess)))),
            ShaderUniform("uBackColors", .vec4Array(backs)),
        ] + quantisation.uniforms
    }
}

/// A piece's spawn constants as the trace prints them (docs/effects.md, Trace output).
package struct ConfettiTraceParams: Encodable, Sendable {
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

extension Budget.Ring {
    package static var confetti: Budget.Ring { Budget.Ring(ConfettiKind.self) }
}
