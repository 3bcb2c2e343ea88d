/// The uniforms of wind, trail and life (`Shaders/wind.glsl`, `trail.glsl`, `life.glsl`): set
/// per batch, so every piece of it shares them.
extension ConfettiPhysics {
    /// `uWindMean` (pt/s); `uWindGusts[3]`: per gust its drag-filtered gain (pt/s), ω (rad/s)
    /// and shifted phase (rad), computed here in double; unused gusts have gain 0 and ω 1, so
    /// they add exactly nothing. `uTrail`: ghosts, spacing (s), taper, unused. `uRamp[4]`: stops
    /// (straight rgb, fraction of the lifetime). `uOverLife`: growth (size at death − 1), and 1 when the ramp
    /// replaces the piece's colour (0: multiplies it).
    package var motionUniforms: [ShaderUniform] {
        var gusts = wind.filtered(drag: drag).map { SIMD4(Float($0.gain), Float($0.frequency), Float($0.shiftedPhase), 0) }
        while gusts.count < Wind.maxGusts { gusts.append(SIMD4(0, 1, 0, 0)) }
        return [
            ShaderUniform("uWindMean", .float(Float(wind.mean))),
            ShaderUniform("uWindGusts", .vec4Array(gusts)),
            ShaderUniform("uTrail", .vec4(SIMD4(Float(trail.ghosts), Float(trail.spacing), Float(trail.taper), 0))),
            ShaderUniform("uRamp", .vec4Array(colorRamp.shaderStops.map { SIMD4(SIMD3<Float>($0.rgb), Float($0.at)) })),
            ShaderUniform("uOverLife", .vec2(SIMD2(Float(sizeAtDeath - 1), Float(colorRamp.replaces)))),
        ]
    }
}
