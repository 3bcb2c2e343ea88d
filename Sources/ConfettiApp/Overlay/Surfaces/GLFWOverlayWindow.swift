import CGLFW
import ConfettiGL
import Foundation

/// The overlay as one borderless, always-on-top GLFW window the size of the primary monitor,
/// click-through (an empty input shape on X11, an empty input region on Wayland).
final class GLFWOverlayWindow: OverlaySurfaces {
    let window: GLFWWindow
    private let output: DesktopOutput
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
        guard let screen = GLFWWindow.primaryMonitorArea() else {
            glfwTerminate()
            throw GLFailure("the display reports no monitor to cover")
        }
        window = try GLFWWindow(width: screen.width, height: screen.height, title: "confetti overlay",
                                vsync: options.vsync, style: .overlay(transparent: options.transparent))
        do {
            if options.transparent, !window.isTransparent {
                throw GLFailure("the display offers no visual with an alpha channel for a transparent window (an X server needs the Composite extension: Xvfb +extension Composite); pass --opaque to draw over a plain background")
            }
            try window.makeClickThrough()
            window.move(toX: screen.x, y: screen.y)
        } catch {
            window.close()
            throw error
        }
        let scale = window.pixelsPerPoint
        output = DesktopOutput(name: screen.name, x: Double(screen.x) / scale, y: Double(screen.y) / scale,
                               width: Double(screen.width) / scale, height: Double(screen.height) / scale, scale: scale)
    }

    var outputs: [DesktopOutput] { [output] }

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

    /// The window's frame is always due: with vsync the swap waits for the display.
    func drawDue(_ draw: (DesktopOutput, Int, Int) throws -> Void) throws {
        guard shown else { return }
        let (w, h) = window.framebufferSize
        guard w > 0, h > 0 else { return }
        window.makeCurrent()
        try draw(output, w, h)
        window.swapBuffers()
    }

    var isClosed: Bool { window.shouldClose }

    var notice: String? { nil }

    func close() { window.close() }
}
