@preconcurrency import CEpoxy
import ConfettiCore

extension ConfettiPhysics {
    /// The `uPhysics` uniform: gravity, drag, lifetime, fade-out.
    public var shaderConstants: SIMD4<Float> {
        SIMD4(Float(gravity), Float(drag), Float(lifetime), Float(fadeOutDuration))
    }
}

/// Sets the uniforms `confetti.vert.glsl` reads, for one burst.
func setConfettiUniforms(_ program: ShaderProgram, time: Float, constants: SIMD4<Float>, viewport: Size, pixelsPerPoint: Double) {
    epoxy_glUniform1f(program.uniform("uTime"), time)
    epoxy_glUniform4f(program.uniform("uPhysics"), constants.x, constants.y, constants.z, constants.w)
    epoxy_glUniform2f(program.uniform("uViewport"), Float(viewport.width), Float(viewport.height))
    epoxy_glUniform1f(program.uniform("uPixelsPerPoint"), Float(pixelsPerPoint))
}
