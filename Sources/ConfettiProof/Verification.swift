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
            let proof = try LaunchProof(effect, launch: launch, using: &rng, verification: self)
            result.expectedSamples += proof.expectedSamples
            for (index, plan) in proof.plans.enumerated() {
                proof.record(try plan.run(with: probes), batch: index, into: &result)
            }
            proof.comparePixels(try proof.render(shaders: shaders), into: &result)
        }
        return result
    }

    /// The same checks on a context shared with others: only the GL work is done in a turn of
    /// `turns`, the CPU's side of each check between turns, and the result is the same.
    package func verify(_ effect: Effect, name: String, shaders: ShaderLibrary, turns: some ContextTurns) async throws -> Result {
        try Budget.verify(effect)
        var result = Result(name: name)
        var rng = SeededGenerator(seed: seed)
        let probes = FeedbackProbes(shaders: shaders)
        do {
            for launch in 0..<launches {
                let proof = try LaunchProof(effect, launch: launch, using: &rng, verification: self)
                result.expectedSamples += proof.expectedSamples
                for (index, plan) in proof.plans.enumerated() {
                    proof.record(try await plan.run(with: probes, turns: turns), batch: index, into: &result)
                }
                proof.comparePixels(try await turns.run { try proof.render(shaders: shaders) }, into: &result)
            }
        } catch {
            try await turns.run { probes.delete() }
            throw error
        }
        try await turns.run { probes.delete() }
        return result
    }

    /// One launch of an effect, spawned at its seed, viewport and epoch and within verify's
    /// budget: its batches' parity checks, and its pixel proof's batches and times.
    struct LaunchProof {
        let launch: Int
        let launchSeed: UInt64
        /// Which launch, for the report.
        let context: String
        let plans: [any ParityPlan]
        let small = Verification.pixelViewport
        let scale: Double
        let smallBatches: [any ParticleBatch]
        let smallEnd: Double
        /// The pictures' times as shares of the launch's life.
        let shares = [0.2371, 0.5113, 0.7659]
        let background = RGB(0.055, 0.06, 0.09)
        let expectedSamples: Int

        init(_ effect: Effect, launch: Int, using rng: inout SeededGenerator, verification: Verification) throws {
            let viewport = Size(width: rng.uniform(320, 2560).rounded(), height: rng.uniform(240, 1440).rounded())
            let launchSeed = rng.next()
            // Up to 30 days of uptime: the float time path is part of what is proven.
            let epoch = rng.uniform(0, 30 * 86_400)
            let batches = effect.launch(effect.kind, seed: launchSeed, index: 0, around: Rect.button(centredIn: viewport), in: viewport).batches
            try Budget.verify(instances: Demand(batches.filter { $0.particleCount > 0 }.map(Verification.instanceTerm), "instances"))
            // The pixel proof's pictures (below), counted before any work on this launch.
            let small = Verification.pixelViewport, scale = launch % 2 == 0 ? 1.0 : 2.0
            let smallBatches = effect.launch(effect.kind, seed: launchSeed, index: 0, around: Rect.button(centredIn: small), in: small).batches
            let smallEnd = smallBatches.map(\.duration).max() ?? 0
            let pixels = shares.map { PixelProof.pixelsVisited(smallBatches, at: $0 * smallEnd, viewport: small, pixelsPerPoint: scale) }.reduce(0, +)
            try Budget.verify(pixels: pixels, instances: smallBatches.map { Verification.instances($0) }.reduce(0, +))
            let end = batches.map(\.duration).max() ?? 0
            let times = (0..<verification.times).map { _ in rng.uniform(-0.1, end + 0.1) }
            self.launch = launch
            self.launchSeed = launchSeed
            context = "launch \(launch + 1) (seed \(launchSeed), \(Int(viewport.width))x\(Int(viewport.height)), epoch \(Int(epoch)) s)"
            plans = batches.map { verification.plan($0, epoch: epoch, times: times, viewport: viewport) }
            expectedSamples = batches.map { Verification.instances($0) * times.count }.reduce(0, +)
            self.scale = scale
            self.smallBatches = smallBatches
            self.smallEnd = smallEnd
        }

        /// Batch `index`'s parity report, into `result`, its failures named by launch and batch.
        func record(_ report: ParityCheck.Report, batch index: Int, into result: inout Result) {
            for failure in report.failures {
                result.failures.append("\(result.name): \(context), batch \(index + 1): \(failure)")
            }
            if report.failureCount > report.failures.count {
                result.failures.append("\(result.name): \(context), batch \(index + 1): and \(report.failureCount - report.failures.count) more")
            }
            result.parity.merge(report)
        }

        /// The GPU's pictures for the pixel proof; a context must be current.
        func render(shaders: ShaderLibrary) throws -> [RGBAImage] {
            try PixelProof.render(smallBatches, at: shares.map { $0 * smallEnd }, viewport: small, pixelsPerPoint: scale,
                                  background: background, shaders: shaders)
        }

        /// The pixels, at content scale 1 and 2 by turns, at about a quarter, half and three
        /// quarters of the launch's life: off the round shares, where a particle's birth can
        /// fall on the very instant (born in float on the GPU, a rounding short of it in
        /// Double on the CPU), which tells nothing about the shaders. `pictures` are `render`'s.
        func comparePixels(_ pictures: [RGBAImage], into result: inout Result) {
            let name = result.name
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
                if d.mean > Verification.meanPixel {
                    result.failures.append("\(name): \(place): " + String(printf: "pixels differ from the CPU rasteriser's by %.3f levels on average, above %.1f", d.mean, Verification.meanPixel))
                }
            }
        }
    }

    /// A batch's instances as a budget names them: its particles × (1 + its trail's ghosts).
    static func instanceTerm(_ batch: any ParticleBatch) -> [Demand.Factor] {
        let ghosts = instances(batch) / max(batch.particleCount, 1) - 1
        return [Demand.Factor(batch.kind.plural, batch.particleCount), Demand.Factor("(1 + \(ghosts) trail ghosts)", ghosts + 1)]
    }

    /// Records times instances: each particle and each ghost of its trail.
    static func instances<Batch: ParticleBatch>(_ batch: Batch) -> Int {
        batch.particles.count * (1 + Batch.Kind.ghosts(batch.uniforms))
    }

    /// The parity check of `batch`, with this verification's evaluator for its kind.
    private func plan(_ batch: any ParticleBatch, epoch: Double, times: [Double], viewport: Size) -> any ParityPlan {
        plan(batch.kind.feedbackSampling, batch, epoch: epoch, times: times, viewport: viewport)
    }

    private func plan<Kind: FeedbackSampling>(_: Kind.Type, _ batch: any ParticleBatch, epoch: Double, times: [Double], viewport: Size) -> any ParityPlan {
        let batch = batch.typed(Kind.self)!
        return ParityCheck.Plan<Kind>(particles: batch.particles, uniforms: batch.uniforms, epoch: epoch, times: times, viewport: viewport,
                                      pixelsPerPoint: 1, evaluate: evaluators.evaluate(Kind.self), sprites: SpriteTable(inOrder: batch.sprites))
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
