import CGLFW
import CX11
import Glibc

/// Shows only what changed of the overlay's window on X11: `GLX_MESA_copy_sub_buffer` copies
/// rectangles of the back buffer to the window (under Mesa's software rasteriser an XPutImage
/// of each, so the X server and the compositing manager see only those change), and leaves the
/// back buffer as it was. With no swap, the back buffer always holds the frame drawn last (its
/// age is 1), so the next frame clears and draws only where pieces were or are.
///
/// GLX has no swap with damage and no buffer age; this copy is what Mesa offers X11 instead
/// (its EGL on X11 offers neither either under the software rasteriser). nil where the GLX
/// context has no such copy (another driver, or a GLFW making EGL contexts): the window is then
/// swapped whole.
final class X11SubBufferPresenter {
    private typealias Copy = @convention(c) (OpaquePointer?, UInt, Int32, Int32, Int32, Int32) -> Void
    private let copy: Copy
    private let display: OpaquePointer
    /// The GLXWindow GLFW draws into.
    private let drawable: UInt

    /// For `window`, whose GLX context is current.
    init?(window: OpaquePointer, display: OpaquePointer) {
        guard glfwExtensionSupported("GLX_MESA_copy_sub_buffer") == GLFW_TRUE,
              let address = glfwGetProcAddress("glXCopySubBufferMESA"),
              let glxWindow = Self.glxWindow, case let drawable = glxWindow(window), drawable != 0 else { return nil }
        copy = unsafeBitCast(address, to: Copy.self)
        self.display = display
        self.drawable = drawable
    }

    /// Copies `rects` (pixels from the bottom-left, as GL counts them, which is how the
    /// extension takes them) from the back buffer to the window.
    func present(_ rects: [PixelRect]) {
        for rect in rects where !rect.isEmpty {
            copy(display, drawable, Int32(rect.x), Int32(rect.y), Int32(rect.width), Int32(rect.height))
        }
        XFlush(display)
    }

    /// glfw3native.h's `glfwGetGLXWindow`, which only GLFW's X11 build exports (looked up as
    /// `GLFWPlatform` looks up the others).
    private static let glxWindow: (@convention(c) (OpaquePointer?) -> UInt)? = {
        guard let address = dlsym(nil, "glfwGetGLXWindow") else { return nil }
        return unsafeBitCast(address, to: (@convention(c) (OpaquePointer?) -> UInt).self)
    }()
}
