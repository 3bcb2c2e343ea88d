import CGLFW
import FoundationEssentials
import Glibc

/// The windowing system the loaded GLFW was built for, and its native handles.
///
/// Debian's GLFW 3.3 is either libglfw3 (X11) or libglfw3-wayland. Both install libglfw.so.3,
/// but each exports only its own platform's native-access functions, so linking any of them
/// would tie the binary to one build. They are looked up at run time instead, and whichever
/// exists says which library was loaded.
package enum GLFWPlatform: Sendable {
    case x11, wayland

    /// The build that was loaded, told by the native functions it exports.
    package static let loaded: GLFWPlatform = Native.waylandDisplay != nil ? .wayland : .x11

    /// The connection GLFW opened (after `glfwInit`): an X11 `Display *` or a `wl_display *`.
    package static var display: OpaquePointer? {
        switch loaded {
        case .x11: Native.x11Display?()
        case .wayland: Native.waylandDisplay?()
        }
    }

    /// The X11 window (an XID) behind a GLFW window, on the X11 build.
    static func x11Window(_ window: OpaquePointer) -> UInt? {
        Native.x11Window?(window)
    }

    /// glfw3native.h's functions, as found in the process (RTLD_DEFAULT is the null handle).
    private enum Native {
        static let x11Display = symbol("glfwGetX11Display", as: (@convention(c) () -> OpaquePointer?).self)
        static let x11Window = symbol("glfwGetX11Window", as: (@convention(c) (OpaquePointer?) -> UInt).self)
        static let waylandDisplay = symbol("glfwGetWaylandDisplay", as: (@convention(c) () -> OpaquePointer?).self)

        static func symbol<F>(_ name: String, as type: F.Type) -> F? {
            guard let address = dlsym(nil, name) else { return nil }
            return unsafeBitCast(address, to: type)
        }
    }
}
