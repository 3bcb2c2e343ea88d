@preconcurrency import CEGL
@preconcurrency import CEpoxy
import ConfettiGL

/// The desktop layout as one view drawn on each output: a launch is spawned in `layout`
/// (points, its origin at the layout's top-left), and each output's framebuffer shows its own
/// part of it, so a point of the layout lands where it is on screen on every output at once.
///
/// The shaders map the viewport they are given onto the GL viewport; setting the GL viewport to
/// the whole layout placed relative to the output (possibly far outside its framebuffer, which
/// clipping takes care of) is the offset. With a single output the view is exactly the
/// framebuffer, as a window of that size would draw it.
package struct DesktopView: Equatable, Sendable {
    /// What launches are spawned in: the desktop layout, in points.
    package var layout: Rect

    package init(layout: Rect) { self.layout = layout }

    /// The view for the desktop's `outputs` as they are now (outputs come and go). With launches
    /// `alive`, its origin stays where it is, so their points stay where they are on screen,
    /// and it only grows to take in new outputs to the right and below; with none alive it is
    /// the outputs' bounds. Unchanged without outputs.
    package func following(_ outputs: [DesktopOutput], alive: Bool) -> DesktopView {
        guard let bounds = outputs.layoutBounds else { return self }
        guard alive else { return DesktopView(layout: bounds) }
        return DesktopView(layout: Rect(x: layout.x, y: layout.y,
                                        width: max(bounds.maxX, layout.maxX) - layout.x, height: max(bounds.maxY, layout.maxY) - layout.y))
    }

    /// The size `Celebration.draw` and `fire` take.
    package var viewport: Size { Size(width: layout.width, height: layout.height) }

    /// Where `point` of the layout (desktop points) is in the view's own coordinates.
    package func viewPoint(_ point: Point) -> Point { Point(point.x - layout.x, point.y - layout.y) }

    /// The GL viewport (x, y from the bottom-left, width, height in pixels) that shows the
    /// layout on `output`, whose framebuffer is `pixelsWide` × `pixelsHigh`.
    package func glViewport(on output: DesktopOutput, pixelsWide: Int, pixelsHigh: Int) -> (x: Int, y: Int, width: Int, height: Int) {
        let scaleX = output.width > 0 ? Double(pixelsWide) / output.width : output.scale
        let scaleY = output.height > 0 ? Double(pixelsHigh) / output.height : output.scale
        let left = ((layout.x - output.x) * scaleX).rounded()
        let top = ((layout.y - output.y) * scaleY).rounded()
        let width = (layout.width * scaleX).rounded(), height = (layout.height * scaleY).rounded()
        return (Int(left), pixelsHigh - Int(top) - Int(height), Int(width), Int(height))
    }

    /// Pixels per point on `output`, as its framebuffer has them.
    package func pixelsPerPoint(on output: DesktopOutput, pixelsWide: Int) -> Double {
        output.width > 0 ? Double(pixelsWide) / output.width : output.scale
    }
}
