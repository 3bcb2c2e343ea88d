@preconcurrency import CEpoxy
import CGLFW
import ConfettiGL
import Foundation

/// A resizable GLFW window with an OpenGL 3.3 core context.
///
/// GLFW 3.3 needs an X server (under test: Xvfb). Input arrives through callbacks, which are
/// C function pointers and so cannot capture; they find this object again through the
/// window's user pointer and queue what happened as `WindowEvent`s.
public final class GLFWWindow {
    public let handle: OpaquePointer
    public private(set) var events: [WindowEvent] = []

    nonisolated(unsafe) private static var lastError = ""

    public init(width: Int, height: Int, title: String, vsync: Bool = true) throws {
        glfwSetErrorCallback { _, description in
            GLFWWindow.lastError = description.map { String(cString: $0) } ?? "unknown GLFW error"
        }
        guard glfwInit() == GLFW_TRUE else {
            throw GLFailure(Self.noDisplayMessage(Self.lastError))
        }
        glfwDefaultWindowHints()
        glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3)
        glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3)
        glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE)
        glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE)
        glfwWindowHint(GLFW_RESIZABLE, GLFW_TRUE)
        glfwWindowHint(GLFW_SCALE_TO_MONITOR, GLFW_TRUE)
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
        let display = ProcessInfo.processInfo.environment["DISPLAY"] ?? ""
        let why = display.isEmpty ? "no display (DISPLAY is not set)" : "cannot open display \(display) (\(reason))"
        return "\(why). The viewer needs a window; render without one: `confetti render --out frames`."
    }

    /// Destroys the window and ends GLFW.
    public func close() {
        glfwSetWindowUserPointer(handle, nil)
        glfwDestroyWindow(handle)
        glfwTerminate()
    }

    public func makeCurrent() { glfwMakeContextCurrent(handle) }

    public var shouldClose: Bool {
        get { glfwWindowShouldClose(handle) == GLFW_TRUE }
        set { glfwSetWindowShouldClose(handle, newValue ? GLFW_TRUE : GLFW_FALSE) }
    }

    public var title: String = "" {
        didSet { glfwSetWindowTitle(handle, title) }
    }

    /// Framebuffer pixels: 0×0 while minimised.
    public var framebufferSize: (width: Int, height: Int) {
        var w: Int32 = 0, h: Int32 = 0
        glfwGetFramebufferSize(handle, &w, &h)
        return (Int(w), Int(h))
    }

    /// Framebuffer pixels per point.
    public var pixelsPerPoint: Double {
        var x: Float = 1, y: Float = 1
        glfwGetWindowContentScale(handle, &x, &y)
        return x > 0 ? Double(x) : 1
    }

    /// The cursor in points.
    public var cursor: (x: Double, y: Double) {
        var x = 0.0, y = 0.0
        glfwGetCursorPos(handle, &x, &y)
        var ww: Int32 = 0, wh: Int32 = 0
        glfwGetWindowSize(handle, &ww, &wh)
        // Cursor coordinates are in window units, which may differ from framebuffer pixels.
        let pixelsPerUnit = ww > 0 ? Double(framebufferSize.width) / Double(ww) : 1
        return (x * pixelsPerUnit / pixelsPerPoint, y * pixelsPerUnit / pixelsPerPoint)
    }

    public func swapBuffers() { glfwSwapBuffers(handle) }

    /// Polls (or, with a timeout, waits for) input; returns what arrived since the last call.
    /// An infinite timeout waits for as long as it takes.
    public func pollEvents(waiting timeout: Double? = nil) -> [WindowEvent] {
        switch timeout {
        case nil: glfwPollEvents()
        case let t? where t.isInfinite: glfwWaitEvents()
        case let t?: glfwWaitEventsTimeout(max(t, 0))
        }
        defer { events.removeAll() }
        return events
    }

    public static var time: Double { glfwGetTime() }

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

public enum WindowEvent: Equatable, Sendable {
    /// A GLFW key code, pressed or auto-repeated.
    case key(Int, repeated: Bool)
    /// Text input, which follows the keyboard layout (so `+` is `+` wherever it lives).
    case character(Character)
    /// A left click, in points.
    case click(x: Double, y: Double)
    /// The window needs drawing again (uncovered or resized).
    case refresh
}
