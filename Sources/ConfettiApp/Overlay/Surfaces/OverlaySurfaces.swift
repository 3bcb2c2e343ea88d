import ConfettiCore

/// Where the overlay draws: one transparent, click-through surface per output of the desktop.
///
/// Every surface shares one GL context, so a `Celebration` made while the set is open draws on
/// any of them. `OverlayDesktop.surfaces(_:)` picks the implementation the desktop speaks.
package protocol OverlaySurfaces: AnyObject {
    /// The desktop's outputs, in its layout (logical points; xdg-output positions on Wayland,
    /// XRandR on X11). It changes while the set is open as outputs come and go.
    var outputs: [DesktopOutput] { get }
    /// Map a surface on every output (or the one named), so frames can be drawn. Idempotent.
    func show() throws
    /// Unmap every surface: nothing on screen, no frame callbacks, no CPU. Idempotent.
    func hide()
    /// Wait up to `seconds` for the desktop's events (configure, frame done, outputs added or
    /// removed) and handle them. Returns at once when something is due.
    func dispatch(waitingUpTo seconds: Double) throws
    /// Whether `drawDue` would draw a surface now: a caller that waits for other things too
    /// waits for none while one is due, else until the desktop's next event.
    var isFrameDue: Bool { get }
    /// Draw every mapped surface whose frame is due: `draw` gets the output and the surface's
    /// framebuffer size in pixels with the GL context current and the framebuffer bound; the
    /// set swaps or commits after.
    func drawDue(_ draw: (DesktopOutput, _ pixelsWide: Int, _ pixelsHigh: Int) throws -> Void) throws
    /// True once the user or the desktop closed the overlay as a whole (its window was closed):
    /// the overlay ends. An output going away is not this.
    var isClosed: Bool { get }
    /// Destroys every surface and the GL context, and disconnects.
    func close()
    /// One line for the user about how the desktop is covered, when it is not the usual way
    /// (no layer shell: a window per output instead). nil when there is nothing to say.
    var notice: String? { get }
    /// The connection to the desktop, for a caller that polls it with descriptors of its own
    /// (then calls `dispatch(waitingUpTo: 0)` when it is readable). nil when there is none.
    var eventDescriptor: Int32? { get }
}

/// One output (monitor) of the desktop, as the overlay places its surfaces on it.
package struct DesktopOutput: Equatable, Sendable {
    /// The xdg-output or XRandR name: "HEADLESS-1", "Virtual-1", "Meta-0", "DUMMY0".
    package var name: String
    /// The logical rectangle in the desktop layout, in points.
    package var x, y, width, height: Double
    /// Pixels per point (fractional where the compositor says so).
    package var scale: Double

    package init(name: String, x: Double, y: Double, width: Double, height: Double, scale: Double) {
        self.name = name
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.scale = scale
    }

    package var rect: Rect { Rect(x: x, y: y, width: width, height: height) }
}

extension [DesktopOutput] {
    /// The smallest rectangle of the desktop layout holding every output: where launches are
    /// spawned, so that a point of it lands on whichever output shows it. nil without outputs.
    package var layoutBounds: Rect? {
        guard let first else { return nil }
        var minX = first.x, minY = first.y, maxX = first.x + first.width, maxY = first.y + first.height
        for output in dropFirst() {
            minX = Swift.min(minX, output.x)
            minY = Swift.min(minY, output.y)
            maxX = Swift.max(maxX, output.x + output.width)
            maxY = Swift.max(maxY, output.y + output.height)
        }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
