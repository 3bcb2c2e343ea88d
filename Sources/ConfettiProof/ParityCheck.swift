import ConfettiCore
import ConfettiGL
import FoundationEssentials
import Glibc

/// The one parity check every particle kind is proven with (by the tests and by `confetti
/// verify`): its vertex shader, read back
/// through transform feedback, against its Swift evaluator.
///
/// Time. The renderer gives the shader `uTime = Float(now − epoch)` (the span's `age(at:)`),
/// and the shader subtracts the particle's float birth. IEEE float arithmetic makes that age
/// exactly `Float(Float(now − epoch) − Float(birth))` on the GPU too, so the CPU reference is
/// evaluated at that same age: the rounding of time is modelled, not budgeted.
///
/// Records. Some kinds quantise their records (confetti: `ConfettiQuantisation`); the shader
/// decodes them exactly, so the reference evaluates the decoded particle (`Kind.stored`) and
/// the tolerances below stay the float32 ones. The quantisation error is bounded separately.
///
/// Values. Each field is within K·ε·scale + allowance of the CPU's (see `SampleField`): ε = 2⁻²⁴,
/// K = 16 (at most about eight roundings per term, with a factor of two for the driver's exp,
/// sin and cos), scale the sum of the magnitudes of the formula's terms and arguments as the
/// evaluator adds them up, allowance an absolute budget for a driver's atan or an iterative
/// solver's proven bound. Alive must agree, except within float rounding of the lifetime.
///
/// Vertices. Every output of each of the quad's four vertices (clip position, the point in the
/// shape's frame, half extents and shape, premultiplied colour) is held to the CPU's
/// `DrawnQuad` the same way, with errors carried from the values they are made of.
package enum ParityCheck {
    package static let k = Float32Error.k
    package static let eps = Float32Error.eps

    /// One value outside its tolerance: which, of which particle, when, and by how much.
    package struct Failure: Sendable, CustomStringConvertible {
        package var field: String
        /// The particle's index in its batch (a trail ghost is its particle's).
        package var particle: Int
        /// The particle's own age, seconds.
        package var age: Double
        package var gpu: Double
        package var cpu: Double
        package var tolerance: Double

        package var description: String {
            "\(field) of particle \(particle) at age \(age) s: GPU \(gpu) vs CPU \(cpu) (tolerance \(tolerance))"
        }
    }

    package struct Report: Sendable, CustomStringConvertible {
        package var error: [String: Double] = [:]
        package var ratio: [String: Double] = [:]
        /// Values beyond float's range, where the GPU's ±inf was the sign checked.
        package var overflowed = 0
        package var samples = 0
        package var aliveSamples = 0
        package var fading = 0
        /// Samples whose age the float time path moved (|GPU age − true age| > 0).
        package var rebased = 0
        package var largestTimeRounding = 0.0
        /// Samples of trail ghosts (counted in `samples` too).
        package var ghostSamples = 0
        /// The first failures (at most `keptFailures`), and how many there were.
        package var failures: [Failure] = []
        package var failureCount = 0
        package static let keptFailures = 64

        package init() {}

        package mutating func record(_ field: String, _ error: Double, _ tolerance: Double) {
            record(field, maxima: (error, Self.ratio(error, tolerance)))
        }

        /// Records the largest error and share of its tolerance of several values of `field`.
        mutating func record(_ field: String, maxima: (error: Double, ratio: Double)) {
            self.error[field] = max(self.error[field] ?? 0, maxima.error)
            ratio[field] = max(ratio[field] ?? 0, maxima.ratio)
        }

        /// An error as a share of its tolerance; any error beyond a tolerance of 0 is infinite.
        static func ratio(_ error: Double, _ tolerance: Double) -> Double {
            tolerance > 0 ? error / tolerance : (error > 0 ? .infinity : 0)
        }

        package mutating func fail(_ failure: Failure) {
            failureCount += 1
            if failures.count < Self.keptFailures { failures.append(failure) }
        }

        /// Both reports as one: the worst of each field, the sums of the counts.
        package mutating func merge(_ other: Report) {
            error.merge(other.error, uniquingKeysWith: max)
            ratio.merge(other.ratio, uniquingKeysWith: max)
            overflowed += other.overflowed
            samples += other.samples
            aliveSamples += other.aliveSamples
            fading += other.fading
            rebased += other.rebased
            largestTimeRounding = max(largestTimeRounding, other.largestTimeRounding)
            ghostSamples += other.ghostSamples
            failureCount += other.failureCount
            failures += other.failures.prefix(max(0, Self.keptFailures - failures.count))
        }

        package var description: String {
            error.keys.sorted().map { key in
                key + String(printf: " %.3g (%.0f%% of tolerance)", error[key]!, 100 * ratio[key]!)
            }.joined(separator: ", ")
        }
    }

    /// Checks every particle at every clock time `epoch + a` for `a` in `times`, with the
    /// shaders of `shaders`; a context must be current. `evaluate` is the CPU reference
    /// (`Kind.evaluate` unless a test puts a mutant in its place). `probes`, made with the same
    /// shaders, shares the linked programs between checks (by default each check links its own).
    package static func check<Kind: FeedbackSampling>(
        _: Kind.Type, particles: [Kind.Particle], uniforms: Kind.Uniforms, epoch: Double, times: [Double],
        viewport: Size = Size(width: 1920, height: 1080), pixelsPerPoint: Double = 1.5, shaders: ShaderLibrary,
        evaluate: @escaping (Kind.Particle, Double, Int, Kind.Uniforms) -> Kind.Sample = Kind.evaluate,
        sprites: SpriteTable = SpriteTable(), probes: FeedbackProbes? = nil
    ) throws -> Report {
        let own = probes == nil ? FeedbackProbes(shaders: shaders) : nil
        defer { own?.delete() }
        return try Plan<Kind>(particles: particles, uniforms: uniforms, epoch: epoch, times: times, viewport: viewport,
                              pixelsPerPoint: pixelsPerPoint, evaluate: evaluate, sprites: sprites).run(with: probes ?? own!)
    }

    /// A check taken apart: the passes through the shader (`read`, GL work, a context current)
    /// and the comparison of each with the CPU (`compare`, which needs no context). `check` runs
    /// them in turn; a caller that shares one context with others reads in its turn and
    /// compares after handing the context on, with the same report.
    package struct Plan<Kind: FeedbackSampling>: ParityPlan {
        /// One read-back: records `records` at clock time `epoch + age`.
        package struct Pass: Sendable {
            package var age: Double
            package var records: Range<Int>
        }

        package let passes: [Pass]
        let particles: [Kind.Particle]
        /// The particles as their records hold them: the reference evaluates those, so
        /// quantisation is not part of the float32 budget.
        let stored: [Kind.Particle]
        /// The span's uniforms as the renderer uploads them.
        let uniforms: Kind.Uniforms
        let epoch: Double
        let viewport: Size
        let pixelsPerPoint: Double
        let evaluate: (Kind.Particle, Double, Int, Kind.Uniforms) -> Kind.Sample
        let sprites: SpriteTable

        package init(particles: [Kind.Particle], uniforms: Kind.Uniforms, epoch: Double, times: [Double],
                     viewport: Size = Size(width: 1920, height: 1080), pixelsPerPoint: Double = 1.5,
                     evaluate: @escaping (Kind.Particle, Double, Int, Kind.Uniforms) -> Kind.Sample = Kind.evaluate,
                     sprites: SpriteTable = SpriteTable()) {
            let uniforms = Kind.fitted(uniforms, to: particles)
            self.particles = particles
            self.uniforms = uniforms
            stored = particles.map { Kind.stored($0, uniforms: uniforms) }
            self.epoch = epoch
            self.viewport = viewport
            self.pixelsPerPoint = pixelsPerPoint
            self.evaluate = evaluate
            self.sprites = sprites
            // The records go through the shader a chunk at a time, so the read-back (about 1 KB
            // an instance once unpacked) stays a few MB whatever the launch's size. A ghost's
            // index is its instance's within its record, so a chunk of whole records reads back
            // the same.
            let chunk = max(1, maxInstancesPerPass / (Kind.ghosts(uniforms) + 1))
            passes = times.flatMap { a in
                stride(from: 0, to: particles.count, by: chunk).map { Pass(age: a, records: $0..<min($0 + chunk, particles.count)) }
            }
        }

        /// Every pass read and compared, in order; a context must be current.
        package func run(with probes: FeedbackProbes) throws -> Report {
            var report = Report()
            for pass in passes { compare(pass, try read(pass, with: probes), into: &report) }
            return report
        }

        /// The same, read in turns of `turns` and compared after each. A turn reads as many
        /// passes as one pass may hold instances (`maxInstancesPerPass`), so a small check takes
        /// one turn, not one per time, and the read-back held at once stays as small.
        package func run(with probes: FeedbackProbes, turns: some ContextTurns) async throws -> Report {
            let perRecord = Kind.ghosts(uniforms) + 1
            var report = Report()
            var first = 0
            while first < passes.count {
                var end = first + 1, instances = passes[first].records.count * perRecord
                while end < passes.count, instances + passes[end].records.count * perRecord <= maxInstancesPerPass {
                    instances += passes[end].records.count * perRecord
                    end += 1
                }
                let group = passes[first..<end]
                let captures = try await turns.run { try group.map { try read($0, with: probes) } }
                for (pass, capture) in zip(group, captures) { compare(pass, capture, into: &report) }
                first = end
            }
            return report
        }

        func span(_ pass: Pass) -> RingSpan<Kind> {
            RingSpan<Kind>(id: 0, first: 0, count: pass.records.count, epoch: epoch, appears: 0, dies: .infinity, uniforms: uniforms, sprites: sprites, side: .overButton)
        }

        /// The shader's outputs for `pass`, read back with `probes`' program for the kind; a
        /// context must be current (the one `probes` was made in).
        package func read(_ pass: Pass, with probes: FeedbackProbes) throws -> FeedbackProbe<Kind>.Capture {
            try probes.probe(Kind.self).capture(Array(particles[pass.records]), in: span(pass), at: epoch + pass.age, viewport: viewport, pixelsPerPoint: pixelsPerPoint)
        }

        /// Every value and vertex output `read` captured for `pass` against the CPU's, into
        /// `report`; no context needed.
        package func compare(_ pass: Pass, _ capture: FeedbackProbe<Kind>.Capture, into report: inout Report) {
            // The worst error and share of its tolerance of each vertex output, gathered here
            // and recorded once a pass: the same maxima as recording every value, without a
            // lookup by name for each of the 96 outputs of every sample.
            var worst = [(error: Double, ratio: Double)?](repeating: nil, count: DrawnQuad.vertexOutputFloats)
            defer {
                for (i, w) in worst.enumerated() {
                    if let w { report.record(DrawnQuad.vertexOutputFields[i], maxima: w) }
                }
            }
            let now = epoch + pass.age
            let uTime = span(pass).age(at: now)
            let spacing = Float(Kind.ghostSpacing(uniforms))
            // Loops over indices, not zip and enumerated: in a debug build (the tests') each
            // step of those looks up generic metadata, which was most of the check's time.
            let probed = capture.probed
            for offset in 0..<min(pass.records.count, probed.count) {
                let index = pass.records.lowerBound + offset
                let p = stored[index], particleProbe = probed[offset]
                // The particle, then each ghost of its trail: the shader lags ghost k by the
                // float product k·spacing, subtracted from the float age, modelled here too.
                let instances = [particleProbe] + particleProbe.ghosts
                for ghost in instances.indices {
                    let gpuProbe = instances[ghost]
                    let g = gpuProbe.sample
                    let birth = Kind.birth(of: p)
                    let trueAge = now - epoch - birth - Double(ghost) * Kind.ghostSpacing(uniforms)
                    let gpuAge = Double(uTime - Float(birth) - Float(ghost) * spacing)
                    report.largestTimeRounding = max(report.largestTimeRounding, abs(gpuAge - trueAge))
                    if gpuAge != trueAge { report.rebased += 1 }
                    if ghost > 0 { report.ghostSamples += 1 }
                    let cpu = evaluate(p, gpuAge, ghost, uniforms)
                    ParityCheck.compare(g, cpu, lifetime: Kind.lifetime(of: p, uniforms: uniforms), particle: index, into: &report)
                    guard g.alive == cpu.alive else { continue }
                    var quad = Kind.drawn(p, cpu, pixelsPerPoint: pixelsPerPoint)
                    if let index = quad.sprite?.index { quad.sprite?.page = sprites.entries[index].page }
                    for corner in gpuProbe.vertices.indices {
                        let outputs = gpuProbe.vertices[corner]
                        let (want, tolerance) = quad.vertexOutputs(corner: corner, viewport: viewport, pixelsPerPoint: pixelsPerPoint, k: k, eps: eps)
                        for i in 0..<min(outputs.count, want.count) {
                            let got = outputs[i], wanted = want[i]
                            let error = abs(got - wanted)
                            if !(error <= tolerance[i]) {
                                report.fail(Failure(field: "\(DrawnQuad.vertexOutputFields[i]) (vertex \(corner), output \(i))", particle: index, age: cpu.t, gpu: got, cpu: wanted, tolerance: tolerance[i]))
                            }
                            let ratio = Report.ratio(error, tolerance[i])
                            worst[i] = (max(worst[i]?.error ?? 0, error), max(worst[i]?.ratio ?? 0, ratio))
                        }
                    }
                }
            }
        }
    }

    /// Instances (records times their ghosts and themselves) read back in one pass.
    package static let maxInstancesPerPass = 1 << 14

    package static func compare<Sample: ParticleSample>(_ gpu: Sample, _ cpu: Sample, lifetime: Double, particle: Int = 0, into report: inout Report) {
        report.samples += 1
        let t = cpu.t
        // The shader compares the age with the float lifetime.
        let nearDeath = abs(t - lifetime) <= abs(Double(Float(lifetime)) - lifetime)
        if !nearDeath, gpu.alive != cpu.alive {
            report.fail(Failure(field: "alive", particle: particle, age: t, gpu: gpu.alive ? 1 : 0, cpu: cpu.alive ? 1 : 0, tolerance: 0))
        }
        let bothAlive = gpu.alive == cpu.alive
        if cpu.alive { report.aliveSamples += 1 }
        let gpuFields = gpu.fields, cpuFields = cpu.fields
        for n in 0..<min(gpuFields.count, cpuFields.count) {
            let g = gpuFields[n], c = cpuFields[n]
            // Opacity says whether a particle is drawn; where the two disagree on that, it differs.
            if c.name == "opacity", !bothAlive { continue }
            if c.name == "opacity", cpu.alive, c.value < 1 { report.fading += 1 }
            // Beyond float32's range (an unborn piece of a stream a minute from its birth, whose
            // exp(drag·|t|) overflows), the GPU can only say ±inf: it agrees when it overflows
            // the same way.
            if abs(c.value) > Double(Float.greatestFiniteMagnitude) {
                if !(g.value.sign == c.value.sign && abs(g.value) >= Double(Float.greatestFiniteMagnitude)) {
                    report.fail(Failure(field: c.name + " (beyond float's range)", particle: particle, age: t, gpu: g.value, cpu: c.value, tolerance: .infinity))
                }
                report.overflowed += 1
                continue
            }
            var error = abs(g.value - c.value)
            if c.isAngle { error = min(error, abs(360 - error)) }
            let tolerance = k * eps * c.scale + c.allowance
            if !(error <= tolerance) {
                report.fail(Failure(field: c.name, particle: particle, age: t, gpu: g.value, cpu: c.value, tolerance: tolerance))
            }
            report.record(c.name, error, tolerance)
        }
    }
}

/// A parity check of some kind, ready to run (`ParityCheck.Plan`): how `Verification` holds the
/// checks of a launch's batches, whatever their kinds.
package protocol ParityPlan {
    func run(with probes: FeedbackProbes) throws -> ParityCheck.Report
    func run(with probes: FeedbackProbes, turns: some ContextTurns) async throws -> ParityCheck.Report
}
