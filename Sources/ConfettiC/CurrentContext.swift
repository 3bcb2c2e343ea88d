@preconcurrency import CEpoxy
import Glibc

/// The OpenGL context current on the calling thread, asked of whichever of EGL and GLX the app
/// has loaded. Neither is loaded here (RTLD_NOLOAD): an app with a current context has loaded
/// its library already, and loading one it does not use could fail (a system without libGL).
/// Epoxy is not asked, since with no context current it aborts rather than answers.
enum CurrentContext {
    private typealias GetCurrent = @convention(c) () -> UnsafeMutableRawPointer?

    private static func current(in library: String, _ symbol: String) -> UnsafeMutableRawPointer? {
        guard let handle = dlopen(library, RTLD_LAZY | RTLD_NOLOAD) else { return nil }
        defer { dlclose(handle) }
        guard let function = dlsym(handle, symbol) else { return nil }
        return unsafeBitCast(function, to: GetCurrent.self)()
    }

    /// The context current on this thread, nil when there is none.
    static var id: UnsafeMutableRawPointer? {
        current(in: "libEGL.so.1", "eglGetCurrentContext")
            ?? current(in: "libGLX.so.0", "glXGetCurrentContext")
            ?? current(in: "libGL.so.1", "glXGetCurrentContext")
    }

    /// Throws unless a context is current and can run the shaders: OpenGL 3.3 or newer, not
    /// OpenGL ES. Returns the context.
    static func require() throws(Failure) -> UnsafeMutableRawPointer {
        guard let context = id else {
            throw Failure(.noContext, "no OpenGL context is current on this thread: make the app's OpenGL 3.3 context current first")
        }
        let version = epoxy_gl_version()
        guard epoxy_is_desktop_gl() else {
            throw Failure(.unsupportedContext, "the current context is OpenGL ES \(version / 10).\(version % 10), but confetti needs OpenGL 3.3 core or newer")
        }
        guard version >= 33 else {
            throw Failure(.unsupportedContext, "the current context is OpenGL \(version / 10).\(version % 10), but confetti needs OpenGL 3.3 core or newer: ask for 3.3 when making it")
        }
        return context
    }
}
