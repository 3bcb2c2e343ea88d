import ConfettiGL
import FoundationEssentials
import Glibc

/// How the overlay's surfaces should look, whichever desktop shows them.
package struct OverlaySurfaceOptions: Sendable {
    /// Cleared to alpha 0 and blended by the compositor (false: `--opaque`, drawn over a plain
    /// background, which needs no compositing manager on X11).
    package var transparent = true
    /// Wait for the display's refresh (GLFW's swap interval; the Wayland surfaces always follow
    /// frame callbacks).
    package var vsync = true

    package init() {}
}

/// Which surfaces the desktop the process runs on can give the overlay.
package enum OverlayDesktop {
    /// On Wayland (WAYLAND_DISPLAY set) the overlay's own client: layer surfaces, or where the
    /// compositor has none a window per output. On X11, a GLFW window over every monitor.
    package static func surfaces(_ options: OverlaySurfaceOptions) throws -> any OverlaySurfaces {
        let environment = ProcessInfo.processInfo.environment
        if let wayland = environment["WAYLAND_DISPLAY"], !wayland.isEmpty {
            do {
                return try WaylandOverlaySurfaces(options)
            } catch let error as WaylandUnreachable {
                // A WAYLAND_DISPLAY left over in an X session: X11 still covers the desktop.
                guard let display = environment["DISPLAY"], !display.isEmpty else { throw error.failure }
            }
        }
        return try GLFWOverlayWindow(options)
    }
}
