@preconcurrency import CEpoxy

/// The GL state a draw of the library touches, as the host app left it, so that drawing over
/// an app's own pixels leaves its state as it was (and the app's other draws, `RectFill`, theirs).
package struct GLStateSnapshot {
    private var blend: GLboolean
    private var depthTest: GLboolean
    private var cullFace: GLboolean
    private var blendFunc = [GLint](repeating: 0, count: 4)
    private var blendEquation = [GLint](repeating: 0, count: 2)
    private var program: GLint = 0
    private var vertexArray: GLint = 0
    private var arrayBuffer: GLint = 0
    private var drawFramebuffer: GLint = 0
    private var readFramebuffer: GLint = 0
    private var viewport = [GLint](repeating: 0, count: 4)
    private var activeTexture: GLint = 0
    private var spriteUnit = TextureUnitBinding()

    package init() {
        blend = epoxy_glIsEnabled(GLenum(GL_BLEND))
        depthTest = epoxy_glIsEnabled(GLenum(GL_DEPTH_TEST))
        cullFace = epoxy_glIsEnabled(GLenum(GL_CULL_FACE))
        for (i, name) in [GL_BLEND_SRC_RGB, GL_BLEND_DST_RGB, GL_BLEND_SRC_ALPHA, GL_BLEND_DST_ALPHA].enumerated() {
            epoxy_glGetIntegerv(GLenum(name), &blendFunc[i])
        }
        epoxy_glGetIntegerv(GLenum(GL_BLEND_EQUATION_RGB), &blendEquation[0])
        epoxy_glGetIntegerv(GLenum(GL_BLEND_EQUATION_ALPHA), &blendEquation[1])
        epoxy_glGetIntegerv(GLenum(GL_CURRENT_PROGRAM), &program)
        epoxy_glGetIntegerv(GLenum(GL_VERTEX_ARRAY_BINDING), &vertexArray)
        epoxy_glGetIntegerv(GLenum(GL_ARRAY_BUFFER_BINDING), &arrayBuffer)
        epoxy_glGetIntegerv(GLenum(GL_DRAW_FRAMEBUFFER_BINDING), &drawFramebuffer)
        epoxy_glGetIntegerv(GLenum(GL_READ_FRAMEBUFFER_BINDING), &readFramebuffer)
        epoxy_glGetIntegerv(GLenum(GL_VIEWPORT), &viewport)
        epoxy_glGetIntegerv(GLenum(GL_ACTIVE_TEXTURE), &activeTexture)
    }

    /// Puts back everything captured. An object the host deleted meanwhile (a name GL no longer
    /// knows) is not bound again: binding it would be an error, and 0 is what GL itself falls
    /// back to for a deleted binding.
    package func restore() {
        func set(_ capability: Int32, _ on: GLboolean) {
            if on == GLboolean(GL_TRUE) { epoxy_glEnable(GLenum(capability)) } else { epoxy_glDisable(GLenum(capability)) }
        }
        set(GL_BLEND, blend)
        set(GL_DEPTH_TEST, depthTest)
        set(GL_CULL_FACE, cullFace)
        epoxy_glBlendFuncSeparate(GLenum(blendFunc[0]), GLenum(blendFunc[1]), GLenum(blendFunc[2]), GLenum(blendFunc[3]))
        epoxy_glBlendEquationSeparate(GLenum(blendEquation[0]), GLenum(blendEquation[1]))
        func known(_ name: GLint, _ isObject: (GLuint) -> GLboolean) -> GLuint {
            name != 0 && isObject(GLuint(name)) == GLboolean(GL_TRUE) ? GLuint(name) : 0
        }
        epoxy_glUseProgram(known(program, epoxy_glIsProgram))
        epoxy_glBindVertexArray(known(vertexArray, epoxy_glIsVertexArray))
        epoxy_glBindBuffer(GLenum(GL_ARRAY_BUFFER), known(arrayBuffer, epoxy_glIsBuffer))
        epoxy_glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), known(drawFramebuffer, epoxy_glIsFramebuffer))
        epoxy_glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), known(readFramebuffer, epoxy_glIsFramebuffer))
        epoxy_glViewport(viewport[0], viewport[1], viewport[2], viewport[3])
        spriteUnit.restore()
        epoxy_glActiveTexture(GLenum(activeTexture))
    }
}
