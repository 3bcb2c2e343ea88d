import FoundationEssentials
import Glibc

/// Where the quads of a batch can be, as one rectangle per time slice of its span's age:
/// worked out once at spawn from each particle's closed-form path, so a frame's damage costs
/// one lookup per span (`bounds(age:)`), never a pass over the particles.
///
/// Each particle (and each ghost of its trail) is evaluated at the two ends and the middle of
/// every slice it is drawn in (its birth and death clamp them), and the slice's rectangle takes
/// in the quad the shaders emit at each in any turn (`DrawnQuad.extent`: its shape, wave and
/// antialiasing margin at one pixel per point), grown by twice how far the middle lies off the
/// chord between the ends. A smooth path bows away from its chord by at most a·Δ²/8 over a
/// slice Δ (a its largest acceleration), most at the middle, which for any path on screen
/// (gravity, drag, flutter of tens of pt at a few Hz) is a fraction of a point over 1/30 s;
/// `FootprintTests` holds every preset's particles to it at many ages.
package struct Footprint: Sendable, Equatable {
    /// Seconds each rectangle covers.
    package static let slice = 1.0 / 30
    /// The most closed-form evaluations a footprint takes at upload.
    package static let maxEvaluations = 40_000.0

    /// Rectangles (pt, the launch's viewport) of slices `firstSlice`, `firstSlice + 1`, ...;
    /// slice j covers span ages [j·slice, (j+1)·slice). A nil entry: nothing is drawn then.
    package private(set) var boxes: [Box?] = []
    package private(set) var firstSlice = 0
    /// The cells (`Cells.size` pt squares of the viewport) each slice's quads touch, as
    /// `Cells.key`s: the pieces of a launch are scattered over the screen, so what they cover is
    /// far less than the rectangle around them all.
    package private(set) var cells: [[Int]] = []
    /// False for `Footprint()`, which knows nothing: its particles may be anywhere.
    package private(set) var isKnown = false

    /// An axis-aligned box, pt.
    package struct Box: Sendable, Equatable {
        package var minX, minY, maxX, maxY: Double

        package init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
            self.minX = minX
            self.minY = minY
            self.maxX = maxX
            self.maxY = maxY
        }

        package func union(_ other: Box?) -> Box {
            guard let other else { return self }
            return Box(minX: Swift.min(minX, other.minX), minY: Swift.min(minY, other.minY),
                       maxX: Swift.max(maxX, other.maxX), maxY: Swift.max(maxY, other.maxY))
        }

        package func contains(_ p: SIMD2<Double>) -> Bool { p.x >= minX && p.x <= maxX && p.y >= minY && p.y <= maxY }
    }

    package init() {}

    /// Where a batch's `particles` (as their records hold them) can be drawn at each age of a
    /// span whose epoch is their launch.
    package init<Kind: ParticleKind>(_: Kind.Type, _ particles: [Kind.Particle], uniforms: Kind.Uniforms, budget: Double = Footprint.maxEvaluations) {
        let ghosts = Kind.ghosts(uniforms), spacing = Kind.ghostSpacing(uniforms)
        // The work is three evaluations per slice of each particle's and ghost's life: a launch
        // that would take more than `budget` is left unknown (damage everywhere), so a
        // large or long one never delays its first frame.
        let evaluations = particles.reduce(0.0) { $0 + 3 * (Kind.lifetime(of: $1, uniforms: uniforms) / Self.slice + 1) } * Double(ghosts + 1)
        guard evaluations.isFinite, evaluations <= budget else { return }
        isKnown = true
        var slices: [Int: Box] = [:]
        var touched: [Int: Set<Int>] = [:]
        for particle in particles {
            let birth = Kind.birth(of: particle), lifetime = Kind.lifetime(of: particle, uniforms: uniforms)
            guard birth.isFinite, lifetime.isFinite, lifetime > 0 else { continue }
            for k in 0...ghosts {
                // Ghost k shows the particle at its age − k·spacing: drawn over span ages
                // [birth + lag, birth + lag + lifetime).
                let lag = Double(k) * spacing, start = birth + lag, end = start + lifetime
                var j = Int((start / Self.slice).rounded(.down))
                var previous: (time: Double, box: Box, centre: SIMD2<Double>)?
                while Double(j) * Self.slice < end {
                    // The slice's ends, within the ghost's life (its last instant just before death).
                    let from = max(Double(j) * Self.slice, start)
                    let to = min(Double(j + 1) * Self.slice, end - lifetime * 1e-9)
                    let a = previous?.time == from ? previous! : Self.quad(Kind.self, particle, age: from - start, ghost: k, uniforms: uniforms, time: from)
                    let end = max(to, from), middle = (from + end) / 2
                    let c = Self.quad(Kind.self, particle, age: middle - start, ghost: k, uniforms: uniforms, time: middle)
                    let b = Self.quad(Kind.self, particle, age: end - start, ghost: k, uniforms: uniforms, time: end)
                    // How far the path bows away from its chord over the slice, measured at its
                    // middle, doubled, and half a point more for what float32 moves.
                    let bow = c.centre - (a.centre + b.centre) / 2
                    let margin = 2 * (bow * bow).sum().squareRoot() + 0.5
                    let box = a.box.union(b.box).union(c.box)
                    let grown = Box(minX: box.minX - margin, minY: box.minY - margin, maxX: box.maxX + margin, maxY: box.maxY + margin)
                    slices[j] = grown.union(slices[j])
                    touched[j, default: []].formUnion(Cells.keys(covering: grown))
                    previous = b
                    j += 1
                }
            }
        }
        guard let first = slices.keys.min(), let last = slices.keys.max() else { return }
        firstSlice = first
        boxes = (first...last).map { slices[$0] }
        cells = (first...last).map { touched[$0].map { $0.sorted() } ?? [] }
    }

    /// The cells its particles can touch at span age `age`; nil when they may be anywhere.
    package func cells(age: Double) -> [Int]? {
        guard isKnown else { return nil }
        guard age.isFinite else { return [] }
        let j = Int((age / Self.slice).rounded(.down)) - firstSlice
        return cells.indices.contains(j) ? cells[j] : []
    }

    private static func quad<Kind: ParticleKind>(_: Kind.Type, _ particle: Kind.Particle, age: Double, ghost k: Int, uniforms: Kind.Uniforms, time: Double) -> (time: Double, box: Box, centre: SIMD2<Double>) {
        let quad = Kind.drawn(particle, Kind.evaluate(particle, at: age, ghost: k, uniforms: uniforms))
        let c = SIMD2(quad.centre.x, quad.centre.y), e = quad.extent
        return (time, Box(minX: c.x - e.x, minY: c.y - e.y, maxX: c.x + e.x, maxY: c.y + e.y), c)
    }

    /// Everywhere: what an unknown footprint says.
    package static let everywhere = Box(minX: -.infinity, minY: -.infinity, maxX: .infinity, maxY: .infinity)

    /// Where its particles can be at span age `age` (nil: nowhere).
    package func bounds(age: Double) -> Box? {
        guard isKnown else { return Self.everywhere }
        guard age.isFinite else { return nil }
        let j = Int((age / Self.slice).rounded(.down)) - firstSlice
        return boxes.indices.contains(j) ? boxes[j] : nil
    }
}

