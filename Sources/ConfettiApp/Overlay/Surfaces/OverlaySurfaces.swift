import ConfettiCore

/// Where the overlay draws: one transparent, click-through surface per output of the desktop.
///
/// Every surface shares one GL context, so a `Celebration` made while the set is open draws on
/// any of them. `OverlayDesktop.surfaces(_:)` picks the implementation the desktop speaks.
package protocol OverlaySurfaces: AnyObject {
    /// The desktop's outputs, in its layout (logical points; xdg-output positions on Wayland,
    /// XRandR on X11). It changes while the set is open as outputs come and go.
    var outputs: [DesktopOutput] { get }
    /// Map a surface on every output, so frames can be drawn. Idempotent.
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
    /// frame (its framebuffer size in pixels, what its buffer still holds) with the GL context
    /// current and the framebuffer bound, and returns the rectangles of the framebuffer that
    /// changed since the frame shown before (nil: all of it); the set swaps or commits after,
    /// telling the desktop those where it can (`damageFallback`).
    func drawDue(_ draw: (DesktopOutput, SurfaceFrame) throws -> [PixelRect]?) throws
    /// Why the desktop is told every frame changes the whole of each surface (no swap with
    /// damage); nil when it is told only what changed.
    var damageFallback: String? { get }
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

/// One frame of one surface, as `OverlaySurfaces.drawDue` hands it to the drawing.
package struct SurfaceFrame: Equatable, Sendable {
    package var pixelsWide: Int
    package var pixelsHigh: Int
    /// How many frames ago the buffer being drawn was last drawn (EGL_EXT_buffer_age): 1 the
    /// frame before, 2 the one before that; 0 when its contents are unknown (a new buffer, or
    /// no buffer age), so it must be drawn whole.
    package var bufferAge: Int
    /// Which surface it is (unique while the process runs) and how many frames it has swapped
    /// before this one, transparent ones included: with `bufferAge`, which frame the buffer holds.
    package var surface: Int
    package var number: Int

    package init(pixelsWide: Int, pixelsHigh: Int, bufferAge: Int = 0, surface: Int = 0, number: Int = 0) {
        self.pixelsWide = pixelsWide
        self.pixelsHigh = pixelsHigh
        self.bufferAge = bufferAge
        self.surface = surface
        self.number = number
    }

    package var whole: PixelRect { PixelRect(x: 0, y: 0, width: pixelsWide, height: pixelsHigh) }
}

/// A rectangle of a framebuffer, in pixels, as GL and EGL count them: from the bottom-left.
package struct PixelRect: Equatable, Sendable {
    package var x, y, width, height: Int

    package init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    package var isEmpty: Bool { width <= 0 || height <= 0 }

    /// The smallest rectangle holding both (an empty one holds nothing).
    package func union(_ other: PixelRect) -> PixelRect {
        if other.isEmpty { return self }
        if isEmpty { return other }
        let minX = min(x, other.x), minY = min(y, other.y)
        return PixelRect(x: minX, y: minY, width: max(x + width, other.x + other.width) - minX, height: max(y + height, other.y + other.height) - minY)
    }

    /// The part inside `other`.
    package func clipped(to other: PixelRect) -> PixelRect {
        let minX = max(x, other.x), minY = max(y, other.y)
        let maxX = min(x + width, other.x + other.width), maxY = min(y + height, other.y + other.height)
        return maxX > minX && maxY > minY ? PixelRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY) : PixelRect(x: 0, y: 0, width: 0, height: 0)
    }

    package static let empty = PixelRect(x: 0, y: 0, width: 0, height: 0)
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
