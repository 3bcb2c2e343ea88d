@preconcurrency import CEpoxy
import CGLFW
import ConfettiGL
import Foundation

/// A GLFW window with an OpenGL 3.3 core context: the viewer's, or the overlay's.
///
/// GLFW 3.3 runs on X11 (under test: Xvfb, or XWayland) or, with Debian's libglfw3-wayland,
/// natively on Wayland. Input arrives through callbacks, which are C function pointers and so
/// cannot capture; they find this object again through the window's user pointer and queue
/// what happened as `WindowEvent`s.
package final class GLFWWindow {
    package let handle: OpaquePointer
    package private(set) var events: [WindowEvent] = []

    nonisolated(unsafe) private static var lastError = ""

    package enum Style: Sendable {
        /// The viewer's: decorated, resizable, sized in points (scaled to the monitor).
        case normal
        /// Borderless and always on top; never focused, not on creation nor when shown. It is
        /// created hidden, so that it can be made click-through before it is ever on screen.
        /// A transparent one has an alpha channel that the compositor blends with what is below.
        case overlay(transparent: Bool)
    }

    /// Connects to the display. Windows do this themselves; call it first to ask about the
    /// display (its monitor, its compositing manager) before opening one.
    package static func initialize() throws {
        glfwSetErrorCallback { _, description in
            GLFWWindow.lastError = description.map { String(cString: $0) } ?? "unknown GLFW error"
        }
        guard glfwInit() == GLFW_TRUE else {
            throw GLFailure(Self.noDisplayMessage(Self.lastError))
        }
    }

    package init(width: Int, height: Int, title: String, vsync: Bool = true, style: Style = .normal) throws {
        try Self.initialize()
        glfwDefaultWindowHints()
        glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3)
        glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3)
        glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE)
        glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE)
        switch style {
        case .normal:
            glfwWindowHint(GLFW_RESIZABLE, GLFW_TRUE)
            glfwWindowHint(GLFW_SCALE_TO_MONITOR, GLFW_TRUE)
        case .overlay(let transparent):
            glfwWindowHint(GLFW_RESIZABLE, GLFW_FALSE)
            glfwWindowHint(GLFW_DECORATED, GLFW_FALSE)
            glfwWindowHint(GLFW_FLOATING, GLFW_TRUE)
            glfwWindowHint(GLFW_VISIBLE, GLFW_FALSE)
            glfwWindowHint(GLFW_FOCUSED, GLFW_FALSE)
            glfwWindowHint(GLFW_FOCUS_ON_SHOW, GLFW_FALSE)
            glfwWindowHint(GLFW_TRANSPARENT_FRAMEBUFFER, transparent ? GLFW_TRUE : GLFW_FALSE)
        }
        #if DEBUG
        glfwWindowHint(GLFW_OPENGL_DEBUG_CONTEXT, GLFW_TRUE)
        #endif
        guard let handle = glfwCreateWindow(Int32(width), Int32(height), title, nil, nil) else {
            let reason = Self.lastError
            glfwTerminate()
            throw GLFailure("could not open an OpenGL 3.3 core window: \(reason). confetti needs OpenGL 3.3 or newer; `confetti render` works without a window.")
        }
        self.handle = handle
        glfwMakeContextCurrent(handle)
        glfwSwapInterval(vsync ? 1 : 0)
        do {
            try requireGL33()
        } catch {
            glfwDestroyWindow(handle)
            glfwTerminate()
            throw error
        }
        #if DEBUG
        GLDebugLog.install()
        #endif
        glfwSetWindowUserPointer(handle, Unmanaged.passUnretained(self).toOpaque())
        installCallbacks()
    }

    static func noDisplayMessage(_ reason: String) -> String {
        let environment = ProcessInfo.processInfo.environment
        let display = environment["DISPLAY"] ?? "", wayland = environment["WAYLAND_DISPLAY"] ?? ""
        let why = switch GLFWPlatform.loaded {
        case .x11 where display.isEmpty && !wayland.isEmpty:
            "no X display (DISPLAY is not set), and this GLFW (Debian's libglfw3) speaks X11 only; for native Wayland `make run` uses libglfw3-wayland"
        case .x11 where display.isEmpty: "no display (DISPLAY is not set)"
        case .x11: "cannot open display \(display) (\(reason))"
        case .wayland: "cannot connect to the Wayland display \(wayland.isEmpty ? "(WAYLAND_DISPLAY is not set)" : wayland) (\(reason))"
        }
        return "\(why). Windows need a display; render without one: `confetti render --out frames`."
    }

    /// Where the primary monitor is and its current video mode, in screen coordinates
    /// (after `initialize`).
    package static func primaryMonitorArea() -> (name: String, x: Int, y: Int, width: Int, height: Int)? {
        guard let monitor = glfwGetPrimaryMonitor(), let mode = glfwGetVideoMode(monitor) else { return nil }
        var x: Int32 = 0, y: Int32 = 0
        glfwGetMonitorPos(monitor, &x, &y)
        let name = glfwGetMonitorName(monitor).map { String(cString: $0) } ?? "primary"
        return (name, Int(x), Int(y), Int(mode.pointee.width), Int(mode.pointee.height))
    }

    /// Whether the framebuffer's alpha reaches the screen: a transparent window under a
    /// compositing manager, with a visual that has alpha.
    package var isTransparent: Bool {
        glfwGetWindowAttrib(handle, GLFW_TRANSPARENT_FRAMEBUFFER) == GLFW_TRUE
    }

    package func show() { glfwShowWindow(handle) }

    package func hide() { glfwHideWindow(handle) }

    package func move(toX x: Int, y: Int) { glfwSetWindowPos(handle, Int32(x), Int32(y)) }

    /// Destroys the window and ends GLFW.
    package func close() {
        glfwSetWindowUserPointer(handle, nil)
        glfwDestroyWindow(handle)
        glfwTerminate()
    }

    package func makeCurrent() { glfwMakeContextCurrent(handle) }

    package var shouldClose: Bool {
        get { glfwWindowShouldClose(handle) == GLFW_TRUE }
        set { glfwSetWindowShouldClose(handle, newValue ? GLFW_TRUE : GLFW_FALSE) }
    }

    package var title: String = "" {
        didSet { glfwSetWindowTitle(handle, title) }
    }

    /// Framebuffer pixels: 0×0 while minimised.
    package var framebufferSize: (width: Int, height: Int) {
        var w: Int32 = 0, h: Int32 = 0
        glfwGetFramebufferSize(handle, &w, &h)
        return (Int(w), Int(h))
    }

    /// Framebuffer pixels per point.
    package var pixelsPerPoint: Double {
        var x: Float = 1, y: Float = 1
        glfwGetWindowContentScale(handle, &x, &y)
        return x > 0 ? Double(x) : 1
    }

    /// The cursor in points.
    package var cursor: (x: Double, y: Double) {
        var x = 0.0, y = 0.0
        glfwGetCursorPos(handle, &x, &y)
        var ww: Int32 = 0, wh: Int32 = 0
        glfwGetWindowSize(handle, &ww, &wh)
        // Cursor coordinates are in window units, which may differ from framebuffer pixels.
        let pixelsPerUnit = ww > 0 ? Double(framebufferSize.width) / Double(ww) : 1
        return (x * pixelsPerUnit / pixelsPerPoint, y * pixelsPerUnit / pixelsPerPoint)
    }

    package func swapBuffers() { glfwSwapBuffers(handle) }

    /// Polls (or, with a timeout, waits for) input; returns what arrived since the last call.
    /// An infinite timeout waits for as long as it takes.
    package func pollEvents(waiting timeout: Double? = nil) -> [WindowEvent] {
        switch timeout {
        case nil: glfwPollEvents()
        case let t? where t.isInfinite: glfwWaitEvents()
        case let t?: glfwWaitEventsTimeout(max(t, 0))
        }
        defer { events.removeAll() }
        return events
    }

    package static var time: Double { glfwGetTime() }

    private static func owner(_ window: OpaquePointer?) -> GLFWWindow? {
        guard let window, let pointer = glfwGetWindowUserPointer(window) else { return nil }
        return Unmanaged<GLFWWindow>.fromOpaque(pointer).takeUnretainedValue()
    }

    private func installCallbacks() {
        glfwSetKeyCallback(handle) { window, key, _, action, _ in
            guard action == GLFW_PRESS || action == GLFW_REPEAT else { return }
            GLFWWindow.owner(window)?.events.append(.key(Int(key), repeated: action == GLFW_REPEAT))
        }
        glfwSetCharCallback(handle) { window, codepoint in
            GLFWWindow.owner(window)?.events.append(.character(Character(Unicode.Scalar(codepoint) ?? " ")))
        }
        // The window was uncovered, resized or asks to be drawn again.
        glfwSetWindowRefreshCallback(handle) { window in
            GLFWWindow.owner(window)?.events.append(.refresh)
        }
        glfwSetFramebufferSizeCallback(handle) { window, _, _ in
            GLFWWindow.owner(window)?.events.append(.refresh)
        }
        glfwSetMouseButtonCallback(handle) { window, button, action, _ in
            guard action == GLFW_PRESS, button == GLFW_MOUSE_BUTTON_LEFT, let owner = GLFWWindow.owner(window) else { return }
            let (x, y) = owner.cursor
            owner.events.append(.click(x: x, y: y))
        }
    }
}

package enum WindowEvent: Equatable, Sendable {
    /// A GLFW key code, pressed or auto-repeated.
    case key(Int, repeated: Bool)
    /// Text input, which follows the keyboard layout (so `+` is `+` wherever it lives).
    case character(Character)
    /// A left click, in points.
    case click(x: Double, y: Double)
    /// The window needs drawing again (uncovered or resized).
    case refresh
}
