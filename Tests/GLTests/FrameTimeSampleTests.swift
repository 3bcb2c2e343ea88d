import ConfettiApp
import Testing

/// What `--quit-after` reports about the live particles of the frames it timed.
@Suite struct FrameTimeSampleTests {
    @Test func theLiveCountsOfTheFramesAreReportedAsMedianLeastAndMost() async {
        var sample = FrameTimeSample()
        let live = [5, 9, 7, 7, 1, 8, 7]
        for (i, n) in live.enumerated() { sample.record(seconds: 0.001 * Double(i + 1), live: n) }
        #expect(sample.minLive == 1 && sample.maxLive == 9)
        // Sorted: 1 5 7 7 7 8 9; nearest rank of 0.5 × 6 is index 3.
        #expect(sample.livePercentile(0.5) == 7)
        #expect(sample.summary == "7 frames, median 4.00 ms, p95 7.00 ms, live median 7 (min 1, max 9)")
    }

    @Test func beyondTheReservoirTheLiveCountsStayPairedWithTheirFrameTimes() async {
        var sample = FrameTimeSample()
        // Every frame's live count is its frame time in microseconds: any slot the reservoir
        // overwrites must keep the pair together.
        for i in 0..<(FrameTimeSample.capacity + 5_000) {
            let n = i % 1_000
            sample.record(seconds: Double(n) * 1e-6, live: n)
        }
        #expect(sample.seconds.count == FrameTimeSample.capacity && sample.live.count == FrameTimeSample.capacity)
        #expect(zip(sample.seconds, sample.live).allSatisfy { Int(($0 * 1e6).rounded()) == $1 })
        #expect(sample.minLive == 0 && sample.maxLive == 999)
    }
}
