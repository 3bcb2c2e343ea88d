@preconcurrency import CEGL
@preconcurrency import CEpoxy
import ConfettiGL
import CWaylandProtocols

/// The overlay's surface on one output: a layer surface (overlay layer, anchored to every edge,
/// size 0×0 so the compositor gives the whole output, exclusive zone -1 so nothing moves for it,
/// no keyboard, an empty input region), or where the compositor has no layer shell an
/// xdg_toplevel titled `confetti overlay NAME` that the desktop places. It is drawn only when
/// its frame is due: configured, and the compositor's frame callback for the last one done.
final class WaylandOverlaySurface {
    enum Role {
        case layer(OpaquePointer)
        case toplevel(xdgSurface: OpaquePointer, toplevel: OpaquePointer)
    }

    unowned let owner: WaylandOverlaySurfaces
    unowned let output: WaylandOutput
    let surface: OpaquePointer
    private(set) var role: Role!
    private var viewport: OpaquePointer?
    private var fractionalScale: OpaquePointer?
    /// The preferred scale from wp_fractional_scale_v1, in 120ths.
    private var preferred120: UInt32?
    /// The size the compositor configured, in points (0: not configured yet).
    private(set) var width = 0, height = 0
    private var eglWindow: OpaquePointer?
    /// Where EGL cannot show only what changed, its own buffers instead of an EGL window.
    private var presenter: WaylandShmPresenter?
    private var eglSurface: EGLSurface?
    private var bufferWidth = 0, bufferHeight = 0
    private var frameCallback: OpaquePointer?
    /// A toplevel draws particles only once configured to its output's size (or left to choose
    /// its own size, which is the output's: 0×0, or a size that is only a hint); before that,
    /// its buffers are transparent.
    private var sizedForOutput = true
    /// Which surface it is, and the frames it has swapped (`SurfaceFrame`).
    private let identity = WaylandOverlaySurface.nextIdentity()
    private var swaps = 0
    nonisolated(unsafe) private static var made = 0
    private static func nextIdentity() -> Int {
        made += 1
        return made
    }
    /// The compositor closed it (the output went away, or the layer shell said `closed`).
    private(set) var isClosed = false

    init(owner: WaylandOverlaySurfaces, output: WaylandOutput) throws {
        self.owner = owner
        self.output = output
        guard let compositor = owner.compositor, let surface = wl_compositor_create_surface(compositor) else {
            throw GLFailure("the Wayland compositor made no surface")
        }
        self.surface = surface
        let me = Unmanaged.passUnretained(self).toOpaque()
        // No input at all: every click and touch goes to what is beneath.
        let empty = wl_compositor_create_region(compositor)
        wl_surface_set_input_region(surface, empty)
        wl_region_destroy(empty)
        if let manager = owner.fractionalScaleManager, let viewporter = owner.viewporter {
            fractionalScale = wp_fractional_scale_manager_v1_get_fractional_scale(manager, surface)
            wp_fractional_scale_v1_add_listener(fractionalScale, &Self.fractionalScaleListener, me)
            viewport = wp_viewporter_get_viewport(viewporter, surface)
        }
        if let shell = owner.layerShell {
            let layer = zwlr_layer_shell_v1_get_layer_surface(shell, surface, output.output, ZWLR_LAYER_SHELL_V1_LAYER_OVERLAY.rawValue, "confetti")!
            zwlr_layer_surface_v1_add_listener(layer, &Self.layerListener, me)
            let edges = ZWLR_LAYER_SURFACE_V1_ANCHOR_TOP.rawValue | ZWLR_LAYER_SURFACE_V1_ANCHOR_BOTTOM.rawValue
                | ZWLR_LAYER_SURFACE_V1_ANCHOR_LEFT.rawValue | ZWLR_LAYER_SURFACE_V1_ANCHOR_RIGHT.rawValue
            zwlr_layer_surface_v1_set_anchor(layer, edges)
            zwlr_layer_surface_v1_set_size(layer, 0, 0)
            zwlr_layer_surface_v1_set_exclusive_zone(layer, -1)
            zwlr_layer_surface_v1_set_keyboard_interactivity(layer, ZWLR_LAYER_SURFACE_V1_KEYBOARD_INTERACTIVITY_NONE.rawValue)
            role = .layer(layer)
        } else if let base = owner.wmBase {
            let xdgSurface = xdg_wm_base_get_xdg_surface(base, surface)!
            xdg_surface_add_listener(xdgSurface, &Self.xdgSurfaceListener, me)
            let toplevel = xdg_surface_get_toplevel(xdgSurface)!
            xdg_toplevel_add_listener(toplevel, &Self.toplevelListener, me)
            xdg_toplevel_set_title(toplevel, "confetti overlay \(output.desktopOutput.name)")
            xdg_toplevel_set_app_id(toplevel, "confetti-overlay")
            role = .toplevel(xdgSurface: xdgSurface, toplevel: toplevel)
        } else {
            wl_surface_destroy(surface)
            throw GLFailure("the Wayland compositor has neither the layer shell (zwlr_layer_shell_v1) nor xdg-shell (xdg_wm_base)")
        }
        // The first commit has no buffer: the compositor answers it with a configure.
        wl_surface_commit(surface)
    }

