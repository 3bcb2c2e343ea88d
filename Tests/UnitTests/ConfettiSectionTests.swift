import ConfettiCore
import Testing
import TestSupport

/// The spawner against the distributions of docs/effects.md.
@Suite(.tags(.math)) struct ConfettiSectionTests {
    let viewport = Size(width: 1280, height: 720)

    /// Checks every draw lies in `range` and that, over many draws, both ends are approached
    /// to within 1% of the range's width.
    func checkRange(_ values: [Double], _ range: ClosedRange<Double>, _ name: String) {
        let width = range.upperBound - range.lowerBound
        let lo = values.min()!, hi = values.max()!
        #expect(lo >= range.lowerBound && hi <= range.upperBound, "\(name) left \(range): [\(lo), \(hi)]")
        #expect(lo - range.lowerBound < 0.01 * width, "\(name) never came near \(range.lowerBound): min \(lo)")
        #expect(range.upperBound - hi < 0.01 * width, "\(name) never came near \(range.upperBound): max \(hi)")
    }

    func particles(seeds: Range<UInt64>, burst: ConfettiSection = .standard) -> [ConfettiParticle] {
        seeds.flatMap { burst.spawn(in: viewport, seed: $0) }
    }

    @Test func everyParameterStaysInsideItsSpecRangeAndReachesBothEnds() {
        let all = particles(seeds: 0..<1000)
        #expect(all.count == 30_000)
        let (w, h) = (viewport.width, viewport.height)
        checkRange(all.map(\.initialPosition.x), (0.15 * w)...(0.85 * w), "x0")
        #expect(all.allSatisfy { $0.initialPosition.y == h + 20 })
        checkRange(all.map(\.initialVelocity.x), (-0.3 * w)...(0.3 * w), "vx")
        checkRange(all.map(\.initialVelocity.y), (-1.8 * h * 1.1)...(-1.8 * h * 0.85), "vy")
        checkRange(all.map(\.initialRotation), 0...360, "initialRotation")
        checkRange(all.map(\.rotationSpeed), -400...400, "rotationSpeed")
        checkRange(all.map(\.flutterAmplitude), 25...45, "flutterAmplitude")
        checkRange(all.map(\.flutterFrequency), 4...7, "flutterFrequency")
        checkRange(all.map(\.flutterPhase), 0...(2 * .pi), "flutterPhase")
        checkRange(all.map(\.flipFrequency), 3...6, "flipFrequency")
        checkRange(all.map(\.flipPhase), 0...(2 * .pi), "flipPhase")
        checkRange(all.map(\.spreadStrength), 8...18, "spreadStrength")
    }

    /// Counts of each value agree with equal shares to 5 binomial standard deviations.
    func expectEqualShares<T: Hashable>(_ values: [T], among choices: [T], _ name: String) {
        let n = Double(values.count), p = 1 / Double(choices.count)
        let sigma = (n * p * (1 - p)).squareRoot()
        var counts: [T: Int] = [:]
        values.forEach { counts[$0, default: 0] += 1 }
        #expect(Set(counts.keys) == Set(choices), "\(name): unexpected values \(counts.keys)")
        for choice in choices {
            let c = Double(counts[choice] ?? 0)
            #expect(abs(c - n * p) < 5 * sigma, "\(name) \(choice): \(c) of \(n)")
        }
    }

    @Test func sizesColoursAndShapesAppearInEqualShares() {
        let all = particles(seeds: 0..<1000)
        expectEqualShares(all.map(\.size), among: ConfettiSection.standard.sizes, "size")
        expectEqualShares(all.map(\.color), among: ConfettiSection.standard.colors, "colour")
        #expect(all.allSatisfy { $0.shape == .rectangle }, "the article's burst is rectangles only")
        let mixed = particles(seeds: 0..<1000, burst: .mixedShapes)
        expectEqualShares(mixed.map(\.shape), among: [.rectangle, .circle], "shape")
    }

    @Test func aBurstIsThirtyPiecesFromTheBottomEdge() {
        let burst = ConfettiSection.standard.spawn(in: Size(width: 390, height: 844), seed: 9)
        #expect(burst.count == 30)
        #expect(burst.allSatisfy { $0.initialPosition.y == 864 && $0.initialVelocity.y < 0 })
    }

    @Test func sameSeedGivesIdenticalLaunchesAndOtherSeedsDiffer() {
        let a = ConfettiSection.standard.spawn(in: viewport, seed: 1234)
        let b = ConfettiSection.standard.spawn(in: viewport, seed: 1234)
        let c = ConfettiSection.standard.spawn(in: viewport, seed: 1235)
        #expect(a == b)
        #expect(a != c)
    }

    func pieces(_ spawn: ScheduledBatch) -> [ConfettiParticle] {
        spawn.batch.typed(ConfettiKind.self)?.particles ?? []
    }

    @Test func aScheduleKeepsItsLaunchesPiecesWhenMoreAreAdded() {
        let three = LaunchSchedule(effect: .confetti, seed: 5, launches: 3).spawned(in: viewport).batches
        let four = LaunchSchedule(effect: .confetti, seed: 5, launches: 4).spawned(in: viewport).batches
        #expect(three.map(pieces) == four.prefix(3).map(pieces))
        #expect(three.allSatisfy { pieces($0).count == 30 })
        #expect(zip(four.map(\.time), [0, 0.35, 0.7, 1.05]).allSatisfy { abs($0 - $1) < 1e-12 })
    }
}
