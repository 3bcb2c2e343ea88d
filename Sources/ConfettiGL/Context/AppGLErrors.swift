@preconcurrency import CEpoxy

/// GL errors the app left pending are the app's: a call that touches GL reads them first (so
/// that the library's own checks see only the library's), does its work, then raises each
/// again, so the app's next glGetError still finds it. What the work leaves behind is the
/// library's, never passed on to the app. `Celebration` and the C library both go through here.
package enum AppGLErrors {
    /// GL keeps at most one flag per kind of error; eight is more kinds than GL has.
    private static let most = 8

    /// `work` with the app's errors set aside; what `work` leaves behind is thrown as a `GLFailure`.
    package static func keep<T>(_ work: () throws -> T) throws -> T {
        let pending = drain()
        defer { pending.forEach(raise) }
        let result = try work()
        let own = drain()
        guard own.isEmpty else {
            throw GLFailure("OpenGL failed: \(own.map(glErrorName).joined(separator: ", "))")
        }
        return result
    }

    /// `work` with the app's errors set aside, for a call that cannot fail (a draw): what `work`
    /// leaves behind is read and dropped, so the app's next glGetError finds only its own.
    package static func setAside<T>(_ work: () -> T) -> T {
        let pending = drain()
        defer { pending.forEach(raise) }
        let result = work()
        _ = drain()
        return result
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