    /// Pixels per point of its buffer.
    var scale: Double {
        if let preferred120 { return Double(preferred120) / 120 }
        return Double(max(output.scale, 1))
    }

    /// Configured, no frame in flight, and not closed.
    var isDue: Bool { width > 0 && height > 0 && frameCallback == nil && !isClosed }

    /// A toplevel configured but never given a buffer: the desktop maps (and so can place) a
    /// window only once it has one, so it gets a transparent one at once, frames or not.
    var needsFirstBuffer: Bool {
        guard case .toplevel = role else { return false }
        return eglWindow == nil && presenter == nil && isDue
    }

    /// The output as this surface shows it: its configured size in points.
    var drawnOutput: DesktopOutput {
        var drawn = output.desktopOutput
        drawn.width = Double(width)
        drawn.height = Double(height)
        drawn.scale = scale
        return drawn
    }

    /// Draws one frame (`draw` gets the output and the buffer's frame, the context current and
    /// framebuffer 0 bound, and says what changed; or a transparent one), asks for the next
    /// frame callback and commits with that damage.
    func draw(with egl: WaylandEGL, transparent: Bool = false, _ draw: (DesktopOutput, SurfaceFrame) throws -> [PixelRect]?) throws {
        let pixelsWide = max(1, Int((Double(width) * scale).rounded())), pixelsHigh = max(1, Int((Double(height) * scale).rounded()))
        if owner.presentsItself, let shm = owner.shm {
            if presenter == nil { presenter = WaylandShmPresenter(shm: shm) }
        } else if eglWindow == nil {
            eglWindow = wl_egl_window_create(surface, Int32(pixelsWide), Int32(pixelsHigh))
            guard let eglWindow else { throw GLFailure("wayland-egl made no window") }
            eglSurface = try egl.surface(on: eglWindow)
        } else if pixelsWide != bufferWidth || pixelsHigh != bufferHeight {
            wl_egl_window_resize(eglWindow, Int32(pixelsWide), Int32(pixelsHigh), 0, 0)
        }
        bufferWidth = pixelsWide
        bufferHeight = pixelsHigh
        // A buffer of pixels, shown at the configured size: through the viewport when the scale is
        // fractional, else as an integer buffer scale.
        if let viewport {
            wl_surface_set_buffer_scale(surface, 1)
            wp_viewport_set_destination(viewport, Int32(width), Int32(height))
        } else {
            wl_surface_set_buffer_scale(surface, Int32(max(output.scale, 1)))
        }
        if let presenter {
            try egl.makeCurrentWithoutSurface()
            let frame = SurfaceFrame(pixelsWide: pixelsWide, pixelsHigh: pixelsHigh, surface: identity)
            try presenter.present(on: surface, width: pixelsWide, height: pixelsHigh, frame: frame) { frame in
                if !transparent, sizedForOutput { return try draw(drawnOutput, frame) }
                setGLViewport(0, 0, GLsizei(pixelsWide), GLsizei(pixelsHigh))
                epoxy_glClearColor(0, 0, 0, 0)
                epoxy_glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
                return nil
            }
            frameCallback = wl_surface_frame(surface)
            wl_callback_add_listener(frameCallback, &Self.frameListener, Unmanaged.passUnretained(self).toOpaque())
            wl_surface_commit(surface)
            return
        }
        try egl.makeCurrent(eglSurface!)
        bindWindowFramebuffer(GLenum(GL_FRAMEBUFFER))
        var damage: [PixelRect]?
        if !transparent, sizedForOutput {
            damage = try draw(drawnOutput, SurfaceFrame(pixelsWide: pixelsWide, pixelsHigh: pixelsHigh, bufferAge: egl.bufferAge(eglSurface!), surface: identity, number: swaps))
        } else {
            setGLViewport(0, 0, GLsizei(pixelsWide), GLsizei(pixelsHigh))
            epoxy_glClearColor(0, 0, 0, 0)
            epoxy_glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        }
        frameCallback = wl_surface_frame(surface)
        wl_callback_add_listener(frameCallback, &Self.frameListener, Unmanaged.passUnretained(self).toOpaque())
        // eglSwapBuffers attaches the buffer and commits the surface, told what changed as a few
        // rectangles (`CompositorDamage`).
        let whole = PixelRect(x: 0, y: 0, width: pixelsWide, height: pixelsHigh)
        try egl.swap(eglSurface!, damage: damage.map { $0.isEmpty ? $0 : CompositorDamage.cover($0, within: whole) })
        swaps += 1
    }

