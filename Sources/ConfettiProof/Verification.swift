import ConfettiCore
import ConfettiGL
import FoundationEssentials
import Glibc

/// `confetti verify`: the proof of an effect on the GPU at hand. Its launches, at seeded random
/// seeds, viewports, times and epochs up to 30 days of uptime, go through the parity check
/// (transform feedback against the CPU evaluators, every field within its derived tolerance)
/// and the pixel proof (a headless render against the CPU rasteriser).
package struct Verification {
    /// Launches of each effect, each at its own seed, viewport and epoch.
    package var launches = 2
    package var seed: UInt64 = 1
    /// Ages sampled per launch for the parity check.
    package var times = 10
    /// Stand-ins for kinds' CPU evaluators, so a test can show that a wrong one fails.
    package var evaluators = Evaluators()

    /// The pixel proof's bounds: no channel of a pixel more than 2 levels of 255 off where one
    /// draw covers it, a level more for each further draw blended into it (`PixelProof.allowed`),
    /// and at most half a level on average over the pixels drawn (as the tests hold scenes to).
    package static let worstPixel = 2
    package static let meanPixel = 0.5
    /// The viewport of the pixel proof, small enough for the CPU rasteriser.
    package static let pixelViewport = Size(width: 320, height: 180)

    package init() {}

    /// What one effect came to.
    package struct Result: Sendable {
        package var name: String
        package var parity = ParityCheck.Report()
        /// Samples the parity check owes: every instance (a particle and each ghost of its
        /// trail) at every age, so a check that skipped some shows.
        package var expectedSamples = 0
        package var pixels = PixelProof.Difference()
        /// The launch, content scale and time of the worst pixel, for the report.
        package var pixelWhere = ""
        /// Every check that failed, one line each, naming the field, particle and time.
        package var failures: [String] = []
        package var passed: Bool { failures.isEmpty }
    }

    /// Runs every check for `effect`; a context must be current.
    package func verify(_ effect: Effect, name: String, shaders: ShaderLibrary) throws -> Result {
        try Budget.verify(effect)
        var result = Result(name: name)
        var rng = SeededGenerator(seed: seed)
        // Each kind's feedback program linked once for every batch of every launch.
        let probes = FeedbackProbes(shaders: shaders)
        defer { probes.delete() }
        for launch in 0..<launches {
            let viewport = Size(width: rng.uniform(320, 2560).rounded(), height: rng.uniform(240, 1440).rounded())
            let launchSeed = rng.next()
            // Up to 30 days of uptime: the float time path is part of what is proven.
            let epoch = rng.uniform(0, 30 * 86_400)
            let batches = effect.launch(effect.kind, seed: launchSeed, index: 0, around: Rect.button(centredIn: viewport), in: viewport).batches
            try Budget.verify(instances: Demand(batches.filter { $0.particleCount > 0 }.map(Self.instanceTerm), "instances"))
            // The pixel proof's pictures (below), counted before any work on this launch.
            let small = Self.pixelViewport, scale = launch % 2 == 0 ? 1.0 : 2.0
            let smallBatches = effect.launch(effect.kind, seed: launchSeed, index: 0, around: Rect.button(centredIn: small), in: small).batches
            let smallEnd = smallBatches.map(\.duration).max() ?? 0
            let shares = [0.2371, 0.5113, 0.7659]
            let pixels = shares.map { PixelProof.pixelsVisited(smallBatches, at: $0 * smallEnd, viewport: small, pixelsPerPoint: scale) }.reduce(0, +)
            try Budget.verify(pixels: pixels, instances: smallBatches.map { Self.instances($0) }.reduce(0, +))
            let end = batches.map(\.duration).max() ?? 0
            let times = (0..<self.times).map { _ in rng.uniform(-0.1, end + 0.1) }
            let context = "launch \(launch + 1) (seed \(launchSeed), \(Int(viewport.width))x\(Int(viewport.height)), epoch \(Int(epoch)) s)"
            for (index, batch) in batches.enumerated() {
                result.expectedSamples += Self.instances(batch) * times.count
                let report = try check(batch, epoch: epoch, times: times, viewport: viewport, shaders: shaders, probes: probes)
                for failure in report.failures {
                    result.failures.append("\(name): \(context), batch \(index + 1): \(failure)")
                }
                if report.failureCount > report.failures.count {
                    result.failures.append("\(name): \(context), batch \(index + 1): and \(report.failureCount - report.failures.count) more")
                }
                result.parity.merge(report)
            }

            // The pixels, at content scale 1 and 2 by turns, at about a quarter, half and three
            // quarters of the launch's life: off the round shares, where a particle's birth can
            // fall on the very instant (born in float on the GPU, a rounding short of it in
            // Double on the CPU), which tells nothing about the shaders.
            let background = RGB(0.055, 0.06, 0.09)
            let pictures = try PixelProof.render(smallBatches, at: shares.map { $0 * smallEnd }, viewport: small, pixelsPerPoint: scale,
                                                 background: background, shaders: shaders)
            for (share, gpu) in zip(shares, pictures) {
                let time = share * smallEnd
                let cpu = PixelProof.reference(smallBatches, at: time, viewport: small, pixelsPerPoint: scale, background: background)
                let d = PixelProof.difference(gpu, cpu, background: background)
                let place = "launch \(launch + 1) (seed \(launchSeed)) at \(Int(small.width))x\(Int(small.height)) × \(scale.compactText), t = \(time.compactText) s"
                if d.worst > result.pixels.worst || result.pixelWhere.isEmpty { result.pixelWhere = place + ", pixel (\(d.worstAt.x), \(d.worstAt.y))" }
                result.pixels.worst = max(result.pixels.worst, d.worst)
                result.pixels.inked += d.inked
                result.pixels.total += d.total
                if d.beyondBound > 0 {
                    let f = d.firstBeyond
                    result.failures.append("\(name): \(place): \(d.beyondBound) pixels differ from the CPU rasteriser's by more than their bound, the first (\(f.x), \(f.y)) by \(f.levels) levels under \(f.draws) draws")
                }
                if d.mean > Self.meanPixel {
                    result.failures.append("\(name): \(place): " + String(printf: "pixels differ from the CPU rasteriser's by %.3f levels on average, above %.1f", d.mean, Self.meanPixel))
                }
            }
        }
        return result
    }

    /// A batch's instances as a budget names them: its particles × (1 + its trail's ghosts).
    private static func instanceTerm(_ batch: any ParticleBatch) -> [Demand.Factor] {
        let ghosts = instances(batch) / max(batch.particleCount, 1) - 1
        return [Demand.Factor(batch.kind.plural, batch.particleCount), Demand.Factor("(1 + \(ghosts) trail ghosts)", ghosts + 1)]
    }

    /// Records times instances: each particle and each ghost of its trail.
    private static func instances<Batch: ParticleBatch>(_ batch: Batch) -> Int {
        batch.particles.count * (1 + Batch.Kind.ghosts(batch.uniforms))
    }

    private func check(_ batch: any ParticleBatch, epoch: Double, times: [Double], viewport: Size, shaders: ShaderLibrary, probes: FeedbackProbes) throws -> ParityCheck.Report {
        try check(batch.kind.feedbackSampling, batch, epoch: epoch, times: times, viewport: viewport, shaders: shaders, probes: probes)
    }

    private func check<Kind: FeedbackSampling>(_: Kind.Type, _ batch: any ParticleBatch, epoch: Double, times: [Double], viewport: Size, shaders: ShaderLibrary,
                                               probes: FeedbackProbes) throws -> ParityCheck.Report {
        let batch = batch.typed(Kind.self)!
        return try ParityCheck.check(Kind.self, particles: batch.particles, uniforms: batch.uniforms, epoch: epoch, times: times,
                                     viewport: viewport, pixelsPerPoint: 1, shaders: shaders, evaluate: evaluators.evaluate(Kind.self),
                                     sprites: SpriteTable(inOrder: batch.sprites), probes: probes)
    }

    /// Each kind's CPU evaluator (`ParticleKind.evaluate`), or a stand-in put in its place.
    package struct Evaluators {
        private var replaced: [ObjectIdentifier: Any] = [:]

        package init() {}

        package mutating func replace<Kind: ParticleKind>(_: Kind.Type, with evaluate: @escaping (Kind.Particle, Double, Int, Kind.Uniforms) -> Kind.Sample) {
            replaced[ObjectIdentifier(Kind.self)] = evaluate
        }

        package func evaluate<Kind: ParticleKind>(_: Kind.Type) -> (Kind.Particle, Double, Int, Kind.Uniforms) -> Kind.Sample {
            replaced[ObjectIdentifier(Kind.self)] as? (Kind.Particle, Double, Int, Kind.Uniforms) -> Kind.Sample ?? Kind.evaluate
        }
    }
}
