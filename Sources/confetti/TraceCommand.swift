import ArgumentParser
import ConfettiGL
import ConfettiProof
import Foundation

struct TraceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trace",
        abstract: "Print one seeded launch's particles at given ages, as JSON (the trace contract of docs/effects.md).",
        discussion: """
            confetti: one 30-piece burst (rain, cannons and streams: every piece of the launch). \
            classic: two fireworks around the Celebrate button in the middle of the viewport. \
            fountain: a 10-spark fountain above it. celebration: both, as {"sparks": …, "confetti": …}, \
            each the document of its particle kind. rocket: every rocket, spark and crackle, each \
            batch's constants listed in "bursts". Shells, shows and their rockets: every star, \
            glitter spark and flash, the same way. Sample times are each \
            particle's own age (for fountain sparks, time since the spark appeared). \
            --evaluator cpu uses the Swift reference; --evaluator gpu runs the renderer's own vertex \
            shader (Shaders/confetti.vert.glsl, spark.vert.glsl or star.vert.glsl) and reads its outputs back with \
            transform feedback.
            """
    )


    enum Evaluator: String, ExpressibleByArgument, CaseIterable {
        case cpu, gpu
    }

    @Argument(help: ArgumentHelp("The effect: a preset (see confetti presets), an effect file, or - for one on standard input.", valueName: "name|file|-"))
    var effect: String

    @Option(help: "Seed of the launch.")
    var seed: UInt64 = 1

    // Unconditional, so a list that starts with a negative age is not read as a flag.
    @Option(parsing: .unconditional, help: "Comma-separated particle ages in seconds.")
    var times: String = "0,0.25,0.5,0.75,1,1.25,1.5"

    @Option(help: "Who computes the samples: cpu (Swift) or gpu (the vertex shader).")
    var evaluator: Evaluator = .cpu

    @Option(help: "Viewport in points, WxH.")
    var size = PixelSize(width: 1280, height: 720)

    @OptionGroup var shaders: ShaderOptions

    func validate() throws {
        _ = try parsedTimes()
    }

    func parsedTimes() throws -> [Double] {
        let parts = times.split(separator: ",", omittingEmptySubsequences: false)
        let values = try parts.map { part -> Double in
            let text = part.trimmingCharacters(in: .whitespaces)
            guard let value = Double(text), value.isFinite, abs(value) <= 1e6 else {
                throw OptionRefusal("--times takes comma-separated seconds (finite, |t| ≤ 1e6); '\(printable(text))' is not one")
            }
            return value
        }
        guard !values.isEmpty, values.count <= 100_000 else {
            throw OptionRefusal("--times needs 1 to 100000 values")
        }
        return values
    }

    func run() throws {
        let viewport = Size(width: Double(size.width), height: Double(size.height))
        let times = try parsedTimes()
        let chosen = try EffectOption.load(effect)
        if evaluator == .cpu, shaders.shaderDir != nil {
            throw OptionRefusal("--shader-dir applies to --evaluator gpu only; the cpu evaluator runs no shader")
        }
        // Particles, samples and shader passes, before anything is spawned.
        try Budget.trace(chosen, times: times.count, gpu: evaluator == .gpu)
        // One launch, around the Celebrate button in the middle of the viewport.
        let spawns = chosen.launch(chosen.kind, seed: seed, index: 0, around: Rect.button(centredIn: viewport), in: viewport).batches
        // One document of the contract per kind the launch holds; several (a celebration) side by side.
        let documents = try ParticleKinds.all.compactMap { kind -> (name: String, document: any Encodable)? in
            let batches = spawns.filter { $0.isOf(kind) }
            return batches.isEmpty ? nil : (kind.plural, try trace(kind.feedbackSampling, effect: chosen.kind, batches: batches, times: times))
        }
        let document: any Encodable = documents.count == 1 ? documents[0].document : MultiKindTraceDocument(effect: chosen.kind.rawValue, kinds: documents)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data: Data
        do {
            data = try encoder.encode(document)
        } catch {
            // Every sample was checked finite; anything else the encoder refuses is said plainly.
            throw OptionRefusal("the trace cannot be written as JSON: \(error)")
        }
        FileHandle.standardOutput.write(data)
        FileHandle.standardOutput.write(Data("\n".utf8))
    }

    /// The trace of any kind: every particle at each of its own ages, from the Swift reference
    /// or from the renderer's vertex shader read back with transform feedback. A launch of
    /// several batches with different constants (a rocket, its sparks, its crackles) evaluates
    /// each particle with its own batch's, and lists them (the keys `bursts`, and `burst` per
    /// particle).
    private func trace<Kind: FeedbackSampling>(_: Kind.Type, effect: EffectName, batches: [any ParticleBatch], times: [Double]) throws -> any Encodable {
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
        switch evaluator {
        case .cpu:
            samples = times.map { t in particles.indices.map { Kind.evaluate(particles[$0], at: t, uniforms: uniformsOf($0)) } }
        case .gpu:
            samples = try shaders.withHeadlessGL { library, _ in
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
        try requireFinite(samples, times: times)
        let distinct = given.dropFirst().contains { $0.1 != given[0].1 }
        return TraceDocument(
            effect: effect.rawValue, seed: seed, evaluator: evaluator.rawValue, viewport: [size.width, size.height],
            constants: Kind.traceConstants(groups[0].1),
            batches: distinct ? groups.map { Kind.traceConstants($0.1) } : nil,
            particles: particles.enumerated().map { i, p in
                TraceDocument<Kind>.Particle(index: i, batch: distinct ? batchOf[i] : nil, params: Kind.traceParams(p, uniforms: uniformsOf(i)), samples: times.indices.map { samples[$0][i] })
            }
        )
    }

    /// JSON has no infinity or NaN: an age at which a closed form overflows (exp(drag · |t|)
    /// for an unborn piece far before its launch, say) is refused, naming the age and the value.
    private func requireFinite<Sample: ParticleSample>(_ samples: [[Sample]], times: [Double]) throws {
        for (k, row) in samples.enumerated() {
            for (i, sample) in row.enumerated() {
                for field in sample.fields where !field.value.isFinite {
                    let precision = evaluator == .gpu ? " in float32 (--evaluator gpu)" : ""
                    throw OptionRefusal("--times \(times[k].compactText): at that age particle \(i)'s \(field.name) is \(field.value)\(precision): the motion overflows so far from the launch; give ages nearer 0")
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

/// A launch of several kinds (a celebration): each kind's document under its ring's name
/// (`ParticleKind.plural`), the trace contract of its kind (docs/effects.md, Trace output); the
/// kinds it does not hold are left out.
struct MultiKindTraceDocument: Encodable {
    var effect: String
    var kinds: [(name: String, document: any Encodable)]

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(effect, forKey: Key(stringValue: "effect"))
        for (name, document) in kinds {
            try container.encode(document, forKey: Key(stringValue: name))
        }
    }

    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue _: Int) { nil }
    }
}

/// The JSON document of the trace contract (docs/effects.md, Trace output), for any kind.
struct TraceDocument<Kind: ParticleKind>: Encodable {
    var effect: String
    var seed: UInt64
    var evaluator: String
    var viewport: [Int]
    var constants: Kind.TraceConstants
    /// Each batch's constants, when a launch's batches differ (rockets); absent otherwise.
    var batches: [Kind.TraceConstants]?
    var particles: [Particle]

    /// The trace contract's keys (docs/effects.md, Trace output): a launch's batches are listed
    /// under "bursts", a name users' scripts read, so it stays.
    enum CodingKeys: String, CodingKey {
        case effect, seed, evaluator, viewport, constants, particles
        case batches = "bursts"
    }

    struct Particle: Encodable {
        var index: Int
        /// Which of `batches` the particle belongs to, when they differ.
        var batch: Int?
        var params: Kind.TraceParams
        var samples: [Kind.Sample]

        /// "burst": the trace contract's key for `batch`.
        enum CodingKeys: String, CodingKey {
            case index, params, samples
            case batch = "burst"
        }
    }
}
