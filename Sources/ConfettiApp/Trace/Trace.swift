import ConfettiCore
import ConfettiGL
import ConfettiProof
import FoundationEssentials
import Glibc

/// `confetti trace`: one seeded launch's particles at given ages, as the JSON of the trace
/// contract (docs/effects.md, Trace output), from the Swift reference or from the renderer's
/// own vertex shader read back with transform feedback.
package struct Trace {
    /// Who computes the samples.
    package enum Evaluator: String, CaseIterable, Sendable {
        /// The Swift reference.
        case cpu
        /// The renderer's vertex shader (Shaders/confetti.vert.glsl, spark.vert.glsl or
        /// star.vert.glsl), its outputs read back with transform feedback.
        case gpu
    }

    package struct Options: Sendable {
        package var effect = Effect.confetti
        package var seed: UInt64 = 1
        /// Each particle's own ages, in seconds (for fountain sparks, time since the spark appeared).
        package var times: [Double] = [0, 0.25, 0.5, 0.75, 1, 1.25, 1.5]
        package var evaluator = Evaluator.cpu
        /// The viewport in points: the launch goes around the Celebrate button in its middle.
        package var width = 1280
        package var height = 720
        package var headless = HeadlessSetup()

        package init() {}
    }

    package var options: Options

    package init(options: Options) { self.options = options }

    /// The document, encoded: one per kind the launch holds; several (a celebration) side by side.
    /// Refused before anything is spawned when it is beyond the budget (particles, samples, shader
    /// passes), or when a shader folder is given to the cpu evaluator, which runs none.
    package func json() throws -> Data {
        let o = options
        let viewport = Size(width: Double(o.width), height: Double(o.height))
        if o.evaluator == .cpu, o.headless.shaderDirectory != nil {
            throw OptionRefusal("--shader-dir applies to --evaluator gpu only; the cpu evaluator runs no shader")
        }
        try Budget.trace(o.effect, times: o.times.count, gpu: o.evaluator == .gpu)
        // One launch, around the Celebrate button in the middle of the viewport.
        let batches = o.effect.launch(o.effect.kind, seed: o.seed, index: 0, around: Rect.button(centredIn: viewport), in: viewport).batches
        let documents = try ParticleKinds.all.compactMap { kind -> (name: String, document: any Encodable)? in
            let ofKind = batches.filter { $0.isOf(kind) }
            return ofKind.isEmpty ? nil : (kind.plural, try trace(kind.feedbackSampling, batches: ofKind))
        }
        let document: any Encodable = documents.count == 1 ? documents[0].document : MultiKindTraceDocument(effect: o.effect.kind.rawValue, kinds: documents)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            return try encoder.encode(document)
        } catch {
            // Every sample was checked finite; anything else the encoder refuses is said plainly.
            throw OptionRefusal("the trace cannot be written as JSON: \(error)")
        }
    }

    /// The trace of any kind: every particle at each of its own ages, from the Swift reference
    /// or from the renderer's vertex shader read back with transform feedback. A launch of
    /// several batches with different constants (a rocket, its sparks, its crackles) evaluates
    /// each particle with its own batch's, and lists them (the keys `bursts`, and `burst` per
    /// particle).
    private func trace<Kind: FeedbackSampling>(_: Kind.Type, batches: [any ParticleBatch]) throws -> any Encodable {
        let times = options.times
        let given = batches.of(Kind.self).map { ($0.particles, $0.uniforms) }
        // Each batch's uniforms as the renderer fits them, and the particles its records hold:
        // both evaluators work on exactly these.
        let groups = given.map { particles, uniforms in
            let fitted = Kind.fitted(uniforms, to: particles)
            return (particles.map { Kind.stored($0, uniforms: fitted) }, fitted)
        }
        let particles = groups.flatMap(\.0)
        let batchOf = groups.enumerated().flatMap { b, group in Array(repeating: b, count: group.0.count) }
        let uniformsOf = { (i: Int) in groups[batchOf[i]].1 }
        // samples[k][i]: particle i at its own age times[k]
        let samples: [[Kind.Sample]]
        switch options.evaluator {
        case .cpu:
            samples = times.map { t in particles.indices.map { Kind.evaluate(particles[$0], at: t, uniforms: uniformsOf($0)) } }
        case .gpu:
            samples = try options.headless.run { library, _ in
                let probe = try FeedbackProbe<Kind>(shaders: library)
                defer { probe.delete() }
                // One pass per batch and distinct birth, so each particle is sampled at its own
                // age with its own batch's constants.
                let passes = Dictionary(grouping: particles.indices, by: { TracePass(batch: batchOf[$0], birth: Kind.birth(of: particles[$0])) })
                let order = passes.keys.sorted { ($0.batch, $0.birth) < ($1.batch, $1.birth) }
                return try times.map { t in
                    var row = [Kind.Sample?](repeating: nil, count: particles.count)
                    for pass in order {
                        let members = passes[pass]!
                        let values = try probe.evaluate(members.map { particles[$0] }, uniforms: groups[pass.batch].1, now: t + pass.birth)
                        for (i, value) in zip(members, values) {
                            row[i] = value
                            row[i]!.t = t  // the age asked for, not (t + birth) − birth
                        }
                    }
                    return row.map { $0! }
                }
            }
        }
        try requireFinite(samples)
        let distinct = given.dropFirst().contains { $0.1 != given[0].1 }
        return TraceDocument(
            effect: options.effect.kind.rawValue, seed: options.seed, evaluator: options.evaluator.rawValue, viewport: [options.width, options.height],
            constants: Kind.traceConstants(groups[0].1),
            batches: distinct ? groups.map { Kind.traceConstants($0.1) } : nil,
            particles: particles.enumerated().map { i, p in
                TraceDocument<Kind>.Particle(index: i, batch: distinct ? batchOf[i] : nil, params: Kind.traceParams(p, uniforms: uniformsOf(i)), samples: times.indices.map { samples[$0][i] })
            }
        )
    }

    /// JSON has no infinity or NaN: an age at which a closed form overflows (exp(drag · |t|)
    /// for an unborn piece far before its launch, say) is refused, naming the age and the value.
    private func requireFinite<Sample: ParticleSample>(_ samples: [[Sample]]) throws {
        for (k, row) in samples.enumerated() {
            for (i, sample) in row.enumerated() {
                for field in sample.fields where !field.value.isFinite {
                    let precision = options.evaluator == .gpu ? " in float32 (--evaluator gpu)" : ""
                    throw OptionRefusal("--times \(options.times[k].compactText): at that age particle \(i)'s \(field.name) is \(field.value)\(precision): the motion overflows so far from the launch; give ages nearer 0")
                }
            }
        }
    }
}

/// One transform-feedback pass of a trace: the particles of one batch born at one time.
private struct TracePass: Hashable {
    var batch: Int
    var birth: Double
}
