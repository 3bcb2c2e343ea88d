import ConfettiGL

/// How the overlay's surfaces should look, whichever desktop shows them.
package struct OverlaySurfaceOptions: Sendable {
    /// Cleared to alpha 0 and blended by the compositor (false: `--opaque`, drawn over a plain
    /// background, which needs no compositing manager on X11).
    package var transparent = true
    /// Wait for the display's refresh (GLFW's swap interval; the Wayland surfaces always follow
    /// frame callbacks).
    package var vsync = true
    /// Only this output (its xdg-output or XRandR name), instead of every one.
    package var output: String?

    package init() {}
}

/// Which surfaces the desktop the process runs on can give the overlay.
package enum OverlayDesktop {
    /// Today's GLFW window over the primary monitor.
    package static func surfaces(_ options: OverlaySurfaceOptions) throws -> any OverlaySurfaces {
        try GLFWOverlayWindow(options)
    }
}
