@testable import ConfettiCore
import Testing
import TestSupport

/// A shell's stages spawn when their triggers say: at the burst, every interval of each star's
/// life where the star then is, or at each star's death where it dies; the shell's count,
/// length and sounds are what its stages spawn.
@Suite(.tags(.math)) struct ShellStageTests {
    static let viewport = Size(width: 1280, height: 720)
    static let centre = Point(640, 250), time = 1.25

    /// The peony with every stage on.
    static var everyStage: FireworkShell {
        var shell = ShellSection.peony.shell
        shell.stars = 20
        shell.stages = .init(flash: .init(radius: 30, seconds: 0.1), pistil: .init(count: 12, speed: 0.4),
                             glitter: .init(interval: 0.23, lifetime: 0.4), crossette: .init(count: 3, speed: 0.1, lifetime: 0.5),
                             crackle: .init(count: 5, speed: 0.07, lifetime: 0.3))
        return shell
    }

    static func burst(_ shell: FireworkShell, seed: UInt64 = 3) -> Launch {
        var rng = SeededGenerator(seed: seed, stream: 0)
        return shell.burst(at: centre, time: time, in: viewport, using: &rng)
    }

    static func stars(_ batch: any ParticleBatch) throws -> [Star] {
        try #require(batch.typed(StarKind.self)).particles
    }

    @Test func eachStageIsBornWhenItsTriggerSays() throws {
        let shell = Self.everyStage
        let launch = Self.burst(shell)
        // The flash beneath the stars, then the stars, then the other stages in their order.
        #expect(launch.batches.count == 1 + shell.stages.on.count)
        let flash = try Self.stars(launch.batches[0]), main = try Self.stars(launch.batches[1])
        #expect(main.count == shell.stars)
        let over = try launch.batches.dropFirst(2).map(Self.stars)
        let (pistil, glitter, crossette, crackle) = (over[0], over[1], over[2], over[3])

        // At birth: at the burst, where it bursts.
        for star in flash + pistil {
            #expect(star.birth == Self.time && star.position == Self.centre)
        }
        #expect(flash.count == 1 && flash[0].radius == 30 && pistil.count == 12)

        // Every interval: each star's sparks at each whole interval of its life, where it then is.
        let interval = shell.stages.glitter.interval
        var expected: [(Double, Point)] = []
        for parent in main {
            for t in stride(from: interval, to: parent.lifetime, by: interval) {
                let at = shell.physics.motion(parent, at: t).p
                expected.append((parent.birth + t, Point(at.x, at.y)))
            }
        }
        #expect(glitter.count == expected.count && !expected.isEmpty)
        for (spark, (birth, position)) in zip(glitter, expected) {
            #expect(spark.birth == birth && spark.position == position)
        }

        // At death: where and when each star dies, crossette's and crackle's count per star.
        for (children, count) in [(crossette, 3), (crackle, 5)] {
            #expect(children.count == count * main.count)
            for (k, child) in children.enumerated() {
                let parent = main[k / count]
                let at = shell.physics.motion(parent, at: parent.lifetime).p
                #expect(child.birth == parent.birth + parent.lifetime && child.position == Point(at.x, at.y))
            }
        }
    }

    /// What the shell says it spawns, for the budget and for how long it lasts, is what its
    /// stages spawn: no more particles than its count (the glitter's count is its most), none
    /// alive after its seconds.
    @Test func theShellsCountAndLengthAreItsStages() throws {
        for lifetimeJitter in [1.0, 0.5] {
            var shell = Self.everyStage
            shell.lifetimeJitter = lifetimeJitter
            let launch = Self.burst(shell)
            let spawned = try launch.batches.flatMap(Self.stars)
            #expect(Double(spawned.count) <= shell.particleCount)
            // Only the glitter can fall short: the rest is exact.
            let glitterMost = Double(shell.stars) * shell.stages.glitter.particles(in: shell).perStar
            let glitter = try Self.stars(launch.batches[3]).count
            #expect(Double(spawned.count - glitter) == shell.particleCount - glitterMost)
            let physics = launch.batches.map { $0.typed(StarKind.self)!.uniforms }
            for (batch, uniforms) in zip(launch.batches, physics) {
                for star in try Self.stars(batch) {
                    let gone = star.birth + star.lifetime + uniforms.trailDuration
                    #expect(gone <= Self.time + shell.seconds + 1e-9, "a star lives until \(gone), after the shell's \(shell.seconds) s")
                }
            }
        }
    }

    /// A stage that is off spawns nothing and draws nothing: the stages after it spawn as
    /// they would without it.
    @Test func aStageThatIsOffDrawsNothing() throws {
        var shell = Self.everyStage
        shell.stages.pistil.count = 0
        shell.stages.glitter.interval = 0
        let launch = Self.burst(shell)
        var without = shell
        without.stages = .init(flash: shell.stages.flash, crossette: shell.stages.crossette, crackle: shell.stages.crackle)
        let other = Self.burst(without)
        #expect(launch.batches.count == 4)
        #expect(try launch.batches.map { String(describing: try Self.stars($0)) } == other.batches.map { String(describing: try Self.stars($0)) })
    }

    /// One crackle per star that dies into a stage, as the last such stage sounds: a crossette
    /// alone snaps, a crackle crackles over its sparks' lifetime.
    @Test func aDyingStarCracklesAsItsLastDeathStageSays() throws {
        var shell = Self.everyStage
        for (crackle, duration, size) in [(5, 0.3, 5.0), (0, 0.02, 1.0)] {
            shell.stages.crackle.count = crackle
            let crackles = Self.burst(shell).sounds.filter { $0.kind == .crackle }
            #expect(crackles.count == shell.stars)
            #expect(crackles.allSatisfy { $0.duration == duration && $0.size == size }, "\(crackles.first.map { ($0.duration, $0.size) } as Any)")
        }
        shell.stages.crossette.count = 0
        #expect(!Self.burst(shell).sounds.contains { $0.kind == .crackle }, "no stage at death: no crackle")
    }
}