/// Squares of the viewport that footprints mark as touched, keyed by row and column.
package enum Cells {
    /// pt a side: a few pieces' size, so a piece touches one to four.
    package static let size = 16.0
    /// Rows and columns beyond this many cells from the origin (32,768 pt) are one "anywhere" key.
    package static let limit = 1024
    /// Stands for every cell: a quad too large or too far to mark.
    package static let everywhere = Int.min

    package static func key(row: Int, column: Int) -> Int { (row + limit) * (4 * limit) + (column + limit) }
    package static func row(_ key: Int) -> Int { key / (4 * limit) - limit }
    package static func column(_ key: Int) -> Int { key % (4 * limit) - limit }

    /// The keys in either of two lists of keys each in order and each once (a footprint's
    /// slice, `Celebration.cells`), in order and each once: one pass, no hashing.
    package static func union(_ first: [Int], _ second: [Int]) -> [Int] {
        if first.isEmpty { return second }
        if second.isEmpty { return first }
        var keys: [Int] = []
        keys.reserveCapacity(first.count + second.count)
        var i = 0, j = 0
        while i < first.count, j < second.count {
            let a = first[i], b = second[j]
            keys.append(min(a, b))
            if a <= b { i += 1 }
            if b <= a { j += 1 }
        }
        keys.append(contentsOf: first[i...])
        keys.append(contentsOf: second[j...])
        return keys
    }

    /// The keys in any of `lists` (each in order, each key once), in order and each once:
    /// merged in pairs, so each key is copied once per halving, O(n log lists).
    package static func union(_ lists: [[Int]]) -> [Int] {
        var lists = lists
        while lists.count > 1 {
            lists = stride(from: 0, to: lists.count, by: 2).map { $0 + 1 < lists.count ? union(lists[$0], lists[$0 + 1]) : lists[$0] }
        }
        return lists.first ?? []
    }

    /// The cells `box` overlaps.
    package static func keys(covering box: Footprint.Box) -> [Int] {
        let c0 = (box.minX / size).rounded(.down), c1 = (box.maxX / size).rounded(.down)
        let r0 = (box.minY / size).rounded(.down), r1 = (box.maxY / size).rounded(.down)
        let bound = Double(limit)
        guard [c0, c1, r0, r1].allSatisfy({ $0.isFinite && abs($0) < bound }), (c1 - c0 + 1) * (r1 - r0 + 1) <= 4096 else { return [everywhere] }
        var keys: [Int] = []
        for row in Int(r0)...Int(r1) {
            for column in Int(c0)...Int(c1) { keys.append(key(row: row, column: column)) }
        }
        return keys
    }
}

extension DrawnQuad {
    /// Half the width and height (pt) of a screen box around the quad the vertex shader emits
    /// at one pixel per point (its shape, its margin, its frame and a ribbon's wave) in any turn:
    /// the distance of its farthest corner from its centre on both axes, so the box still holds
    /// the quad when it turns between two looks at it (a star's streak follows its velocity).
    package var extent: SIMD2<Double> {
        let reach = reach(pixelsPerPoint: 1)
        let a = toScreen(reach), b = toScreen(SIMD2(reach.x, -reach.y))
        let r = max((a * a).sum(), (b * b).sum()).squareRoot()
        return r.isFinite ? SIMD2(r, r) : SIMD2(.infinity, .infinity)
    }
}
