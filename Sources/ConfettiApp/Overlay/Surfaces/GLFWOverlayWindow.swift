import CGLFW
import CX11
import ConfettiGL
import FoundationEssentials
import Glibc

/// The overlay as one borderless, always-on-top GLFW window, click-through (an empty input
/// shape on X11): on X11 over every monitor XRandR lists (their union: one window, one GL
/// context), elsewhere over the primary monitor.
final class GLFWOverlayWindow: OverlaySurfaces {
    let window: GLFWWindow
    let outputs: [DesktopOutput]
    /// What the window covers, as one output: the union of `outputs`.
    private let covered: DesktopOutput
    private var shown = false

    init(_ options: OverlaySurfaceOptions) throws {
        try GLFWWindow.initialize()
        // X11 needs a compositing manager to show a window's alpha; Wayland compositors always do.
        if options.transparent, GLFWPlatform.loaded == .x11, let display = GLFWPlatform.display,
           !X11Desktop.hasCompositingManager(display) {
            let name = X11Desktop.name(display)
            glfwTerminate()
            throw GLFailure("no compositing manager is running on display \(name), so a transparent overlay cannot be shown: start one (xcompmgr, picom, or a desktop's own), or pass --opaque to draw over a plain background")
        }
        var monitors: [(name: String, x: Int, y: Int, width: Int, height: Int)] = []
        if GLFWPlatform.loaded == .x11, let display = GLFWPlatform.display {
            monitors = X11Desktop.monitors(display)
        }
        if monitors.isEmpty, let primary = GLFWWindow.primaryMonitorArea() { monitors = [primary] }
        if let only = options.output {
            guard let monitor = monitors.first(where: { $0.name == only }) else {
                glfwTerminate()
                throw GLFailure("the display has no monitor named '\(only)': \(monitors.map(\.name).joined(separator: ", "))")
            }
            monitors = [monitor]
        }
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
            try window.makeClickThrough()
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
    }

    func show() throws {
        guard !shown else { return }
        window.show()
        shown = true
    }

    func hide() {
        guard shown else { return }
        window.hide()
        shown = false
    }

    /// While shown its frame is always due, so it only polls.
    func dispatch(waitingUpTo seconds: Double) throws {
        _ = window.pollEvents(waiting: shown || seconds <= 0 ? nil : seconds)
    }

    /// The window's frame is always due (with vsync the swap waits for the display). `draw` gets
    /// the union of the monitors as the output: one window covers them all.
    func drawDue(_ draw: (DesktopOutput, SurfaceFrame) throws -> [PixelRect]?) throws {
        guard shown else { return }
        let (w, h) = window.framebufferSize
        guard w > 0, h > 0 else { return }
        window.makeCurrent()
        _ = try draw(covered, SurfaceFrame(pixelsWide: w, pixelsHigh: h))
        window.swapBuffers()
    }

    /// GLFW swaps with glXSwapBuffers (or eglSwapBuffers), which takes no damage, and says
    /// nothing of its buffers' age: each frame is drawn whole and the compositing manager
    /// sees the whole window change.
    var damageFallback: String? { "GLFW's swap takes no damage: the whole window is redrawn and recomposited" }

    var isClosed: Bool { window.shouldClose }

    /// While shown, always (the swap waits for the display).
    var isFrameDue: Bool { shown }

    var notice: String? { nil }

    var eventDescriptor: Int32? {
        GLFWPlatform.loaded == .x11 ? GLFWPlatform.display.map { XConnectionNumber($0) } : nil
    }

    func close() { window.close() }
}
