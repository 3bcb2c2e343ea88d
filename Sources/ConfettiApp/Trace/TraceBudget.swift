import ConfettiCore

/// What `confetti trace` costs: a JSON tree per particle and per sample, and with the GPU
/// evaluator one transform-feedback pass per distinct birth and time.
extension Budget {
    /// Particles one `trace` prints: about 0.6 GB of JSON tree at 4.6 KB each.
    package static let maxTraceParticles = 1 << 17

    /// Samples (particles × times) one `trace` prints, at 1.3 KB each while encoding: both
    /// trace limits at once (131,072 pieces at 4 ages) peaked at 1.31 GB and wrote 234 MB of
    /// JSON in 15 s, measured.
    package static let maxTraceSamples = 1 << 19

    /// Shader passes of `trace --evaluator gpu`: one per distinct birth time and sample time,
    /// each a transform-feedback draw and read-back, about 35 µs on llvmpipe: 262,143 passes
    /// (a fountain of 37,449 sparks at 7 ages) took 8.4 s and 0.6 GB, measured. Only a
    /// fountain's sparks are born apart.
    package static let maxTraceGPUPasses = 1 << 18

    package struct TraceCost: Sendable, Equatable {
        package var particles: Int
        package var samples: Int
        /// Transform-feedback passes with `--evaluator gpu` (0 with the CPU).
        package var passes: Int
    }

    /// One launch of the effect's own kind, sampled at `times` ages each.
    @discardableResult
    package static func trace(_ effect: Effect, times: Int, gpu: Bool) throws -> TraceCost {
        let particles = particles(effect, .effect(effect.kind))
        let timesFactor = Demand.Factor("--times (\(times) values)", times)
        let samples = particles.times(timesFactor, last: true)
        guard samples.total <= Double(maxTraceSamples) else {
            throw over(samples.withUnit("samples"), "a trace of", limit: format(maxTraceSamples), hint: "fewer particles or --times")
        }
        guard particles.total <= Double(maxTraceParticles) else {
            throw over(particles, "a trace of", limit: "\(format(maxTraceParticles)) particles")
        }
        var passes = 0.0
        if gpu {
            // One pass per distinct birth: a fountain's sparks, a stream's pieces and a
            // rocket's phases are born apart.
            let births = effect.kind.definition.births(effect)
            let demand = births.times(timesFactor, last: true).withUnit("shader passes")
            passes = demand.total
            guard passes <= Double(maxTraceGPUPasses) else {
                throw over(demand, "--evaluator gpu (one pass per distinct birth and time) needs", limit: format(maxTraceGPUPasses), hint: "use --evaluator cpu or fewer --times")
            }
        }
        return TraceCost(particles: Int(particles.total), samples: Int(samples.total), passes: Int(passes))
    }
}
