import ConfettiGL

extension GLFWWindow {
    /// Sends clicks and keys to the windows beneath this one, on whichever windowing system the
    /// loaded GLFW speaks. Call it while the window is hidden, so it never takes input at all.
    func makeClickThrough() throws {
        guard let display = GLFWPlatform.display else {
            throw GLFailure("GLFW has no native display to make the window click-through on")
        }
        switch GLFWPlatform.loaded {
        case .x11:
            guard let window = GLFWPlatform.x11Window(handle) else { throw GLFailure("GLFW gave no X11 window") }
            X11Desktop.makeClickThrough(display, window: window)
        case .wayland:
            guard let surface = GLFWPlatform.waylandSurface(handle) else { throw GLFailure("GLFW gave no Wayland surface") }
            try WaylandInputRegion.clear(display: display, surface: surface)
        }
    }
}
