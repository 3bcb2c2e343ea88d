@preconcurrency import CEGL
@preconcurrency import CEpoxy
import ConfettiGL

/// One EGL display on a Wayland connection and one OpenGL 3.3 core context, which every
/// surface of the overlay draws with in turn (`makeCurrent(_:)`), so the celebration's GL
/// objects serve every output.
final class WaylandEGL {
    let display: EGLDisplay
    let config: EGLConfig
    let context: EGLContext
    /// How a swap tells the compositor what changed (`wl_surface.damage_buffer`): the KHR or
    /// EXT swap with damage, nil when the display offers neither (every swap damages it all).
    private let swapWithDamage: ((EGLDisplay?, EGLSurface?, UnsafeMutablePointer<EGLint>?, EGLint) -> EGLBoolean)?
    /// Whether a surface says how old its back buffer is (EGL_EXT_buffer_age), so only what
    /// changed since it was drawn is drawn again.
    let hasBufferAge: Bool

    init(wayland: OpaquePointer) throws {
        // The EXT entry points: epoxy aborts on the core 1.5 ones before any display exists.
        guard let display = epoxy_eglGetPlatformDisplayEXT(EGLenum(EGL_PLATFORM_WAYLAND_EXT), UnsafeMutableRawPointer(wayland), nil) else {
            throw GLFailure("EGL cannot use the Wayland display (\(HeadlessContext.eglErrorName()))")
        }
        var major: EGLint = 0, minor: EGLint = 0
        guard epoxy_eglInitialize(display, &major, &minor) == EGLBoolean(EGL_TRUE) else {
            throw GLFailure("eglInitialize failed on the Wayland display: \(HeadlessContext.eglErrorName()) (is Mesa's libegl-mesa0 installed?)")
        }
        guard epoxy_eglBindAPI(EGLenum(EGL_OPENGL_API)) == EGLBoolean(EGL_TRUE) else {
            throw GLFailure("EGL cannot bind the desktop OpenGL API (\(HeadlessContext.eglErrorName())).")
        }
        // Eight bits of alpha: the compositor blends the surfaces with what is beneath.
        let wanted: [EGLint] = [
            EGL_SURFACE_TYPE, EGL_WINDOW_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT,
            EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_ALPHA_SIZE, 8, EGL_NONE,
        ]
        var config: EGLConfig?
        var count: EGLint = 0
        guard epoxy_eglChooseConfig(display, wanted, &config, 1, &count) == EGLBoolean(EGL_TRUE), count > 0, let config else {
            throw GLFailure("EGL offers no RGBA window configuration for OpenGL on this Wayland display (\(HeadlessContext.eglErrorName()))")
        }
        let attributes: [EGLint] = [
            EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 3,
            EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE,
        ]
        guard let context = epoxy_eglCreateContext(display, config, nil, attributes) else {
            throw GLFailure("EGL could not create an OpenGL 3.3 core context on the Wayland display (\(HeadlessContext.eglErrorName())). confetti needs OpenGL 3.3 or newer.")
        }
        self.display = display
        self.config = config
        self.context = context
        if epoxy_has_egl_extension(display, "EGL_KHR_swap_buffers_with_damage") {
            swapWithDamage = { epoxy_eglSwapBuffersWithDamageKHR($0, $1, $2, $3) }
        } else if epoxy_has_egl_extension(display, "EGL_EXT_swap_buffers_with_damage") {
            swapWithDamage = { epoxy_eglSwapBuffersWithDamageEXT($0, $1, $2, $3) }
        } else {
            swapWithDamage = nil
        }
        hasBufferAge = epoxy_has_egl_extension(display, "EGL_EXT_buffer_age") || epoxy_has_egl_extension(display, "EGL_KHR_partial_update")
        // Current without a surface (EGL_KHR_surfaceless_context), so shaders and buffers can be
        // made before any output has been configured.
        guard epoxy_eglMakeCurrent(display, nil, nil, context) == EGLBoolean(EGL_TRUE) else {
            throw GLFailure("eglMakeCurrent without a surface failed on the Wayland display (\(HeadlessContext.eglErrorName()))")
        }
        try requireGL33()
    }

