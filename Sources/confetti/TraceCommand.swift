import ArgumentParser
import ConfettiCore
import ConfettiGL
import Foundation

struct TraceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trace",
        abstract: "Print one seeded launch's particles at given ages, as JSON (SPEC.md's trace contract).",
        discussion: """
            confetti: one 30-piece burst. classic: two fireworks around the Celebrate button in the \
            middle of the viewport. fountain: a 10-spark fountain above it. Sample times are each \
            particle's own age (for fountain sparks, time since the spark appeared). \
            --evaluator cpu uses the Swift reference; --evaluator gpu runs the renderer's own vertex \
            shader (Shaders/confetti.vert.glsl or spark.vert.glsl) and reads its outputs back with \
            transform feedback.
            """
    )


    enum Evaluator: String, ExpressibleByArgument, CaseIterable {
        case cpu, gpu
    }

    @Argument(help: ArgumentHelp("The effect: confetti, classic, fountain, or an effect file of one of those kinds.", valueName: "name|file"))
    var effect: String

    @Option(help: "Seed of the burst.")
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
                throw ValidationError("--times takes comma-separated seconds (finite, |t| ≤ 1e6); '\(text)' is not one")
            }
            return value
        }
        guard !values.isEmpty, values.count <= 100_000 else {
            throw ValidationError("--times needs 1 to 100000 values")
        }
        return values
    }

    func run() throws {
        let viewport = Size(width: Double(size.width), height: Double(size.height))
        let times = try parsedTimes()
        let chosen = try Effect.load(effect)
        let document: any Encodable
        switch chosen.kind {
        case .confetti:
            document = try confettiTrace(chosen, viewport: viewport, times: times)
        case .classic, .fountain:
            document = try sparkTrace(chosen, viewport: viewport, times: times)
        case .celebration:
            throw ValidationError("trace takes one kind of particle: confetti, classic or fountain, not \(effect) (a celebration)")
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        FileHandle.standardOutput.write(try encoder.encode(document))
        FileHandle.standardOutput.write(Data("\n".utf8))
    }

    /// Runs `body` with a current headless context.
    private func withGPU<T>(_ body: (ShaderDirectory) throws -> T) throws -> T {
        let directory = try ShaderDirectory.locate(shaders.shaderDir)
        let context = try HeadlessContext()
        try context.makeCurrent()
        defer { context.release() }
        return try body(directory)
    }

    private func confettiTrace(_ chosen: Effect, viewport: Size, times: [Double]) throws -> ConfettiTrace {
        let burst = chosen.confetti
        let physics = burst.physics
        let particles = burst.spawn(in: viewport, seed: seed)
        // samples[k][i]: particle i at times[k]
        let samples: [[ConfettiSample]]
        switch evaluator {
        case .cpu:
            samples = times.map { t in particles.map { physics.evaluate($0, at: t) } }
        case .gpu:
            samples = try withGPU { directory in
                let probe = try ConfettiProbe(shaders: directory)
                defer { probe.delete() }
                return try times.map { t in try probe.evaluate(particles, physics: physics, now: t) }
            }
        }
        return ConfettiTrace(
            effect: "confetti", seed: seed, evaluator: evaluator.rawValue, viewport: [size.width, size.height],
            constants: .init(gravity: physics.gravity, drag: physics.drag, lifetime: physics.lifetime, fadeOutDuration: physics.fadeOutDuration),
            particles: particles.enumerated().map { i, p in
                .init(index: i, params: .init(p), samples: times.indices.map { k in .init(t: times[k], samples[k][i]) })
            }
        )
    }

    private func sparkTrace(_ chosen: Effect, viewport: Size, times: [Double]) throws -> SparkTrace {
        let show = chosen.show(seed: seed, launches: 1, interval: nil)
        let classic = chosen.kind == .classic
        var sparks: [Spark] = []
        var timing = show.fountain.timing
        for item in show.schedule(in: viewport) {
            if case .sparks(let list, let t) = item.spawn {
                sparks += list
                timing = t
            }
        }
        // samples[k][i]: spark i at its own age times[k]
        let samples: [[SparkSample]]
        switch evaluator {
        case .cpu:
            samples = times.map { t in sparks.map { timing.evaluate($0, at: t) } }
        case .gpu:
            samples = try withGPU { directory in
                let probe = try SparkProbe(shaders: directory)
                defer { probe.delete() }
                // One pass per distinct delay, so each spark is sampled at its own age.
                let delays = Array(Set(sparks.map(\.delay))).sorted()
                return try times.map { t in
                    var row = [SparkSample?](repeating: nil, count: sparks.count)
                    for delay in delays {
                        let members = sparks.indices.filter { sparks[$0].delay == delay }
                        let values = try probe.evaluate(members.map { sparks[$0] }, timing: timing, now: t + delay)
                        for (i, value) in zip(members, values) { row[i] = value }
                    }
                    return row.map { $0! }
                }
            }
        }
        return SparkTrace(
            effect: chosen.kind.rawValue, seed: seed, evaluator: evaluator.rawValue, viewport: [size.width, size.height],
            constants: .init(timing, scale: classic ? show.fireworks.firework.scale : show.fountain.scale),
            particles: sparks.enumerated().map { i, spark in
                .init(index: i, params: .init(spark, timing: timing, classic: classic),
                      samples: times.indices.map { k in .init(t: times[k], samples[k][i]) })
            }
        )
    }
}

