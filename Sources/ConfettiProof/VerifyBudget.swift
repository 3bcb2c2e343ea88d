import ConfettiCore

/// What `confetti verify` costs, checked before any work: every instance of a launch (each
/// particle and each ghost of its trail) is read back from the shader and evaluated on the CPU
/// at `Verification.times` ages, and the launch is spawned twice (at its own viewport and at the
/// pixel proof's) and rasterised on the CPU three times.
extension Budget {
    /// Instances one launch of `verify` checks. Measured on a loaded 2-core machine (debug
    /// build): 5,000 confetti pieces took 8.5 s at 143 MB peak and 50,000 took 93 s at 247 MB,
    /// about 170 µs an instance at 10 ages, pixel proof included. So 32,768 instances are about a
    /// minute a launch at most and well under 1 GB, with the read-back in chunks
    /// (`ParityCheck.maxInstancesPerPass`); the largest preset, the show, has about 10,000.
    package static let maxVerifyInstances = 1 << 15

    /// Refuses an effect too large to verify before anything is spawned: its particles alone
    /// (every instance is at least its particle) beyond `maxVerifyInstances`, or beyond what any
    /// launch may spawn.
    package static func verify(_ effect: Effect) throws {
        try launch(effect, .effect(effect.kind), capacity: nil)
        let particles = particles(effect, .effect(effect.kind))
        guard particles.total <= Double(maxVerifyInstances) else {
            throw over(particles, "verifying a launch of", limit: "\(format(maxVerifyInstances)) instances a launch for verify, each read back from the shader and evaluated on the CPU", hint: "the same shaders are proven by fewer particles")
        }
    }

    /// Refuses a spawned launch whose instances (its particles and their trails' ghosts) are
    /// beyond `maxVerifyInstances`; `instances` is one term per batch.
    package static func verify(instances: Demand) throws {
        guard instances.total <= Double(maxVerifyInstances) else {
            throw over(instances, "verifying a launch of", limit: "\(format(maxVerifyInstances)) instances a launch for verify, each read back from the shader and evaluated on the CPU", hint: "fewer particles or trail ghosts")
        }
    }

    /// Pixels the CPU rasteriser may shade for one launch's pixel proof (its three pictures),
    /// counted from the quads before any is shaded: the instance limit bounds the reading back,
    /// but not the pictures, where a rocket's sparks of 255 pt each cover the 320 × 180 view
    /// (37 million pixels: 39 s of a debug build, 3.5 s of a release one, whose rasteriser shades
    /// about ten million a second). The busiest preset, the show, shades 1.2 million.
    package static let maxVerifyPixels = 40_000_000

    /// Refuses a launch whose pixel proof would shade more than `maxVerifyPixels` on the CPU.
    package static func verify(pixels: Double, instances: Int) throws {
        guard pixels <= Double(maxVerifyPixels) else {
            throw BudgetError("the pixel proof of a launch would shade \(format(pixels)) pixels on the CPU, above the limit of \(format(maxVerifyPixels)) for verify: \(format(instances)) instances, each covering \(format((pixels / Double(max(instances, 1))).rounded())) pixels on average over its three pictures; the same shaders are proven by fewer or smaller particles")
        }
    }
}
