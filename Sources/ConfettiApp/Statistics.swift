import ConfettiCore

/// The `p`-quantile of `values` (p in [0, 1]) by nearest rank: the element at index
/// round(p × (n − 1)) of the sorted values; 0 for none. The one definition of "median" and
/// "p95" in every report.
package func percentile(_ values: [Double], _ p: Double) -> Double {
    guard !values.isEmpty else { return 0 }
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, max(0, Int((p * Double(sorted.count - 1)).rounded())))]
}

/// Frame times of a run of any length in bounded memory: every frame while there is room,
/// then a uniform sample of them all (reservoir sampling, seeded, so a run is repeatable).
package struct FrameTimeSample: Sendable {
    package static let capacity = 1 << 16

    package private(set) var frames = 0
    /// The reservoirs, written in full at creation (see `init`); the first `stored` slots hold frames.
    private var secondsStore: [Double]
    private var liveStore: [Int]
    private var timingsStore: [FrameTimings]
    private var stored = 0
    /// Fewest and most live particles of any frame.
    package private(set) var minLive = 0
    package private(set) var maxLive = 0
    /// Running totals, for means over every frame.
    package private(set) var totalLive = 0
    private var rng = SeededGenerator(seed: 0x5EED)

    /// The frame times kept.
    package var seconds: [Double] { Array(secondsStore.prefix(stored)) }
    /// Live particles of the same frames as `seconds` (the same reservoir slots).
    package var live: [Int] { Array(liveStore.prefix(stored)) }
    /// Where each of those frames' time went, in the same slots (NaN where not measured).
    package var timings: [FrameTimings] { Array(timingsStore.prefix(stored)) }

    /// The reservoirs are allocated and written whole up front (3 MiB in all), so a long run's
    /// resident memory is flat from its first frame: memory only reserved is not resident until
    /// it is first written, and would grow for the first 65,536 frames.
    package init() {
        secondsStore = Array(repeating: 0, count: Self.capacity)
        liveStore = Array(repeating: 0, count: Self.capacity)
        timingsStore = Array(repeating: FrameTimings(), count: Self.capacity)
    }

    package mutating func record(seconds frame: Double, live particles: Int, timings figures: FrameTimings = FrameTimings()) {
        minLive = frames == 0 ? particles : min(minLive, particles)
        maxLive = frames == 0 ? particles : max(maxLive, particles)
        frames += 1
        totalLive += particles
        let slot: Int
        if stored < Self.capacity {
            slot = stored
            stored += 1
        } else {
            slot = rng.index(below: frames)
            guard slot < Self.capacity else { return }
        }
        secondsStore[slot] = frame
        liveStore[slot] = particles
        timingsStore[slot] = figures
    }

    package func percentile(_ p: Double) -> Double { ConfettiApp.percentile(seconds, p) }

    /// The `p`-quantile of the live particles per frame, by the same nearest rank.
    package func livePercentile(_ p: Double) -> Int { Int(ConfettiApp.percentile(live.map(Double.init), p)) }

    package var meanLive: Int { frames == 0 ? 0 : totalLive / frames }

    /// The `p`-quantile of one timing over the frames that measured it; nil if none did.
    package func timingPercentile(_ figure: KeyPath<FrameTimings, Double>, _ p: Double) -> Double? {
        let measured = timingsStore.prefix(stored).map { $0[keyPath: figure] }.filter { !$0.isNaN }
        return measured.isEmpty ? nil : ConfettiApp.percentile(measured, p)
    }
}

/// Where one frame's time went, in seconds; NaN for what was not measured (a GPU time not yet
/// read back, say).
package struct FrameTimings: Sendable {
    /// The whole frame on the GPU, and its particle passes alone (GL timestamps).
    package var gpu = Double.nan
    package var particlesGPU = Double.nan
    /// The app's own CPU time for the frame (its thread's, from the end of the input wait to
    /// the swap): what it costs to plan and issue the frame.
    package var cpu = Double.nan
    /// Wall time in the buffer swap: waiting on presentation (vsync) or on the GPU.
    package var present = Double.nan

    package init(gpu: Double = .nan, particlesGPU: Double = .nan, cpu: Double = .nan, present: Double = .nan) {
        self.gpu = gpu
        self.particlesGPU = particlesGPU
        self.cpu = cpu
        self.present = present
    }
}
