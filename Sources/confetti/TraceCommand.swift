import ArgumentParser
import ConfettiApp
import ConfettiGL

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


    @Argument(help: ArgumentHelp("The effect: a preset or a named effect (see confetti presets), an effect file, or - for one on standard input.", discussion: EffectReference.lookupText, valueName: "name|file|-"), completion: .custom { _, _, typed in EffectCompletion.candidates(typed) })
    var effect: String

    @Option(help: "Seed of the launch.")
    var seed: Given<UInt64> = 1

    // Unconditional, so a list that starts with a negative age is not read as a flag.
    @Option(parsing: .unconditional, help: "Comma-separated particle ages in seconds.")
    var times: String = "0,0.25,0.5,0.75,1,1.25,1.5"

    @Option(help: "Who computes the samples: cpu (Swift) or gpu (the vertex shader).")
    var evaluator: Trace.Evaluator = .cpu

    @Option(help: "Viewport in points, WxH.")
    var size = PixelSize(width: 1280, height: 720)

    @OptionGroup var shaders: ShaderOptions

    func validate() throws {
        try seed.checkedSeed()
        try size.checked("--size")
        _ = try Trace.times(times)
    }

    func run() throws {
        var options = Trace.Options()
        options.effect = try EffectSource.load(effect)
        options.seed = seed.value
        options.times = try Trace.times(times)
        options.evaluator = evaluator
        (options.width, options.height) = (size.width, size.height)
        options.headless = shaders.headless
        StandardStream.output(try Trace(options: options).json())
        StandardStream.output("\n".utf8)
    }
}

extension Trace.Evaluator: ExpressibleByArgument {}