    /// A window surface on `window` (a `wl_egl_window`).
    func surface(on window: OpaquePointer) throws -> EGLSurface {
        guard let surface = epoxy_eglCreatePlatformWindowSurfaceEXT(display, config, UnsafeMutableRawPointer(window), nil) else {
            throw GLFailure("EGL could not make a window surface on the Wayland display (\(HeadlessContext.eglErrorName()))")
        }
        return surface
    }

    /// Draws to `surface` from now on; its swaps never wait for the compositor (the overlay
    /// follows each surface's frame callbacks itself, so an output that is off stalls nothing).
    func makeCurrent(_ surface: EGLSurface) throws {
        guard epoxy_eglMakeCurrent(display, surface, surface, context) == EGLBoolean(EGL_TRUE) else {
            throw GLFailure("eglMakeCurrent failed on a Wayland surface (\(HeadlessContext.eglErrorName()))")
        }
        _ = epoxy_eglSwapInterval(display, 0)
    }

    /// Why the compositor is told every frame changes all of each surface; nil when it is not.
    var damageFallback: String? {
        switch (swapWithDamage != nil, hasBufferAge) {
        case (true, true): nil
        case (false, true): "EGL offers no swap with damage (EGL_KHR/EXT_swap_buffers_with_damage): the compositor repaints whole outputs"
        case (true, false): "EGL offers no buffer age (EGL_EXT_buffer_age): the overlay redraws whole outputs"
        case (false, false): "EGL offers neither swap with damage nor buffer age: whole outputs are redrawn and repainted"
        }
    }

    /// How many frames ago the back buffer of `surface`, current, was drawn (0: unknown).
    func bufferAge(_ surface: EGLSurface) -> Int {
        guard hasBufferAge else { return 0 }
        var age: EGLint = 0
        guard epoxy_eglQuerySurface(display, surface, EGL_BUFFER_AGE_EXT, &age) == EGLBoolean(EGL_TRUE) else { return 0 }
        return Int(max(age, 0))
    }

    /// Draws to no surface (a framebuffer object of its own must be bound).
    func makeCurrentWithoutSurface() throws {
        guard epoxy_eglMakeCurrent(display, nil, nil, context) == EGLBoolean(EGL_TRUE) else {
            throw GLFailure("eglMakeCurrent without a surface failed on the Wayland display (\(HeadlessContext.eglErrorName()))")
        }
    }

    /// Shows what was drawn, telling the compositor that `damage` changed (nil: all of it).
    func swap(_ surface: EGLSurface, damage: [PixelRect]? = nil) throws {
        if let swapWithDamage, let damage {
            // No rectangle would mean the whole surface: a frame that changed nothing names one pixel.
            var rects: [EGLint] = damage.isEmpty ? [0, 0, 1, 1] : damage.flatMap { [EGLint($0.x), EGLint($0.y), EGLint($0.width), EGLint($0.height)] }
            guard swapWithDamage(display, surface, &rects, EGLint(rects.count / 4)) == EGLBoolean(EGL_TRUE) else {
                throw GLFailure("eglSwapBuffersWithDamage failed on a Wayland surface (\(HeadlessContext.eglErrorName()))")
            }
            return
        }
        guard epoxy_eglSwapBuffers(display, surface) == EGLBoolean(EGL_TRUE) else {
            throw GLFailure("eglSwapBuffers failed on a Wayland surface (\(HeadlessContext.eglErrorName()))")
        }
    }

    func destroy(_ surface: EGLSurface) {
        _ = epoxy_eglMakeCurrent(display, nil, nil, context)
        _ = epoxy_eglDestroySurface(display, surface)
    }

    func close() {
        _ = epoxy_eglMakeCurrent(display, nil, nil, nil)
        _ = epoxy_eglDestroyContext(display, context)
        _ = epoxy_eglTerminate(display)
    }
}