/// The JSON document of SPEC.md's trace contract; the effects differ in their constants,
/// parameters and samples.
struct TraceDocument<Constants: Encodable, Params: Encodable, Sample: Encodable>: Encodable {
    var effect: String
    var seed: UInt64
    var evaluator: String
    var viewport: [Int]
    var constants: Constants
    var particles: [Particle]

    struct Particle: Encodable {
        var index: Int
        var params: Params
        var samples: [Sample]
    }
}

typealias ConfettiTrace = TraceDocument<ConfettiTraceFields.Constants, ConfettiTraceFields.Params, ConfettiTraceFields.Sample>
typealias SparkTrace = TraceDocument<SparkTraceFields.Constants, SparkTraceFields.Params, SparkTraceFields.Sample>

enum ConfettiTraceFields {
    struct Constants: Encodable {
        var gravity, drag, lifetime, fadeOutDuration: Double
    }

    struct Params: Encodable {
        var initialPosition: [Double]
        var initialVelocity: [Double]
        var initialRotation, rotationSpeed: Double
        var flutterAmplitude, flutterFrequency, flutterPhase: Double
        var flipFrequency, flipPhase, spreadStrength: Double
        var size: [Double]
        var color: [Double]

        init(_ p: ConfettiParticle) {
            initialPosition = [p.initialPosition.x, p.initialPosition.y]
            initialVelocity = [p.initialVelocity.x, p.initialVelocity.y]
            initialRotation = p.initialRotation
            rotationSpeed = p.rotationSpeed
            flutterAmplitude = p.flutterAmplitude
            flutterFrequency = p.flutterFrequency
            flutterPhase = p.flutterPhase
            flipFrequency = p.flipFrequency
            flipPhase = p.flipPhase
            spreadStrength = p.spreadStrength
            size = [p.size.width, p.size.height]
            color = [p.color.r, p.color.g, p.color.b]
        }
    }

    struct Sample: Encodable {
        var t: Double
        var alive: Bool
        var x, y, rotation, apparentWidth, opacity: Double

        init(t: Double, _ s: ConfettiSample) {
            self.t = t
            alive = s.alive
            x = s.x
            y = s.y
            rotation = s.rotation
            apparentWidth = s.apparentWidth
            opacity = s.opacity
        }
    }
}

enum SparkTraceFields {
    struct Constants: Encodable {
        var duration: Double
        var scale: Double
        var scaleKeyTimes: [Double]
        var opacityKeyTimes: [Double]
        var easing: [Double]

        init(_ timing: SparkTiming, scale: Double) {
            duration = timing.duration
            self.scale = scale
            scaleKeyTimes = timing.scaleKeyTimes
            opacityKeyTimes = [timing.fadeStart, timing.fadeEnd]
            easing = [timing.easing.x1, timing.easing.y1, timing.easing.x2, timing.easing.y2]
        }
    }

    struct Params: Encodable {
        var controlPoints: [[Double]]
        var delay: Double
        var duration: Double
        var scaleValues: [Double]
        var scaleKeyTimes: [Double]
        var size: [Double]
        var color: [Double]
        var inFront: Bool?

        init(_ spark: Spark, timing: SparkTiming, classic: Bool) {
            controlPoints = spark.curve.points.map { [$0.x, $0.y] }
            delay = spark.delay
            duration = timing.duration
            scaleValues = spark.scaleValues
            scaleKeyTimes = timing.scaleKeyTimes
            size = [spark.size, spark.size]
            color = [spark.color.r, spark.color.g, spark.color.b]
            inFront = classic ? spark.inFront : nil
        }
    }

    struct Sample: Encodable {
        var t: Double
        var alive: Bool
        var x, y, angle, scale, opacity: Double

        init(t: Double, _ s: SparkSample) {
            self.t = t
            alive = s.alive
            x = s.x
            y = s.y
            angle = s.angle
            scale = s.scale
            opacity = s.opacity
        }
    }
}
