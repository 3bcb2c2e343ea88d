@testable import ConfettiCore
import Foundation
import Testing
import TestSupport

/// Sound: events listed at spawn with the particles, synthesised from the seed alone.
@Suite(.tags(.math)) struct SoundTests {
    static let viewport = Size(width: 1280, height: 720)

    /// The whole track of `schedule`, as `render --audio` writes it.
    static func pcm(_ schedule: LaunchSchedule, seconds: Double? = nil) throws -> PCM {
        let track = SoundTrack(schedule.spawned(in: viewport).sounds)
        let frames = seconds.map { SoundTrack.sample(at: $0) } ?? track.sampleCount
        return try PCM(wav: Data(WAVFile.encode(track, frames: frames)))
    }

    @Test func theSameSeedGivesTheSamePCMAndAnotherSeedOther() throws {
        let a = try Self.pcm(LaunchSchedule(effect: .show, seed: 7))
        let b = try Self.pcm(LaunchSchedule(effect: .show, seed: 7))
        let c = try Self.pcm(LaunchSchedule(effect: .show, seed: 8))
        #expect(a.frames > 10 * SoundTrack.sampleRate, "the show sounds for its ten seconds")
        #expect(a.hash == b.hash)
        #expect(a.hash != c.hash)
    }

    @Test func anyWindowIsTheSameSamplesAsThatStretchOfTheWhole() {
        let track = SoundTrack(LaunchSchedule(effect: .finale, seed: 3).spawned(in: Self.viewport).sounds)
        var whole = SoundPlayer(track)
        let all = whole.pcm16(from: 0, count: track.sampleCount)
        // Windows of odd sizes, out of order, some overlapping, each from a player that has
        // played something else before (voices running, to be started again).
        var player = SoundPlayer(track)
        var rng = SeededGenerator(seed: 11)
        for _ in 0..<40 {
            let start = rng.index(below: track.sampleCount - 5_000), count = 1 + rng.index(below: 4_999)
            let window = player.pcm16(from: start, count: count)
            #expect(Array(all[2 * start..<2 * (start + count)]) == window, "window at \(start) of \(count)")
        }
    }

    @Test func noSampleExceedsMinusOneDBFSEvenWhenLaunchesPileUp() throws {
        let ceiling = Int(32_768 * 0.891_250_938)  // −1 dBFS
        for schedule in [LaunchSchedule(effect: .show), LaunchSchedule(effect: .finale), LaunchSchedule(effect: .cannon),
                         LaunchSchedule(effect: .finale, launches: 12, interval: 0.03), LaunchSchedule(effect: .peony, launches: 20, interval: 0.01)] {
            let pcm = try Self.pcm(schedule)
            let peak = pcm.magnitudes.max() ?? 0
            #expect(peak <= ceiling, "\(schedule.effect.kind) × \(schedule.launches): peak \(peak)")
            #expect(peak > ceiling / 4, "\(schedule.effect.kind) × \(schedule.launches): audible, peak \(peak)")
        }
    }

    /// Each shell bursts where its stars are born, so the sound's burst is heard at that birth
    /// plus the time sound takes to come down from there.
    @Test func everyBurstIsHeardWithinAMillisecondOfItsStarsBirthPlusTheDelayOfSound() throws {
        let schedule = LaunchSchedule(effect: .show, seed: 5)
        let pcm = try Self.pcm(schedule)
        // A shell's stars: a batch of many stars born together at one place.
        var bursts: [(time: Double, height: Double)] = []
        for batch in schedule.spawned(in: Self.viewport).batches.map(\.batch).of(StarKind.self) where batch.particles.count >= 9 {
            let first = batch.particles[0]
            guard batch.particles.allSatisfy({ $0.birth == first.birth && $0.position == first.position }) else { continue }
            if !bursts.contains(where: { abs($0.time - first.birth) < 1e-9 }) { bursts.append((first.birth, 1 - first.position.y / Self.viewport.height)) }
        }
        #expect(bursts.count == Effect.show.show.count, "one burst per shell")
        for burst in bursts {
            let heard = burst.time + burst.height * Effect.show.sound.distance / 343
            let onset = pcm.onset(near: heard)
            #expect(onset.map { abs($0 - heard) <= 0.001 } == true, "burst at \(heard) s heard at \(String(describing: onset)) s")
        }
    }

    @Test func crackleAndPopAreHeardWithinAMillisecondOfTheirSchedule() throws {
        // Rockets whose few crackles spread out, so that many start clear of the others.
        var sparse = Effect.finale
        sparse.rocket.rockets = 1
        sparse.rocket.crackles = 3
        sparse.rocket.crackleDelay = 0.3...1.4
        var checked = 0
        for (effect, seed) in (1...6).map({ (sparse, UInt64($0)) }) + [(.cannon, 2), (.popper, 2)] {
            let schedule = LaunchSchedule(effect: effect, seed: seed)
            let pcm = try Self.pcm(schedule)
            let events = schedule.spawned(in: Self.viewport).sounds
            // One whose start no other's hiss, click or crack is near: a burst's boom may sound on.
            func clear(_ e: SoundEvent) -> Bool {
                !events.contains { other in
                    other != e && (other.kind == .burst
                        ? abs(other.time - e.time) < 0.05
                        : other.time < e.time + 0.02 && other.time + other.duration > e.time - 0.05)
                }
            }
            for event in events where [.pop, .crackle].contains(event.kind) && clear(event) {
                let onset = pcm.onset(near: event.time, floor: 300)
                #expect(onset.map { abs($0 - event.time) <= 0.001 } == true, "\(event.kind) at \(event.time) s heard at \(String(describing: onset)) s")
                checked += 1
            }
        }
        #expect(checked >= 8, "only \(checked) crackles and pops were clear of others")
    }

    @Test func aLargerShellBurstsLouderAndLower() {
        let big = ShellSection.peony.shell.soundSize, small = ShellSection.palm.shell.soundSize
        #expect(big > 2 * small)
        func burst(_ launch: ShellSection) -> SoundEvent {
            Effect(kind: .shell, shell: launch).launch(.shell, seed: 1, index: 0, around: .button(centredIn: Self.viewport), in: Self.viewport).sounds.first { $0.kind == .burst }!
        }
        #expect(burst(.peony).loudness > burst(.palm).loudness)
        #expect(burst(.peony).duration > burst(.palm).duration)
    }

    @Test func theSoundSectionChoosesScalesAndSilences() {
        var effect = Effect.show
        let all = LaunchSchedule(effect: effect).spawned(in: Self.viewport).sounds
        #expect(Set(all.map(\.kind)) == [.lift, .burst, .fizz, .crackle])
        effect.sound.events = [.burst]
        effect.sound.volume = 0.5
        let bursts = LaunchSchedule(effect: effect).spawned(in: Self.viewport).sounds
        #expect(bursts.count == all.filter { $0.kind == .burst }.count && bursts.allSatisfy { $0.kind == .burst })
        #expect(zip(bursts, all.filter { $0.kind == .burst }).allSatisfy { abs($0.loudness - $1.loudness * 0.5 / 0.8) < 1e-12 })
        effect.sound.isEnabled = false
        #expect(LaunchSchedule(effect: effect).spawned(in: Self.viewport).sounds.isEmpty)
        #expect(LaunchSchedule(effect: .rain).spawned(in: Self.viewport).sounds.isEmpty, "rain falls silently")
    }

    /// The sound's numbers are the CPU's alone: one too small for a 32-bit float is read as
    /// given, never refused as "too close to 0 for the GPU", and its track is finite and silent.
    @Test func aVolumeTooSmallForTheGPUIsTheCPUsToKeep() throws {
        let file = #"{"kind": "classic", "sound": {"volume": 1e-300, "distance": 1e-310}}"#
        let effect = try EffectFile.decode(Data(file.utf8), file: nil)
        #expect(effect.sound.volume == 1e-300 && effect.sound.distance == 1e-310)
        let sounds = LaunchSchedule(effect: effect).spawned(in: Self.viewport).sounds
        #expect(!sounds.isEmpty && sounds.allSatisfy { $0.loudness.isFinite && $0.loudness < 1e-299 && $0.time.isFinite })
        var player = SoundPlayer(SoundTrack(sounds))
        #expect(player.pcm16(from: 0, count: 48_000).allSatisfy { $0 == 0 })
    }

    @Test func theSynthesisArithmeticIsThePolynomialsItClaims() {
        for k in 0...64 {
            let p = Double(k) / 64 - 0.3
            let error = abs(SoundMath.sine(p) - sin(2 * .pi * p))
            #expect(error < 4e-6, "sin(2π·\(p)) off by \(error)")
        }
        for x in stride(from: -5.0, through: 5, by: 0.01) {
            let y = SoundMath.saturate(x)
            #expect(abs(y) <= 1, "saturate(\(x)) = \(y)")
        }
        let a = SoundMath.lowpass(1_000), exact = 1 - exp(-2 * Double.pi * 1_000 / 48_000)
        #expect(abs(a - exact) < 1e-8, "\(a) against \(exact)")
    }
}

