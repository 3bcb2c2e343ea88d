import ConfettiApp
import ConfettiCore
import Testing

/// The damage a Wayland surface tells its compositor (`CompositorDamage.cover`): every changed
/// pixel inside it, at most the budget of rectangles as the compositor counts a region (y-x
/// bands), and little more area than changed. Scenes are pieces scattered in clusters over a
/// 1920×1080 output, as a celebration's bursts are, told as a rectangle per run of 16-pixel
/// cells along each row with the overlay's two-pixel margin (`Overlay.damageRects`).
@Suite struct CompositorDamageTests {
    static let output = PixelRect(x: 0, y: 0, width: 1920, height: 1080)

    /// Seeded clusters of cells: each cluster a burst of pieces around its centre, moved by
    /// `step` times its velocity.
    static func scene(seed: UInt64, clusters: Int, step: Int) -> [PixelRect] {
        var random = SeededGenerator(seed: seed)
        func pick(_ range: ClosedRange<Int>) -> Int { range.lowerBound + random.index(below: range.count) }
        var cells = Set<[Int]>()
        for _ in 0..<clusters {
            let cx = pick(200...1700), cy = pick(150...900)
            let vx = pick(-6...6), vy = pick(-4...8)
            for _ in 0..<40 {
                let x = cx + vx * step + pick(-90...90), y = cy + vy * step + pick(-70...70)
                cells.insert([y / 16, x / 16])
            }
        }
        // A rectangle per run of cells along a row, grown by two pixels, as the overlay tells it.
        var rects: [PixelRect] = []
        for row in Set(cells.map { $0[0] }) {
            let columns = cells.filter { $0[0] == row }.map { $0[1] }.sorted()
            var first = columns[0], last = columns[0]
            for column in columns.dropFirst() + [Int.max] {
                if column == last + 1 { last = column; continue }
                rects.append(PixelRect(x: first * 16 - 2, y: row * 16 - 2, width: (last - first + 1) * 16 + 4, height: 20).clipped(to: output))
                first = column
                last = column
            }
        }
        return rects
    }

    static func area(_ rects: [PixelRect]) -> Int {
        CompositorDamage.bands(of: rects).reduce(0) { $0 + ($1.y1 - $1.y0) * $1.spans.reduce(0) { $0 + $1.count } }
    }

    static func contains(_ cover: [PixelRect], every rects: [PixelRect]) -> Bool {
        area(cover + rects) == area(cover)
    }

    @Test(arguments: [1, 2, 3, 4, 5])
    func everyChangedPixelIsTold(seed: UInt64) {
        let changed = Self.scene(seed: seed, clusters: 12, step: 0)
        let cover = CompositorDamage.cover(changed, within: Self.output)
        #expect(Self.contains(cover, every: changed))
        // Inside the output, and no two rectangles overlap (each is one of the region's spans).
        #expect(cover.allSatisfy { $0.clipped(to: Self.output) == $0 })
        #expect(Self.area(cover) == cover.reduce(0) { $0 + $1.width * $1.height })
    }

    /// Told a rectangle per run, the compositor would count hundreds and repaint their bounding
    /// box; the cover stays within the budget at a fraction of that box.
    @Test(arguments: [1, 2, 3, 4, 5])
    func aFewRectanglesCoverLittleMoreThanChanged(seed: UInt64) {
        let changed = Self.scene(seed: seed, clusters: 12, step: 0)
        #expect(CompositorDamage.compositorRectangles(changed) > 20, "the scene is one the compositor would box")
        let cover = CompositorDamage.cover(changed, within: Self.output)
        #expect(CompositorDamage.compositorRectangles(cover) <= CompositorDamage.budget)
        let box = changed.dropFirst().reduce(changed[0]) { $0.union($1) }
        #expect(Self.area(cover) * 3 < box.width * box.height * 2, "cover \(Self.area(cover)) of a box of \(box.width * box.height), \(Self.area(changed)) changed")
    }

    /// The compositor repaints this frame's damage with the frame before's (its buffer is two
    /// frames old): as the pieces move, the two covers' union stays under wlroots' 20.
    @Test(arguments: [1, 2, 3, 4, 5])
    func consecutiveFramesStayUnderTheCompositorsLimit(seed: UInt64) {
        for step in 0..<30 {
            let last = CompositorDamage.cover(Self.scene(seed: seed, clusters: 12, step: step), within: Self.output)
            let next = CompositorDamage.cover(Self.scene(seed: seed, clusters: 12, step: step + 1), within: Self.output)
            #expect(CompositorDamage.compositorRectangles(last + next) <= 20, "step \(step)")
        }
    }

    /// Damage already within the budget is told as it is, rounded out to the grid.
    @Test func fewRectanglesAreToldAsTheyAre() {
        let changed = [PixelRect(x: 64, y: 64, width: 64, height: 32), PixelRect(x: 1024, y: 512, width: 96, height: 128)]
        #expect(CompositorDamage.cover(changed, within: Self.output).sorted { $0.y < $1.y } == changed)
        let odd = [PixelRect(x: 70, y: 65, width: 10, height: 10)]
        #expect(CompositorDamage.cover(odd, within: Self.output) == [PixelRect(x: 64, y: 64, width: 32, height: 32)])
        // At the output's edge the grid is cut by it.
        let edge = [PixelRect(x: 1910, y: 1075, width: 10, height: 5)]
        #expect(CompositorDamage.cover(edge, within: Self.output) == [PixelRect(x: 1888, y: 1056, width: 32, height: 24)])
        #expect(CompositorDamage.cover([], within: Self.output).isEmpty)
    }

    /// How the compositor counts a region: bands split where edges are, touching equal bands joined.
    @Test func theCompositorsCount() {
        // Two rectangles side by side with different heights: three bands, four rectangles.
        #expect(CompositorDamage.compositorRectangles([PixelRect(x: 0, y: 0, width: 10, height: 30), PixelRect(x: 20, y: 10, width: 10, height: 10)]) == 4)
        // Stacked equal spans are one.
        #expect(CompositorDamage.compositorRectangles([PixelRect(x: 0, y: 0, width: 10, height: 10), PixelRect(x: 0, y: 10, width: 10, height: 10)]) == 1)
        // Overlapping spans in a band are one.
        #expect(CompositorDamage.compositorRectangles([PixelRect(x: 0, y: 0, width: 10, height: 10), PixelRect(x: 5, y: 0, width: 10, height: 10)]) == 1)
    }
}
