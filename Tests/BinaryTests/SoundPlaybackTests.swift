import ConfettiApp
import ConfettiGL
import ConfettiCore
import Testing

/// How the viewer's sound thread reads the track (`TrackReader`): block after block, the track's
/// own samples at speed 1, every other one at speed 2 (a tape at twice the speed), and the same
/// samples after a jump back as the first time; the events it keeps stay a bounded window however
/// much is launched, and keeping a window changes no sample.
@Suite struct SoundPlaybackTests {
    static let events = LaunchSchedule(effect: .finale, seed: 4).spawned(in: Size(width: 1280, height: 720)).sounds

    func whole(_ count: Int) -> [Int16] {
        var player = SoundPlayer(SoundTrack(Self.events))
        return player.pcm16(from: 0, count: count)
    }

    @Test func blockAfterBlockAtSpeedOneIsTheTracksOwnSamples() {
        var reader = TrackReader()
        reader.add(Self.events)
        let blocks = (0..<100).flatMap { reader.samples(at: Double($0 * 960), step: 1, count: 960) }
        #expect(blocks == whole(96_000))
    }

    @Test func atTwiceTheSpeedItReadsEveryOtherSample() {
        var reader = TrackReader()
        reader.add(Self.events)
        let fast = (0..<50).flatMap { reader.samples(at: Double($0 * 1_920), step: 2, count: 960) }
        let track = whole(96_000)
        let everyOther = stride(from: 0, to: 96_000, by: 2).flatMap { [track[2 * $0], track[2 * $0 + 1]] }
        #expect(fast == everyOther)
    }

    @Test func aJumpBackReadsTheSameSamplesAgain() {
        var reader = TrackReader()
        reader.add(Self.events)
        let first = reader.samples(at: 70_000, step: 1, count: 960)
        _ = reader.samples(at: 150_000, step: 1, count: 960)
        #expect(reader.samples(at: 70_000, step: 1, count: 960) == first)
        #expect(first == Array(whole(70_960)[140_000...]))
        #expect(first.contains { $0 != 0 }, "a stretch with sound in it")
    }

    @Test func addedInPiecesAndForgottenAsPlayedItIsTheSameSamples() {
        let half = Self.events.count / 2
        var pieces = SoundPlayer(SoundTrack())
        pieces.add(Array(Self.events[..<half]), keeping: SoundTrack.playedEvents)
        pieces.add(Array(Self.events[half...]), keeping: SoundTrack.playedEvents)
        let blocks = (0..<100).flatMap { k -> [Int16] in
            pieces.dropEnded(before: k * 960)
            return pieces.pcm16(from: k * 960, count: 960)
        }
        #expect(Self.events.count <= SoundTrack.playedEvents)
        #expect(blocks == whole(96_000))
        #expect(pieces.track.events.count < Self.events.count, "what has ended is forgotten")
    }

    /// The viewer's thread given a launch of ten thousand sounds (a crackle per star of ten
    /// 1000-star shells) every quarter second for ten seconds, as `view --fire-every 0.25` gives
    /// it, forgetting what has ended as it plays on: it keeps at most `playedEvents`, never
    /// everything launched (400,000 events, each with its clicks).
    @Test func aLaunchOfTenThousandSoundsEveryQuarterSecondKeepsAWindow() {
        var reader = TrackReader()
        var most = 0
        for launch in 0..<40 {
            let now = Double(launch) * 0.25
            let sounds = (0..<10_000).map { star in
                SoundEvent(.crackle, time: now + 1 + Double(star) * 1e-4, duration: 1.2, loudness: 0.009, size: 64, seed: UInt32(launch * 10_000 + star))
            }
            reader.add(sounds)
            reader.dropEnded(before: SoundTrack.sample(at: now))
            most = max(most, reader.kept)
        }
        #expect(most <= SoundTrack.playedEvents)
        #expect(reader.kept > 0)
        // Played on past every sound's end, nothing is kept.
        reader.dropEnded(before: SoundTrack.sample(at: 20))
        #expect(reader.kept == 0)
    }
}
