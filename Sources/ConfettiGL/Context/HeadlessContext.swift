@preconcurrency import CEGL
@preconcurrency import CEpoxy

/// An OpenGL 3.3+ core context with no window and no display server: Mesa's surfaceless EGL.
///
/// A surfaceless context has no default framebuffer, so everything is drawn into an
/// `OffscreenTarget` (even transform-feedback passes need an FBO bound on Mesa).
/// A context is current on one thread at a time: call `makeCurrent()` on the thread that draws.
public final class HeadlessContext: @unchecked Sendable {
    private let display: EGLDisplay
    private let context: EGLContext

    /// `debug` asks for a debug context and installs `GLDebugLog`; debug builds always do.
    public init(debug: Bool = false) throws {
        // eglGetPlatformDisplay (core 1.5) aborts inside epoxy before any display exists; the
        // EXT entry point does not.
        // No vendor library (libEGL finds no Mesa) and no driver (Mesa finds no swrast_dri.so)
        // end here: one message saying what to install.
        guard epoxy_has_egl_extension(nil, "EGL_MESA_platform_surfaceless") else {
            throw GLFailure(Self.noDriver("EGL has no surfaceless platform, EGL_MESA_platform_surfaceless"))
        }
        guard let display = epoxy_eglGetPlatformDisplayEXT(EGLenum(EGL_PLATFORM_SURFACELESS_MESA), nil, nil) else {
            throw GLFailure(Self.noDriver("EGL could not open the surfaceless display: \(Self.eglErrorName())"))
        }
        var major: EGLint = 0, minor: EGLint = 0
        guard epoxy_eglInitialize(display, &major, &minor) == EGLBoolean(EGL_TRUE) else {
            throw GLFailure(Self.noDriver("eglInitialize failed on the surfaceless display: \(Self.eglErrorName())"))
        }
        guard epoxy_eglBindAPI(EGLenum(EGL_OPENGL_API)) == EGLBoolean(EGL_TRUE) else {
            throw GLFailure("EGL cannot bind the desktop OpenGL API (\(Self.eglErrorName())).")
        }
        #if DEBUG
        let debug = true
        #endif
        let attributes: [EGLint] = [
            EGL_CONTEXT_MAJOR_VERSION, 3,
            EGL_CONTEXT_MINOR_VERSION, 3,
            EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
            EGL_CONTEXT_OPENGL_DEBUG, debug ? EGL_TRUE : EGL_FALSE,
            EGL_NONE,
        ]
        // EGL_NO_CONFIG_KHR: a context with no surface needs no config.
        guard let context = epoxy_eglCreateContext(display, nil, nil, attributes) else {
            throw GLFailure("EGL could not create an OpenGL 3.3 core context (\(Self.eglErrorName())). confetti needs OpenGL 3.3 or newer.")
        }
        self.display = display
        self.context = context
        try makeCurrent()
        defer { release() }
        try requireGL33()
        if debug { GLDebugLog.install() }
    }

    deinit {
        _ = epoxy_eglDestroyContext(display, context)
    }

    public func makeCurrent() throws {
        guard epoxy_eglMakeCurrent(display, nil, nil, context) == EGLBoolean(EGL_TRUE) else {
            throw GLFailure("eglMakeCurrent failed (\(Self.eglErrorName())).")
        }
    }

    /// Leaves no context current on this thread, so another thread may take it.
    public func release() {
        _ = epoxy_eglMakeCurrent(display, nil, nil, nil)
    }

    /// What a machine without a usable OpenGL driver is told, with the detail EGL gave.
    static func noDriver(_ detail: String) -> String {
        "no OpenGL driver found: install Mesa (libegl-mesa0, libgl1-mesa-dri) (\(detail))"
    }

    static func eglErrorName() -> String {
        let code = epoxy_eglGetError()
        let names: [EGLint: String] = [
            EGL_NOT_INITIALIZED: "EGL_NOT_INITIALIZED", EGL_BAD_ACCESS: "EGL_BAD_ACCESS", EGL_BAD_ALLOC: "EGL_BAD_ALLOC",
            EGL_BAD_ATTRIBUTE: "EGL_BAD_ATTRIBUTE", EGL_BAD_CONFIG: "EGL_BAD_CONFIG", EGL_BAD_CONTEXT: "EGL_BAD_CONTEXT",
            EGL_BAD_DISPLAY: "EGL_BAD_DISPLAY", EGL_BAD_MATCH: "EGL_BAD_MATCH", EGL_BAD_PARAMETER: "EGL_BAD_PARAMETER",
        ]
        if code == EGL_SUCCESS { return "no EGL error" }
        return names[code].map { "\($0), 0x\(String(code, radix: 16))" } ?? "EGL error 0x" + String(code, radix: 16)
    }
}
