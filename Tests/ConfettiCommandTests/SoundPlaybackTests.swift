import ConfettiApp
import ConfettiGL
import Testing

/// How the viewer's sound thread reads the track (`TrackReader`): block after block, the track's
/// own samples at speed 1, every other one at speed 2 (a tape at twice the speed), and the same
/// samples after a jump back as the first time.
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
}
