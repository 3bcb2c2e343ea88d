@preconcurrency import CEpoxy
import ConfettiCore
import ConfettiGL

/// Draws the Celebrate button: a rounded rectangle with its label.
package final class ButtonRenderer {
    package static let vertexShader = "app/button.vert.glsl"
    package static let fragmentShader = "app/button.frag.glsl"
    /// The root files of its program.
    package static var programFiles: [String] { [vertexShader, fragmentShader] }
    private let quad: TexturedQuad
    package var program: ShaderProgram { quad.program }
    private var labelText = ""
    private var labelPixels = (width: 1, height: 1)

    /// Points per font pixel.
    /// Points per font pixel of the Celebrate button's label.
    package static let buttonLabelScale = 3.0
    /// Points per font pixel of the label this renderer draws.
    package var labelScale = ButtonRenderer.buttonLabelScale

    package init(shaders: ShaderLibrary) throws {
        quad = try TexturedQuad(shaders: shaders, vertex: Self.vertexShader, fragment: Self.fragmentShader, what: "the button")
    }

    package func delete() { quad.delete() }

    package func reloadShaders() throws { try quad.reloadShaders() }

    private func uploadLabel(_ text: String) {
        let bitmap = PixelFont.rasterize(text)
        epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), quad.texture)
        epoxy_glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        bitmap.pixels.withUnsafeBytes { bytes in
            epoxy_glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_R8, GLsizei(bitmap.width), GLsizei(bitmap.height), 0, GLenum(GL_RED), GLenum(GL_UNSIGNED_BYTE), bytes.baseAddress)
        }
        epoxy_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_NEAREST)
        epoxy_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_NEAREST)
        epoxy_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
        epoxy_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
        labelText = text
        labelPixels = (bitmap.width, bitmap.height)
    }

    /// The label's top-left corner, centred on the button and snapped to whole points.
    static func labelOrigin(_ button: CelebrateButton, labelPixels: (width: Int, height: Int), labelScale: Double = buttonLabelScale) -> Point {
        let f = button.frame
        return Point((f.midX - Double(labelPixels.width) * labelScale / 2).rounded(), (f.y + f.height / 2 - Double(labelPixels.height) * labelScale / 2).rounded())
    }

    /// The size a label takes, in points. The last one is kept: the HUD asks every frame,
    /// and its text changes twice a second.
    package func labelSize(_ text: String) -> Size {
        if let measured, measured.text == text, measured.scale == labelScale { return measured.size }
        let bitmap = PixelFont.rasterize(text)
        let size = Size(width: Double(bitmap.width) * labelScale, height: Double(bitmap.height) * labelScale)
        measured = (text, labelScale, size)
        return size
    }
    private var measured: (text: String, scale: Double, size: Size)?

    package func draw(_ button: CelebrateButton, viewport: Size, pixelsPerPoint: Double) {
        if button.label != labelText { uploadLabel(button.label) }
        let f = button.frame
        epoxy_glEnable(GLenum(GL_BLEND))
        epoxy_glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        quad.use(sampler: "uLabel")
        epoxy_glUniform4f(program.uniform("uRect"), Float(f.x), Float(f.y), Float(f.width), Float(f.height))
        epoxy_glUniform1f(program.uniform("uCornerRadius"), Float(button.cornerRadius))
        epoxy_glUniform3f(program.uniform("uFill"), Float(button.fill.r), Float(button.fill.g), Float(button.fill.b))
        epoxy_glUniform3f(program.uniform("uTextColor"), Float(button.text.r), Float(button.text.g), Float(button.text.b))
        let origin = Self.labelOrigin(button, labelPixels: labelPixels, labelScale: labelScale)
        epoxy_glUniform2f(program.uniform("uLabelOrigin"), Float(origin.x), Float(origin.y))
        epoxy_glUniform2f(program.uniform("uLabelSize"), Float(Double(labelPixels.width) * labelScale), Float(Double(labelPixels.height) * labelScale))
        epoxy_glUniform2f(program.uniform("uViewport"), Float(viewport.width), Float(viewport.height))
        epoxy_glUniform1f(program.uniform("uPixelsPerPoint"), Float(pixelsPerPoint))
        quad.draw()
    }
}
