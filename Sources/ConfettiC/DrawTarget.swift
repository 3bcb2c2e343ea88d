@preconcurrency import CEpoxy
import ConfettiGL

/// The draw's target: the bound draw framebuffer, checked complete, and the rectangle the
/// arguments name from its origin.
enum DrawTarget {
    /// Throws unless the bound draw framebuffer can be drawn into. Asking sets no GL error.
    static func check() throws(Failure) {
        let status = epoxy_glCheckFramebufferStatus(GLenum(GL_DRAW_FRAMEBUFFER))
        guard status != GLenum(GL_FRAMEBUFFER_COMPLETE) else { return }
        let name = switch Int32(status) {
        case GL_FRAMEBUFFER_UNDEFINED: "GL_FRAMEBUFFER_UNDEFINED: no default framebuffer (a surfaceless context) and none bound"
        case GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT: "GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT"
        case GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT: "GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT: it has no attachment"
        case GL_FRAMEBUFFER_UNSUPPORTED: "GL_FRAMEBUFFER_UNSUPPORTED"
        case GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE: "GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE"
        default: "status 0x" + String(status, radix: 16)
        }
        throw Failure(.framebuffer, "the bound draw framebuffer is not complete (\(name)): nothing drawn; bind a complete one")
    }

    /// `draw` with the viewport set to width × height points of `scale` pixels from the
    /// framebuffer's origin, then the app's viewport put back.
    static func filling(_ viewport: Size, _ scale: Double, _ draw: () -> Void) {
        var saved = [GLint](repeating: 0, count: 4)
        epoxy_glGetIntegerv(GLenum(GL_VIEWPORT), &saved)
        // Within GLsizei: both sides are at most 10^6 points of at most 64 pixels (Arguments);
        // GL clamps a side beyond GL_MAX_VIEWPORT_DIMS itself.
        epoxy_glViewport(0, 0, GLsizei((viewport.width * scale).rounded()), GLsizei((viewport.height * scale).rounded()))
        draw()
        epoxy_glViewport(saved[0], saved[1], saved[2], saved[3])
    }
}
