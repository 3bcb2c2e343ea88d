@testable import ConfettiCore
import Testing

/// A launch is spawned once, its sounds with its particles, from the one seed rule: launch k of
/// a seed draws from RNG stream k.
@Suite struct LaunchTests {
    static let viewport = Size(width: 1280, height: 720)

    /// How many times each section spawner ran while `body` did.
    static func passes(_ body: () -> Void) -> [String: Int] {
        let counter = SpawnPasses()
        SpawnPasses.$counter.withValue(counter, operation: body)
        return counter.all
    }

    /// Every particle of every batch, in order, whatever its kind, each value written out in
    /// full (a Double's description round-trips exactly).
    static func particles(_ batches: [any ParticleBatch]) -> [String] {
        batches.map { batch in String(describing: batch.particles) }
    }

    @Test(arguments: [
        ("celebration", ["classic": 1, "confetti": 1]),
        ("peony", ["shell": 1]),
        ("crossette", ["shell": 1]),
        ("finale", ["rocket": 1]),
        ("fountain", ["fountain": 1]),
        ("cannon", ["confetti": 1]),
        ("show", ["show": 1, "shell": Effect.show.show.count]),
    ])
    func aLaunchThatSoundsIsSpawnedOnce(preset: String, perLaunch: [String: Int]) throws {
        let effect = try #require(Effect.preset(preset))
        #expect(effect.sound.isEnabled)
        let schedule = LaunchSchedule(effect: effect, seed: 4, launches: 3)
        var sounds: [SoundEvent] = []
        let passes = Self.passes { sounds = schedule.spawned(in: Self.viewport).sounds }
        #expect(!sounds.isEmpty, "\(preset) makes sounds")
        #expect(passes == perLaunch.mapValues { 3 * $0 }, "\(preset): each section spawned once per launch, its sounds from the same pass")
    }

    @Test func hearingALaunchChangesNoneOfItsParticles() throws {
        for preset in ["celebration", "classic", "fountain", "cannon", "finale", "peony", "show"] {
            var effect = try #require(Effect.preset(preset))
            let button = Rect.button(centredIn: Self.viewport)
            let heard = effect.launch(effect.kind, seed: 9, index: 2, around: button, in: Self.viewport)
            effect.sound.isEnabled = false
            let silent = effect.launch(effect.kind, seed: 9, index: 2, around: button, in: Self.viewport)
            #expect(!heard.sounds.isEmpty && silent.sounds.isEmpty)
            #expect(Self.particles(heard.batches) == Self.particles(silent.batches), "\(preset)")
        }
    }

    @Test func launchKOfASeedDrawsFromStreamK() {
        let button = Rect.button(centredIn: Self.viewport)
        for k in [0, 1, 5] {
            var stream = SeededGenerator(seed: 77, stream: UInt64(k))
            let expected = Effect.celebration.launch(.celebration, around: button, in: Self.viewport, using: &stream)
            let launch = Effect.celebration.launch(.celebration, seed: 77, index: k, around: button, in: Self.viewport)
            #expect(Self.particles(launch.batches) == Self.particles(expected.batches))
            #expect(launch.sounds == expected.sounds)
        }
        let first = Effect.celebration.launch(.celebration, seed: 77, index: 0, around: button, in: Self.viewport)
        let second = Effect.celebration.launch(.celebration, seed: 77, index: 1, around: button, in: Self.viewport)
        #expect(Self.particles(first.batches) != Self.particles(second.batches))
    }

    /// A click's firework is launch k like any other: its sparks are those of stream k, its pop
    /// where they burst.
    @Test func aFireworkAtAPointIsOneLaunchWithItsPop() {
        let point = Point(300, 200)
        let launch = Effect.celebration.firework(at: point, seed: 3, index: 4, in: Self.viewport)
        var stream = SeededGenerator(seed: 3, stream: 4)
        let sparks = Effect.celebration.classic.firework.sparks(at: point, using: &stream)
        #expect(Self.particles(launch.batches) == [String(describing: sparks)])
        #expect(launch.sounds.count == 1 && launch.sounds[0].kind == .pop && launch.sounds[0].x == point.x / Self.viewport.width)
    }
}