    func destroy() {
        if let frameCallback { wl_callback_destroy(frameCallback) }
        frameCallback = nil
        if let eglSurface { owner.egl?.destroy(eglSurface) }
        if let eglWindow { wl_egl_window_destroy(eglWindow) }
        eglSurface = nil
        eglWindow = nil
        presenter?.destroy()
        presenter = nil
        if let viewport { wp_viewport_destroy(viewport) }
        if let fractionalScale { wp_fractional_scale_v1_destroy(fractionalScale) }
        switch role {
        case .layer(let layer): zwlr_layer_surface_v1_destroy(layer)
        case .toplevel(let xdgSurface, let toplevel):
            xdg_toplevel_destroy(toplevel)
            xdg_surface_destroy(xdgSurface)
        case nil: break
        }
        wl_surface_destroy(surface)
        isClosed = true
    }

    private static func from(_ data: UnsafeMutableRawPointer?) -> WaylandOverlaySurface {
        Unmanaged<WaylandOverlaySurface>.fromOpaque(data!).takeUnretainedValue()
    }

    private func configured(width: UInt32, height: UInt32) {
        self.width = Int(width)
        self.height = Int(height)
    }

    nonisolated(unsafe) private static var layerListener = zwlr_layer_surface_v1_listener(
        configure: { data, layer, serial, width, height in
            let me = from(data)
            zwlr_layer_surface_v1_ack_configure(layer, serial)
            me.configured(width: width, height: height)
        },
        closed: { data, _ in
            let me = from(data)
            me.owner.closedByCompositor(me)
        }
    )

    /// The pending toplevel size until the xdg_surface configure that applies it.
    private var pendingWidth: Int32 = 0, pendingHeight: Int32 = 0
    /// Whether the pending configure's states make its size binding (maximized, fullscreen,
    /// tiled); otherwise xdg-shell makes the size a hint and the client picks its own.
    private var pendingSizeIsBinding = false

    /// The xdg_toplevel states under which the configured size must be obeyed.
    private static let bindingStates: Set<UInt32> = [
        XDG_TOPLEVEL_STATE_MAXIMIZED.rawValue, XDG_TOPLEVEL_STATE_FULLSCREEN.rawValue,
        XDG_TOPLEVEL_STATE_TILED_LEFT.rawValue, XDG_TOPLEVEL_STATE_TILED_RIGHT.rawValue,
        XDG_TOPLEVEL_STATE_TILED_TOP.rawValue, XDG_TOPLEVEL_STATE_TILED_BOTTOM.rawValue,
    ]

    nonisolated(unsafe) private static var toplevelListener = xdg_toplevel_listener(
        configure: { data, _, width, height, states in
            let me = from(data)
            me.pendingWidth = width
            me.pendingHeight = height
            var binding = false
            if let states, let values = states.pointee.data {
                let count = states.pointee.size / MemoryLayout<UInt32>.stride
                let typed = values.bindMemory(to: UInt32.self, capacity: count)
                binding = (0..<count).contains { bindingStates.contains(typed[$0]) }
            }
            me.pendingSizeIsBinding = binding
        },
        close: { data, _ in
            let me = from(data)
            me.owner.closedByCompositor(me)
        },
        configure_bounds: { _, _, _, _ in },
        wm_capabilities: { _, _, _ in }
    )

    nonisolated(unsafe) private static var xdgSurfaceListener = xdg_surface_listener(
        configure: { data, xdgSurface, serial in
            let me = from(data)
            xdg_surface_ack_configure(xdgSurface, serial)
            // 0×0, or a size that is only a hint (a floating window: no maximized, fullscreen
            // or tiled state): the client chooses, and it chooses its output's size. Mutter
            // sends such hints (the size it unmaximizes to) and, when the extension then moves
            // the window over its monitor at the size of the buffer it already has, no later
            // configure: obeying the hint would leave the window that small and transparent.
            // A binding size is the desktop's; particles are drawn only if it is the output's.
            let output = me.output.desktopOutput
            let wide = Int(output.width.rounded()), high = Int(output.height.rounded())
            if me.pendingWidth <= 0 || me.pendingHeight <= 0 || !me.pendingSizeIsBinding {
                me.configured(width: UInt32(wide), height: UInt32(high))
                me.sizedForOutput = true
            } else {
                me.configured(width: UInt32(me.pendingWidth), height: UInt32(me.pendingHeight))
                me.sizedForOutput = Int(me.pendingWidth) == wide && Int(me.pendingHeight) == high
            }
        }
    )

    nonisolated(unsafe) private static var fractionalScaleListener = wp_fractional_scale_v1_listener(
        preferred_scale: { data, _, scale in
            let me = from(data)
            guard me.preferred120 != scale else { return }
            // KWin says it only after the first commit: the next frame is drawn at it.
            me.preferred120 = scale
        }
    )

    nonisolated(unsafe) private static var frameListener = wl_callback_listener(
        done: { data, callback, _ in
            let me = from(data)
            wl_callback_destroy(callback)
            if me.frameCallback == callback { me.frameCallback = nil }
        }
    )
}
