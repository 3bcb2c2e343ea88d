@preconcurrency import CEpoxy

/// A GL or context failure, with a message a user can act on.
public struct GLFailure: Error, CustomStringConvertible, Sendable {
    public var description: String

    package init(_ description: String) {
        self.description = description
    }
}

/// Throws if GL recorded an error since the last check; `what` says what was being done.
package func glCheck(_ what: @autoclosure () -> String) throws {
    let first = epoxy_glGetError()
    guard first != GLenum(GL_NO_ERROR) else { return }
    var codes = [first]
    // GL may hold several error flags; drain them so the next check starts clean.
    while codes.count < 8 {
        let next = epoxy_glGetError()
        if next == GLenum(GL_NO_ERROR) { break }
        codes.append(next)
    }
    throw GLFailure("GL error \(codes.map(glErrorName).joined(separator: ", ")) while \(what())")
}

package func glErrorName(_ code: GLenum) -> String {
    switch Int32(code) {
    case GL_INVALID_ENUM: return "GL_INVALID_ENUM"
    case GL_INVALID_VALUE: return "GL_INVALID_VALUE"
    case GL_INVALID_OPERATION: return "GL_INVALID_OPERATION"
    case GL_INVALID_FRAMEBUFFER_OPERATION: return "GL_INVALID_FRAMEBUFFER_OPERATION"
    case GL_OUT_OF_MEMORY: return "GL_OUT_OF_MEMORY"
    default: return "0x" + String(code, radix: 16)
    }
}

/// The GL_RENDERER and GL_VERSION strings of the current context.
package func glDescription() -> String {
    func string(_ name: Int32) -> String {
        guard let p = epoxy_glGetString(GLenum(name)) else { return "?" }
        return String(cString: p)
    }
    return "\(string(GL_RENDERER)), OpenGL \(string(GL_VERSION))"
}

/// Refuses contexts older than the 3.3 core profile the shaders are written for.
package func requireGL33() throws {
    let version = epoxy_gl_version()
    guard version >= 33 else {
        throw GLFailure("OpenGL \(version / 10).\(version % 10) found, but confetti needs OpenGL 3.3 core or newer (\(glDescription())).")
    }
}
