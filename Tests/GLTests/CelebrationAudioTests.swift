import ConfettiGL
import GLTestSupport
import Testing

/// The public Swift `Celebration` hands an app its launches' sound as samples, as the C
/// library's confetti_audio does.
@Suite struct CelebrationAudioTests {
    @Test func aFireworkIsHeardAsTheSameSamplesForTheSameCallsAndForgottenWithItsLaunch() async throws {
        try await SharedGL.run {
            let celebration = try Celebration(capacity: 4_096, seed: 1)
            defer { celebration.delete() }
            try celebration.fire("peony", at: 1, in: Size(width: 320, height: 180))
            let whole = try celebration.audio(from: 1, sampleRate: 44_100, frames: 88_200)
            let loudest = whole.map(abs).max() ?? 0
            #expect(whole.count == 2 * 88_200 && loudest > 0.01 && loudest <= 0.892, "loudest \(loudest)")
            // The later half first, then the earlier: the same samples as one call.
            let later = try celebration.audio(from: 2, sampleRate: 44_100, frames: 44_100)
            let earlier = try celebration.audio(from: 1, sampleRate: 44_100, frames: 44_100)
            let most = zip(whole, earlier + later).map { abs($0 - $1) }.max() ?? 1
            #expect(most < 1e-5, "halves differ from the whole by \(most)")
            #expect(try celebration.audio(from: 1, sampleRate: 44_100, frames: 88_200) == whole)
            #expect(try celebration.audio(from: 0, sampleRate: 48_000, frames: 480).allSatisfy { $0 == 0 }, "silence before the launch")
            #expect(throws: CelebrationError.self) { try celebration.audio(from: 1, sampleRate: 1_000, frames: 10) }
            celebration.removeAll()
            #expect(try celebration.audio(from: 1, sampleRate: 44_100, frames: 4_410).allSatisfy { $0 == 0 }, "forgotten with its launch")
        }
    }
}
