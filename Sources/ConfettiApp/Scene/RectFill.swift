@preconcurrency import CEpoxy
import ConfettiCore
import ConfettiGL

/// Sets rectangles of the bound framebuffer to one colour: what a scissored clear of each
/// does, at the cost of far fewer. Under Mesa's software rasteriser every scissored clear is a
/// quad with state of its own (about 13 us of CPU each), and even drawn together the
/// rectangles are shaded pixel by pixel (at 1080p over half of the overlay's instructions a
/// frame). So where the framebuffer is a texture (the shm presenter's), they are set in place
/// (`glClearTexSubImage`: the driver fills the memory, as a clear does); else, in one draw.
///
/// Drawn, the rectangles are two triangles each with whole-pixel corners and the colour is
/// written without blending, so each covers exactly its pixels with exactly the clear's value.
package final class RectFill {
    package static let vertexShader = "app/rects.vert.glsl"
    package static let fragmentShader = "app/fill.frag.glsl"
    /// The root files of its program.
    package static var programFiles: [String] { [vertexShader, fragmentShader] }
    package private(set) var program: ShaderProgram
    private var vertexArray: GLuint = 0
    private var vertexBuffer: GLuint = 0
    private var corners: [Float] = []

    package init(shaders: ShaderLibrary) throws {
        program = try ShaderProgram(shaders, vertex: Self.vertexShader, fragment: Self.fragmentShader)
        epoxy_glGenVertexArrays(1, &vertexArray)
        epoxy_glGenBuffers(1, &vertexBuffer)
        let saved = GLStateSnapshot()
        epoxy_glBindVertexArray(vertexArray)
        epoxy_glBindBuffer(GLenum(GL_ARRAY_BUFFER), vertexBuffer)
        let location = epoxy_glGetAttribLocation(program.id, "aCorner")
        if location >= 0 {
            epoxy_glEnableVertexAttribArray(GLuint(location))
            epoxy_glVertexAttribPointer(GLuint(location), 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), 0, nil)
        }
        saved.restore()
        try glCheck("building the rectangle fill")
    }

    /// The texture the bound draw framebuffer's colour is, whose rectangles are set in place
    /// (`glClearTexSubImage`, GL 4.4): nil when it is a window's or a renderbuffer, or the
    /// context lacks it, and they are drawn.
    package func boundTexture() -> GLuint? {
        guard clearsTextures else { return nil }
        var framebuffer: GLint = 0, type: GLint = 0, name: GLint = 0, level: GLint = 0
        epoxy_glGetIntegerv(GLenum(GL_DRAW_FRAMEBUFFER_BINDING), &framebuffer)
        guard framebuffer != 0 else { return nil }
        epoxy_glGetFramebufferAttachmentParameteriv(GLenum(GL_DRAW_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE), &type)
        guard type == GL_TEXTURE else { return nil }
        epoxy_glGetFramebufferAttachmentParameteriv(GLenum(GL_DRAW_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME), &name)
        epoxy_glGetFramebufferAttachmentParameteriv(GLenum(GL_DRAW_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LEVEL), &level)
        return level == 0 && name > 0 ? GLuint(name) : nil
    }

    private lazy var clearsTextures = epoxy_gl_version() >= 44 || epoxy_has_gl_extension("GL_ARB_clear_texture")

    package func delete() {
        program.delete()
        epoxy_glDeleteBuffers(1, &vertexBuffer)
        epoxy_glDeleteVertexArrays(1, &vertexArray)
    }

    package func reloadShaders() throws {
        let rebuilt = try program.rebuilt()
        program.delete()
        program = rebuilt
    }

    /// Writes `color` (premultiplied, as the framebuffer holds it) over `rects` of the bound
    /// framebuffer, `width` × `height` pixels, whose viewport must be all of it. Blending,
    /// the scissor test, the program and the vertex array are put back as they were
    /// (`GLStateSnapshot`: a program or array deleted meanwhile is not bound again).
    package func fill(_ rects: [PixelRect], with color: (r: Float, g: Float, b: Float, a: Float), width: Int, height: Int) {
        guard !rects.isEmpty else { return }
        if let texture = boundTexture() {
            var value = [color.r, color.g, color.b, color.a]
            for rect in rects where !rect.isEmpty {
                epoxy_glClearTexSubImage(texture, 0, GLint(rect.x), GLint(rect.y), 0, GLsizei(rect.width), GLsizei(rect.height), 1,
                                         GLenum(GL_RGBA), GLenum(GL_FLOAT), &value)
            }
            return
        }
        corners.removeAll(keepingCapacity: true)
        corners.reserveCapacity(rects.count * 12)
        for rect in rects where !rect.isEmpty {
            let x0 = Float(rect.x), y0 = Float(rect.y), x1 = Float(rect.x + rect.width), y1 = Float(rect.y + rect.height)
            corners.append(contentsOf: [x0, y0, x1, y0, x0, y1, x0, y1, x1, y0, x1, y1])
        }
        guard !corners.isEmpty else { return }
        let saved = GLStateSnapshot()
        let scissoring = epoxy_glIsEnabled(GLenum(GL_SCISSOR_TEST)) == GLboolean(GL_TRUE)
        epoxy_glDisable(GLenum(GL_BLEND))
        if scissoring { epoxy_glDisable(GLenum(GL_SCISSOR_TEST)) }
        program.use()
        epoxy_glUniform2f(program.uniform("uFramebuffer"), Float(width), Float(height))
        epoxy_glUniform4f(program.uniform("uColor"), color.r, color.g, color.b, color.a)
        epoxy_glBindVertexArray(vertexArray)
        epoxy_glBindBuffer(GLenum(GL_ARRAY_BUFFER), vertexBuffer)
        let bytes = corners.count * MemoryLayout<Float>.stride
        // A new store each frame: the driver need not wait for the draw that read the last one.
        corners.withUnsafeBytes { data in
            epoxy_glBufferData(GLenum(GL_ARRAY_BUFFER), bytes, data.baseAddress, GLenum(GL_STREAM_DRAW))
        }
        epoxy_glDrawArrays(GLenum(GL_TRIANGLES), 0, GLsizei(corners.count / 2))
        saved.restore()
        if scissoring { epoxy_glEnable(GLenum(GL_SCISSOR_TEST)) }
    }
}
