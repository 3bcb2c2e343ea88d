/// A piece of the particle shaders that particle kinds share (`Shaders/trail.glsl`, `life.glsl`,
/// `wind.glsl`, `sprite.glsl`) and the uniforms it declares, packed here once for whichever
/// particle kind uses it. A particle kind names the features its vertex shader includes
/// (`ParticleKind.features`), with its batch's values; a span's uniforms are the kind's own and
/// its features' (`ParticleKind.uniformValues`). bevy_hanabi's modifiers are the model.
package protocol ShaderFeature: Sendable {
    /// The file in `Shaders/` that declares its uniforms.
    static var shaderFile: String { get }
    /// Its uniforms for one batch.
    var uniforms: [ShaderUniform] { get }
}

/// Every shader feature there is: `ShaderLayoutTests` checks that each particle kind names
/// exactly the features its vertex shader includes.
package enum ShaderFeatures {
    package static let all: [any ShaderFeature.Type] = [Trail.self, OverLife.self, FilteredWind.self, SpriteTable.self]
}

/// `Shaders/trail.glsl`: ghosts of the closed form behind each particle.
extension Trail: ShaderFeature {
    package static let shaderFile = "trail.glsl"

    /// `uTrail`: ghosts, spacing (s), taper, unused.
    package var uniforms: [ShaderUniform] {
        [ShaderUniform("uTrail", .vec4(SIMD4(Float(ghosts), Float(spacing), Float(taper), 0)))]
    }
}

/// `Shaders/life.glsl`: what changes over a particle's life, its colour ramp and its growth.
package struct OverLife: ShaderFeature, Equatable {
    package static let shaderFile = "life.glsl"

    package var colorRamp: ColorRamp
    /// Size at death as a multiple of the size at birth (1: none).
    package var sizeAtDeath: Double

    package init(_ colorRamp: ColorRamp, sizeAtDeath: Double = 1) {
        self.colorRamp = colorRamp
        self.sizeAtDeath = sizeAtDeath
    }

    /// `uRamp[4]`: stops (straight rgb, fraction of the lifetime). `uOverLife`: growth (size at
    /// death − 1), and 1 when the ramp replaces the particle's colour (0: multiplies it).
    package var uniforms: [ShaderUniform] {
        [
            ShaderUniform("uRamp", .vec4Array(colorRamp.shaderStops.map { SIMD4(SIMD3<Float>($0.rgb), Float($0.at)) })),
            ShaderUniform("uOverLife", .vec2(SIMD2(Float(sizeAtDeath - 1), Float(colorRamp.replaces)))),
        ]
    }
}

/// `Shaders/wind.glsl`: a wind as a particle of drag `drag` feels it.
package struct FilteredWind: ShaderFeature, Equatable {
    package static let shaderFile = "wind.glsl"

    package var wind: Wind
    /// 1/s.
    package var drag: Double

    package init(_ wind: Wind, drag: Double) {
        self.wind = wind
        self.drag = drag
    }

    /// `uWindMean` (pt/s); `uWindGusts[3]`: per gust its drag-filtered gain (pt/s), ω (rad/s)
    /// and shifted phase (rad), computed here in double; unused gusts have gain 0 and ω 1, so
    /// they add exactly nothing.
    package var uniforms: [ShaderUniform] {
        var gusts = wind.filtered(drag: drag).map { SIMD4(Float($0.gain), Float($0.frequency), Float($0.shiftedPhase), 0) }
        while gusts.count < Wind.maxGusts { gusts.append(SIMD4(0, 1, 0, 0)) }
        return [ShaderUniform("uWindMean", .float(Float(wind.mean))), ShaderUniform("uWindGusts", .vec4Array(gusts))]
    }
}

/// `Shaders/sprite.glsl` (and `sprite-sample.glsl`): the pictures a span's particles may be
/// drawn as. Every particle kind has it, since every record holds a sprite index; its values are
/// the span's (`SpriteTable`), not the batch's uniforms, so the renderer sets it for every span.
extension SpriteTable: ShaderFeature {
    package static let shaderFile = "sprite.glsl"
}
