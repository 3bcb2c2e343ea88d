@preconcurrency import CEpoxy
import ConfettiGL

/// One quad with no vertex buffer (the vertex shader places its corners from `gl_VertexID`),
/// a program and one texture: what the button and the HUD's graph are each drawn with.
package final class TexturedQuad {
    package private(set) var program: ShaderProgram
    /// Core profile draws need a vertex array, even one with no attributes.
    private var vao: GLuint = 0
    package private(set) var texture: GLuint = 0

    package init(shaders: ShaderLibrary, vertex: String, fragment: String, what: String) throws {
        program = try ShaderProgram(shaders, vertex: vertex, fragment: fragment)
        epoxy_glGenVertexArrays(1, &vao)
        epoxy_glGenTextures(1, &texture)
        try glCheck("creating \(what)")
    }

    package func delete() {
        epoxy_glDeleteVertexArrays(1, &vao)
        epoxy_glDeleteTextures(1, &texture)
        program.delete()
    }

    /// As `ParticleRenderer.reloadShaders`: the old program stays on failure.
    package func reloadShaders() throws {
        let fresh = try program.rebuilt()
        program.delete()
        program = fresh
    }

    /// The program in use and the texture on unit 0 (the sampler `sampler` reads it): set the
    /// uniforms, then `draw`.
    package func use(sampler: String) {
        program.use()
        epoxy_glActiveTexture(GLenum(GL_TEXTURE0))
        epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        epoxy_glUniform1i(program.uniform(sampler), 0)
    }

    package func draw() {
        epoxy_glBindVertexArray(vao)
        epoxy_glDrawArrays(GLenum(GL_TRIANGLE_STRIP), 0, 4)
        epoxy_glBindVertexArray(0)
        epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), 0)
    }
}
