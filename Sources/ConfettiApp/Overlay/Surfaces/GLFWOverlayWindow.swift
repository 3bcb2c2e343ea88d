import CGLFW
import CX11
import ConfettiGL
import FoundationEssentials
import Glibc

/// The overlay on X11: one borderless, always-on-top GLFW window over every monitor XRandR
/// lists (their union: one window, one GL context), click-through (an empty input shape).
///
/// Only GLFW's X11 build makes it. Its Wayland build (libglfw3-wayland) can neither place a
/// window nor keep it over the others, and on Wayland the overlay is a client of its own
/// (`WaylandOverlaySurfaces`) whichever GLFW is loaded, so that build is refused here in one line.
final class GLFWOverlayWindow: OverlaySurfaces {
    let window: GLFWWindow
    let outputs: [DesktopOutput]
    /// What the window covers, as one output: the union of `outputs`.
    private let covered: DesktopOutput
    private var shown = false
    /// Shows only what changed, where the GLX can (nil: each frame is swapped whole).
    private let presenter: X11SubBufferPresenter?
    /// With the presenter and vsync: seconds between frames, the display's refresh (a copy
    /// waits for nothing, unlike a swap), and when the next is due.
    private let frameInterval: Double?
    private var nextFrame = 0.0
    /// Frames drawn so far, and the framebuffer size of the last.
    private var frames = 0
    private var drawnSize: (Int, Int)?
    /// The window's contents were lost or never shown (mapped, exposed, resized): the next
    /// frame is shown whole.
    private var showWhole = true

    init(_ options: OverlaySurfaceOptions) throws {
        guard GLFWPlatform.loaded == .x11 else { throw GLFailure(Self.waylandBuildRefusal) }
        try GLFWWindow.initialize()
        // X11 needs a compositing manager to show a window's alpha.
        if options.transparent, let display = GLFWPlatform.display, !X11Desktop.hasCompositingManager(display) {
            let name = X11Desktop.name(display)
            glfwTerminate()
            throw GLFailure("no compositing manager is running on display \(name), so a transparent overlay cannot be shown: start one (xcompmgr, picom, or a desktop's own), or pass --opaque to draw over a plain background")
        }
        var monitors: [(name: String, x: Int, y: Int, width: Int, height: Int)] = []
        if let display = GLFWPlatform.display {
            monitors = X11Desktop.monitors(display)
        }
        if monitors.isEmpty, let primary = GLFWWindow.primaryMonitorArea() { monitors = [primary] }
        guard !monitors.isEmpty else {
            glfwTerminate()
            throw GLFailure("the display reports no monitor to cover")
        }
        let left = monitors.map(\.x).min()!, top = monitors.map(\.y).min()!
        let right = monitors.map { $0.x + $0.width }.max()!, bottom = monitors.map { $0.y + $0.height }.max()!
        window = try GLFWWindow(width: right - left, height: bottom - top, title: "confetti overlay",
                                vsync: options.vsync, style: .overlay(transparent: options.transparent))
        do {
            if options.transparent, !window.isTransparent {
                throw GLFailure("the display offers no visual with an alpha channel for a transparent window (an X server needs the Composite extension: Xvfb +extension Composite); pass --opaque to draw over a plain background")
            }
            guard let display = GLFWPlatform.display, let handle = GLFWPlatform.x11Window(window.handle) else {
                throw GLFailure("GLFW gave no X11 window to make click-through")
            }
            // While the window is hidden, so it never takes input at all.
            X11Desktop.makeClickThrough(display, window: handle)
            window.move(toX: left, y: top)
        } catch {
            window.close()
            throw error
        }
        let scale = window.pixelsPerPoint
        outputs = monitors.map {
            DesktopOutput(name: $0.name, x: Double($0.x) / scale, y: Double($0.y) / scale,
                          width: Double($0.width) / scale, height: Double($0.height) / scale, scale: scale)
        }
        covered = DesktopOutput(name: monitors.map(\.name).joined(separator: "+"), x: Double(left) / scale, y: Double(top) / scale,
                                width: Double(right - left) / scale, height: Double(bottom - top) / scale, scale: scale)
        window.makeCurrent()
        let handle = window.handle
        presenter = GLFWPlatform.display.flatMap { X11SubBufferPresenter(window: handle, display: $0) }
        let refresh = glfwGetPrimaryMonitor().flatMap { glfwGetVideoMode($0) }.map { Double($0.pointee.refreshRate) } ?? 0
        frameInterval = presenter != nil && options.vsync ? 1 / (refresh > 0 ? refresh : 60) : nil
    }

    func show() throws {
        guard !shown else { return }
        window.show()
        shown = true
        showWhole = true
    }

    func hide() {
        guard shown else { return }
        window.hide()
        shown = false
    }

    /// While shown its frame is always due, so it only polls. An exposed or resized window is
    /// shown whole at its next frame.
    func dispatch(waitingUpTo seconds: Double) throws {
        if window.pollEvents(waiting: shown || seconds <= 0 ? nil : seconds).contains(.refresh) { showWhole = true }
    }

    /// The window's frame is always due: with vsync the swap waits for the display, and so
    /// does the presenter's frame, for the rest of its interval. `draw` gets the union of the
    /// monitors as the output: one window covers them all.
    func drawDue(_ draw: (DesktopOutput, SurfaceFrame) throws -> [PixelRect]?) throws {
        guard shown else { return }
        let (w, h) = window.framebufferSize
        guard w > 0, h > 0 else { return }
        window.makeCurrent()
        guard let presenter else {
            _ = try draw(covered, SurfaceFrame(pixelsWide: w, pixelsHigh: h))
            window.swapBuffers()
            return
        }
        let started = monotonicSeconds()
        // Nothing but this draws the back buffer, and nothing swaps it: it holds the last frame.
        let age = drawnSize.map { $0 == (w, h) } == true ? 1 : 0
        let changed = try draw(covered, SurfaceFrame(pixelsWide: w, pixelsHigh: h, bufferAge: age, number: frames))
        frames += 1
        drawnSize = (w, h)
        let whole = PixelRect(x: 0, y: 0, width: w, height: h)
        presenter.present(showWhole || age == 0 ? [whole] : changed.map { $0.isEmpty ? $0 : CompositorDamage.cover($0, within: whole) } ?? [whole])
        showWhole = false
        if let frameInterval {
            nextFrame = max(nextFrame + frameInterval, started)
            let wait = nextFrame - monotonicSeconds()
            if wait > 0 { usleep(useconds_t(wait * 1_000_000)) }
        }
    }

    /// GLFW swaps with glXSwapBuffers (or eglSwapBuffers), which takes no damage, and says
    /// nothing of its buffers' age: without the presenter each frame is drawn whole and the
    /// compositing manager sees the whole window change.
    var damageFallback: String? {
        presenter == nil ? "GLFW's swap takes no damage and this GLX copies no part of a buffer (GLX_MESA_copy_sub_buffer): the whole window is redrawn and recomposited" : nil
    }

    var isClosed: Bool { window.shouldClose }

    /// While shown, always (the swap waits for the display).
    var isFrameDue: Bool { shown }

    var notice: String? { nil }

    var eventDescriptor: Int32? {
        GLFWPlatform.display.map { XConnectionNumber($0) }
    }

    /// Why the overlay cannot use the GLFW loaded: its Wayland build.
    static let waylandBuildRefusal = "the libglfw.so.3 loaded is GLFW's Wayland build (libglfw3-wayland), which cannot cover an X11 desktop: on Wayland the overlay is a client of its own and needs WAYLAND_DISPLAY set; on X11 it needs Debian's libglfw3"

    func close() { window.close() }
}
