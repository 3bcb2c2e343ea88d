import ArgumentParser
import ConfettiCore
import ConfettiGL
import Foundation

struct TraceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trace",
        abstract: "Print one seeded burst's particles at given ages, as JSON (SPEC.md's trace contract).",
        discussion: """
            --evaluator cpu uses the Swift reference; --evaluator gpu runs Shaders/confetti.vert.glsl, \
            the renderer's own vertex shader, and reads its outputs back with transform feedback.
            """
    )

    enum Effect: String, ExpressibleByArgument, CaseIterable {
        case confetti
    }

    enum Evaluator: String, ExpressibleByArgument, CaseIterable {
        case cpu, gpu
    }

    @Argument(help: "The effect: \(Effect.allCases.map(\.rawValue).joined(separator: ", ")).")
    var effect: Effect

    @Option(help: "Seed of the burst.")
    var seed: UInt64 = 1

    @Option(help: "Comma-separated particle ages in seconds.")
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
        let burst = ConfettiBurst.standard
        let physics = burst.physics
        let particles = burst.spawn(in: viewport, seed: seed)
        let times = try parsedTimes()

        // samples[k][i]: particle i at times[k]
        let samples: [[ConfettiSample]]
        switch evaluator {
        case .cpu:
            samples = times.map { t in particles.map { physics.evaluate($0, at: t) } }
        case .gpu:
            let directory = try ShaderDirectory.locate(shaders.shaderDir)
            let context = try HeadlessContext()
            try context.makeCurrent()
            defer { context.release() }
            let probe = try ConfettiProbe(shaders: directory)
            defer { probe.delete() }
            samples = try times.map { t in try probe.evaluate(particles, physics: physics, now: t) }
        }

        let trace = ConfettiTrace(
            seed: seed, evaluator: evaluator.rawValue, viewport: [size.width, size.height],
            constants: .init(gravity: physics.gravity, drag: physics.drag, lifetime: physics.lifetime, fadeOutDuration: physics.fadeOutDuration),
            particles: particles.enumerated().map { i, p in
                .init(index: i, params: .init(p), samples: times.indices.map { k in .init(t: times[k], samples[k][i]) })
            }
        )
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        FileHandle.standardOutput.write(try encoder.encode(trace))
        FileHandle.standardOutput.write(Data("\n".utf8))
    }
}

/// The JSON document of SPEC.md's trace contract, for confetti.
struct ConfettiTrace: Encodable {
    var effect = "confetti"
    var seed: UInt64
    var evaluator: String
    var viewport: [Int]
    var constants: Constants
    var particles: [Particle]

    struct Constants: Encodable {
        var gravity, drag, lifetime, fadeOutDuration: Double
    }

    struct Particle: Encodable {
        var index: Int
        var params: Params
        var samples: [Sample]
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
