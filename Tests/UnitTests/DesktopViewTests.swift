import ConfettiApp
import ConfettiCore
import Testing

/// How the overlay shows one desktop layout on each output: the GL viewport that puts a point of
/// the layout where it is on that output's framebuffer, whatever the output's place and scale.
@Suite struct DesktopViewTests {
    static let left = DesktopOutput(name: "HEADLESS-1", x: 0, y: 0, width: 1280, height: 720, scale: 1)
    /// At x 1280, 640×360 points at scale 2 (1280×720 pixels).
    static let right = DesktopOutput(name: "HEADLESS-2", x: 1280, y: 0, width: 640, height: 360, scale: 2)

    @Test func theLayoutIsEveryOutputsBounds() {
        #expect([Self.left, Self.right].layoutBounds == Rect(x: 0, y: 0, width: 1920, height: 720))
        #expect([DesktopOutput]().layoutBounds == nil)
        let above = DesktopOutput(name: "above", x: -100, y: -50, width: 100, height: 50, scale: 1)
        #expect([Self.left, above].layoutBounds == Rect(x: -100, y: -50, width: 1380, height: 770))
    }

    @Test func eachOutputShowsItsOwnPartOfTheLayout() {
        let view = DesktopView(layout: [Self.left, Self.right].layoutBounds!)
        // The left output: the layout from its origin, 1920×720 pixels, top rows at the top.
        let left = view.glViewport(on: Self.left, pixelsWide: 1280, pixelsHigh: 720)
        #expect(left.x == 0 && left.y == 0 && left.width == 1920 && left.height == 720)
        // The right output: the layout's point 1280 at its pixel 0, two pixels a point; its 360
        // points of height are the layout's top 360, so the rest hangs below its framebuffer.
        let right = view.glViewport(on: Self.right, pixelsWide: 1280, pixelsHigh: 720)
        #expect(right.x == -2560 && right.width == 3840 && right.height == 1440 && right.y == 720 - 1440)
        #expect(view.pixelsPerPoint(on: Self.right, pixelsWide: 1280) == 2)
        // A point of the layout lands on the right output's pixel (x − 1280) × 2.
        let point = Point(1500, 100)
        let pixelX = Double(right.x) + point.x / view.layout.width * Double(right.width)
        #expect(pixelX == (1500 - 1280) * 2)
        // With one output the view is its framebuffer.
        let alone = DesktopView(layout: Self.left.rect).glViewport(on: Self.left, pixelsWide: 1280, pixelsHigh: 720)
        #expect(alone.x == 0 && alone.y == 0 && alone.width == 1280 && alone.height == 720)
    }

    @Test func whileLaunchesAreAliveTheOriginStays() {
        let view = DesktopView(layout: Self.left.rect)
        let added = DesktopOutput(name: "HEADLESS-3", x: -640, y: 0, width: 640, height: 720, scale: 1)
        #expect(view.following([Self.left, Self.right], alive: true).layout == Rect(x: 0, y: 0, width: 1920, height: 720))
        #expect(view.following([added, Self.left], alive: true).layout.x == 0)
        #expect(view.following([added, Self.left], alive: false).layout == Rect(x: -640, y: 0, width: 1920, height: 720))
        #expect(view.following([], alive: false) == view)
    }
}
