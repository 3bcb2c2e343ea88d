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

extension Rect {
    /// What fireworks burst around when nothing else is named: a 200×56 pt rectangle in the
    /// middle of the viewport, where the viewer draws its Celebrate button.
    package static let buttonSize = Size(width: 200, height: 56)

    package static func button(centredIn viewport: Size) -> Rect {
        Rect(x: ((viewport.width - buttonSize.width) / 2).rounded(), y: ((viewport.height - buttonSize.height) / 2).rounded(),
             width: buttonSize.width, height: buttonSize.height)
    }
}
