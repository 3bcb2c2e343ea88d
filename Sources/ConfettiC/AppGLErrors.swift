@preconcurrency import CEpoxy
import ConfettiGL

/// GL errors the app left pending are the app's: a call that touches GL reads them first (so
/// that the library's own checks see only the library's), does its work, then raises each
/// again, so the app's next glGetError still finds it. What the work leaves behind is the
/// library's: read, and reported as CONFETTI_ERROR_GL, so none of it is left to the app.
enum AppGLErrors {
    /// GL keeps at most one flag per kind of error; eight is more kinds than GL has.
    private static let most = 8

    static func keep(_ work: () throws -> Void) throws {
        let pending = drain()
        defer { pending.forEach(raise) }
        try work()
        let own = drain()
        guard own.isEmpty else {
            throw Failure(.gl, "OpenGL failed: \(own.map(glErrorName).joined(separator: ", "))")
        }
    }

    private static func drain() -> [GLenum] {
        var errors: [GLenum] = []
        while errors.count < most {
            let error = epoxy_glGetError()
            if error == GLenum(GL_NO_ERROR) { break }
            errors.append(error)
        }
        return errors
    }

    /// Sets the flag of `error` again by a call that fails with it and changes nothing else.
    /// GL_OUT_OF_MEMORY (and any other) cannot be made on purpose without risk, so it is not.
    private static func raise(_ error: GLenum) {
        switch Int32(error) {
        case GL_INVALID_ENUM:
            var ignored: GLint = 0
            epoxy_glGetIntegerv(0, &ignored)
        case GL_INVALID_VALUE:
            epoxy_glDeleteBuffers(-1, nil)
        case GL_INVALID_OPERATION:
            // Ending a query that is not active; a target with one active is left alone.
            for target in [GL_SAMPLES_PASSED, GL_ANY_SAMPLES_PASSED, GL_PRIMITIVES_GENERATED, GL_TIME_ELAPSED] {
                var active: GLint = 0
                epoxy_glGetQueryiv(GLenum(target), GLenum(GL_CURRENT_QUERY), &active)
                if active == 0 {
                    epoxy_glEndQuery(GLenum(target))
                    return
                }
            }
        case GL_INVALID_FRAMEBUFFER_OPERATION:
            // A clear of nothing into a framebuffer with no attachment.
            var bound: GLint = 0
            epoxy_glGetIntegerv(GLenum(GL_DRAW_FRAMEBUFFER_BINDING), &bound)
            var empty: GLuint = 0
            epoxy_glGenFramebuffers(1, &empty)
            epoxy_glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), empty)
            epoxy_glClear(0)
            epoxy_glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), GLuint(bound))
            epoxy_glDeleteFramebuffers(1, &empty)
        default:
            break
        }
    }
}

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
