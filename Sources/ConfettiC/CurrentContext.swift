@preconcurrency import CEpoxy
import ConfettiCore
import FoundationEssentials
import Glibc
import Synchronization

/// The OpenGL context current on the calling thread, asked of whichever of EGL and GLX the app
/// has loaded. Neither is loaded here (RTLD_NOLOAD): an app with a current context has loaded
/// its library already, and loading one it does not use could fail (a system without libGL).
/// Epoxy is not asked, since with no context current it aborts rather than answers.
enum CurrentContext {
    private typealias GetCurrent = @convention(c) () -> UnsafeMutableRawPointer?

    /// Where each window system's "current context" function is.
    private static let sources = [("libEGL.so.1", "eglGetCurrentContext"), ("libGLX.so.0", "glXGetCurrentContext"),
                                  ("libGL.so.1", "glXGetCurrentContext")]
    /// The functions found so far, one per source (nil: its library is not loaded yet). Found
    /// once and kept, with their library, so that a draw does not go through the loader.
    private static let getters = Mutex([GetCurrent?](repeating: nil, count: sources.count))

    /// The context current on this thread, nil when there is none.
    static var id: UnsafeMutableRawPointer? {
        let known = getters.withLock { $0 }
        for getter in known.compactMap({ $0 }) {
            if let context = getter() { return context }
        }
        // None current through the libraries known: one the app has loaded since may have one.
        let found = getters.withLock { getters in
            for (i, (library, symbol)) in sources.enumerated() where getters[i] == nil {
                guard let handle = dlopen(library, RTLD_LAZY | RTLD_NOLOAD) else { continue }
                guard let function = dlsym(handle, symbol) else {
                    dlclose(handle)
                    continue
                }
                getters[i] = unsafeBitCast(function, to: GetCurrent.self)
            }
            return getters
        }
        for (i, getter) in found.enumerated() where known[i] == nil {
            if let context = getter?() { return context }
        }
        return nil
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
