import ConfettiApp
@testable import ConfettiCore
import Testing

/// A launch moved to another place (the overlay's output) is the launch as spawned, drawn that
/// far away: each kind moves only its particles' position constants, and nothing in any kind's
/// motion depends on where a particle is, so every particle's path is moved alike at every age.
@Suite(.tags(.math)) struct LaunchMoveTests {
    static let viewport = Size(width: 1024, height: 768)
    static let offset = SIMD2<Double>(1280, -37.5)
    /// Launch-clock seconds the particles are compared at.
    static let times = [0.0, 0.05, 0.3, 0.9, 1.7, 3.2]

    /// Every preset's first launch, each batch with its preset's name.
    static func launches(in viewport: Size) throws -> [(String, Launch)] {
        try Effect.presets.map { preset in
            let effect = preset.effect
            return (preset.name, effect.launch(effect.kind, seed: 7, index: 0, around: Rect.button(centredIn: viewport), in: viewport))
        }
    }

    /// The sample fields that are positions (pt), with their axis: a star's ribbon head as well
    /// as every particle's centre. Every other field stays as it was.
    static let positionFields = ["x": 0, "y": 1, "headX": 0, "headY": 1]

    /// How far apart two Double evaluations of one formula may be, whose terms add up to
    /// `scale` in size: a few units in the last place of that.
    static func ulps(_ scale: Double) -> Double { 8 * Double.ulpOfOne * max(scale, 1) }

    /// The batch moved, compared with it particle by particle at `times` (every ghost of a trail
    /// too): the position `offset` further on, every other value as it was.
    static func compare<B: ParticleBatch>(_ batch: B, moved: any ParticleBatch, offset: SIMD2<Double>, label: String) throws {
        typealias Kind = B.Kind
        let moved = try #require(moved.typed(Kind.self), "\(label): moving changed the batch's kind")
        #expect(moved.uniforms == batch.uniforms, "\(label): the uniforms are as spawned")
        #expect(moved.sprites == batch.sprites, "\(label): the pictures are as spawned")
        try #require(moved.particles.count == batch.particles.count)
        let span = abs(offset.x) + abs(offset.y)
        for (i, (p, q)) in zip(batch.particles, moved.particles).enumerated() {
            #expect(Kind.birth(of: q) == Kind.birth(of: p))
            #expect(Kind.lifetime(of: q, uniforms: batch.uniforms) == Kind.lifetime(of: p, uniforms: batch.uniforms))
            #expect(Kind.side(of: q) == Kind.side(of: p))
            for time in times {
                let age = time - Kind.birth(of: p)
                for ghost in 0...Kind.ghosts(batch.uniforms) {
                    let a = Kind.evaluate(p, at: age, ghost: ghost, uniforms: batch.uniforms)
                    let b = Kind.evaluate(q, at: age, ghost: ghost, uniforms: batch.uniforms)
                    let at = "\(label) \(Kind.name) \(i) at \(time) s, ghost \(ghost)"
                    #expect(b.alive == a.alive, "\(at): alive")
                    #expect(b.t == a.t, "\(at): age")
                    #expect(abs(b.x - (a.x + offset.x)) <= ulps(abs(a.x) + span), "\(at): x \(b.x) is not \(a.x) + \(offset.x)")
                    #expect(abs(b.y - (a.y + offset.y)) <= ulps(abs(a.y) + span), "\(at): y \(b.y) is not \(a.y) + \(offset.y)")
                    try #require(a.fields.map(\.name) == b.fields.map(\.name))
                    for (f, g) in zip(a.fields, b.fields) {
                        if let axis = positionFields[f.name] {
                            #expect(abs(g.value - (f.value + offset[axis])) <= ulps(abs(f.value) + span), "\(at): \(f.name) \(g.value) is not \(f.value) + \(offset[axis])")
                        } else {
                            // A value computed from differences of moved positions (a spark's
                            // heading) is rounded where the positions are: a few ulps of them.
                            #expect(abs(g.value - f.value) <= ulps(f.scale + span) * 64, "\(at): \(f.name) \(g.value) is not \(f.value)")
                        }
                    }
                }
            }
        }
    }

    @Test func aMovedLaunchIsTheLaunchDrawnThatFarAwayForEveryKind() throws {
        var seen: Set<ObjectIdentifier> = []
        for (name, launch) in try Self.launches(in: Self.viewport) {
            let moved = launch.moved(by: Self.offset)
            try #require(moved.batches.count == launch.batches.count)
            #expect(moved.sounds.map { String(describing: $0) } == launch.sounds.map { String(describing: $0) },
                    "\(name): the sounds, their pan included, are as spawned")
            for (batch, movedBatch) in zip(launch.batches, moved.batches) {
                try Self.compare(batch, moved: movedBatch, offset: Self.offset, label: name)
                seen.insert(ObjectIdentifier(batch.kind))
            }
        }
        for kind in ParticleKinds.all {
            #expect(seen.contains(ObjectIdentifier(kind)), "no preset launched \(kind.plural), so its move went untested")
        }
    }

    /// The measured desktop: two monitors side by side, the second announced first.
    static let left = DesktopOutput(name: "Meta-0", x: 0, y: 0, width: 1280, height: 720, scale: 1)
    static let right = DesktopOutput(name: "Meta-1", x: 1280, y: 0, width: 1024, height: 768, scale: 1)
    static let outputs = [right, left]

    @Test func aLaunchPlaysOnTheOutputNamedElseTheOneHoldingItsPointElseTheFirst() throws {
        let first = try #require(try LaunchPlace().placement(among: Self.outputs))
        #expect(first.output == Self.left.rect)
        #expect(first.button == Rect.button(centredIn: Size(width: 1280, height: 720)))
        #expect(first.origin == Point(0, 0))

        let named = try #require(try LaunchPlace(output: "Meta-1").placement(among: Self.outputs))
        #expect(named.output == Self.right.rect && named.viewport == Self.viewport)
        #expect(named.button == Rect.button(centredIn: Self.viewport), "the button in the output's own points")
        #expect(named.origin == Point(1280, 0))

        // --at picks the output holding it, and places the button there in its points.
        let held = try #require(try LaunchPlace(at: (1500, 100)).placement(among: Self.outputs))
        #expect(held.output == Self.right.rect)
        #expect(held.button.midX == 220 && held.button.y + held.button.height / 2 == 100)

        // --at with --output is from the output's top-left, even outside it.
        let beside = try #require(try LaunchPlace(at: (-100, 50), output: "Meta-1").placement(among: Self.outputs))
        #expect(beside.output == Self.right.rect)
        #expect(beside.button.midX == -100 && beside.button.y + beside.button.height / 2 == 50)

        // A point no output holds plays on the first output.
        let nowhere = try #require(try LaunchPlace(at: (5000, 5000)).placement(among: Self.outputs))
        #expect(nowhere.output == Self.left.rect)

        #expect(try LaunchPlace().placement(among: []) == nil)
        #expect(throws: LaunchPlace.UnknownOutput.self) { try LaunchPlace(output: "Meta-9").placement(among: Self.outputs) }
    }

    /// `confetti fire confetti` and `--output Meta-1`: the cannons fire from the chosen output's
    /// bottom corners, so every piece starts on that output and none crosses onto the other at
    /// any age (a celebration's fireworks burst around the button in its middle).
    @Test(arguments: ["confetti", "celebration"], [nil, "Meta-1"] as [String?])
    func confettiFillsTheChosenOutputAlone(preset: String, output: String?) throws {
        let placement = try #require(try LaunchPlace(output: output).placement(among: Self.outputs))
        let other = output == nil ? Self.right.rect : Self.left.rect
        let effect = try #require(Effect.preset(preset))
        let launch = effect.launch(effect.kind, seed: 1, index: 0, around: placement.button, in: placement.viewport).moved(by: placement.origin)
        var xs: [Double] = []
        for batch in launch.batches {
            xs += Self.positions(batch, at: Array(stride(from: 0.0, through: batch.duration, by: 0.25))).map(\.x)
        }
        try #require(!xs.isEmpty)
        let (low, high) = (xs.min()!, xs.max()!)
        #expect(low >= placement.output.minX && high <= placement.output.maxX,
                "\(preset): pieces at x \(low)...\(high), not within the output's \(placement.output.minX)...\(placement.output.maxX)")
        #expect(!xs.contains { $0 >= other.minX && $0 < other.maxX }, "\(preset): a piece on the other output")
    }

    /// The positions of a batch's particles alive at `times` (launch clock).
    static func positions<B: ParticleBatch>(_ batch: B, at times: [Double]) -> [Point] {
        times.flatMap { time in
            batch.particles.compactMap { p -> Point? in
                let s = B.Kind.evaluate(p, at: time - B.Kind.birth(of: p), uniforms: batch.uniforms)
                return s.alive ? Point(s.x, s.y) : nil
            }
        }
    }
}
