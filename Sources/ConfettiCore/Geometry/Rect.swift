/// An axis-aligned rectangle in points, y down.
public struct Rect: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var minX: Double { x }
    public var minY: Double { y }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var midX: Double { x + width / 2 }

    /// Top-left, top-right, bottom-left, bottom-right.
    package var corners: [Point] {
        [Point(minX, minY), Point(maxX, minY), Point(minX, maxY), Point(maxX, maxY)]
    }

    package func contains(_ p: Point) -> Bool {
        p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY
    }
}

/// The "Celebrate" button the fireworks burst around: a rounded rectangle with a label.
package struct CelebrateButton: Hashable, Sendable {
    package var frame: Rect
    package var cornerRadius: Double = 14
    package var label = "Celebrate"
    package var fill = RGB(hex: 0x007AFF)
    package var text = RGB(1, 1, 1)

    package static let size = Size(width: 200, height: 56)

    package init(frame: Rect) {
        self.frame = frame
    }

    /// The button in the middle of a viewport.
    package static func centred(in viewport: Size) -> CelebrateButton {
        CelebrateButton(frame: Rect(
            x: ((viewport.width - size.width) / 2).rounded(), y: ((viewport.height - size.height) / 2).rounded(),
            width: size.width, height: size.height
        ))
    }
}
