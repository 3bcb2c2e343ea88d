import ArgumentParser
import ConfettiApp
import ConfettiGL

struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure the GPU renderer against the CPU approach and the rasterization floor.",
        discussion: """
            Headless (EGL, offscreen framebuffer). For each particle count, four modes run in \
            rounds (gpu reference cpu floor gpu reference cpu floor) so drift on a shared machine \
            cancels:
              gpu    the real renderer: records uploaded once, physics in the vertex shader
              reference  the frozen 60-byte renderer (60-byte record, instanced quads, \
            Shaders/app/reference-*.glsl): gpu/reference is what the changes since bought
              cpu    the source article's approach: Swift evaluates every piece each frame and \
            uploads it; a pass-through shader draws it with the same shapes and blending
              floor  the same pieces placed once, pass-through shader: rasterization alone
            Every frame ends with glFinish. Reported per mode: median and p95 frame time, GPU \
            time (GL_TIME_ELAPSED), main-thread CPU time (outside draw calls and glFinish), bytes \
            uploaded per frame, GPU bytes per particle. Then the scenarios: culling (many dead \
            particles plus one live launch), spawn (one 100k launch), mixed (confetti and \
            fireworks), and where the time goes (pixel density and piece size varied).
            """
    )

    @Option(help: "Framebuffer size in pixels, WxH.")
    var size = PixelSize(width: 1280, height: 720)

    @Option(help: ArgumentHelp("Comma-separated particle counts; k and M suffixes allowed.", discussion: "Each up to the largest ring the budget allows (\(Budget.format(Budget.maxCapacity))) and what three quarters of the memory available hold; above \(Budget.format(Budget.benchAllModes)) a count is measured in gpu mode alone."))
    var counts: String = "1k,10k,100k,1M"

    @Option(help: "Rounds of gpu, reference, cpu, floor.")
    var rounds: Given<Int> = 4

    @Option(help: "Write every figure and the machine as JSON to this file (whole or not at all).")
    var json: String?

    @Option(help: "Write a log-log plot of frame time against count per mode to this PNG (whole or not at all).")
    var plot: String?

    @Flag(help: "Only the sweep, without the culling, spawn, mixed and resolution scenarios.")
    var noScenarios = false

    @Option(help: "Particle-frames per mode per round (fewer frames at large counts, 4 to 40).")
    var frameBudget: Given<Int> = 1_000_000

    @Option(help: "Seed of the launches.")
    var seed: Given<UInt64> = 1

    @OptionGroup var effect: EffectOption

    @OptionGroup var shaders: ShaderOptions

    func validate() throws {
        if json?.isEmpty == true { throw OptionRefusal("--json is empty: give a file name") }
        if plot?.isEmpty == true { throw OptionRefusal("--plot is empty: give a file name") }
        let values = try Benchmark.counts(counts)
        try require(values.count, in: 1...32, "the number of --counts")
        try rounds.checked(in: 1...20, "--rounds")
        try frameBudget.checked(in: 1...1_000_000_000, "--frame-budget")
        try seed.checkedSeed()
        try size.checked("--size")
        try Budget.bench(counts: values, width: size.width, height: size.height)
    }

    func run() throws {
        var options = Benchmark.Options()
        options.width = size.width
        options.height = size.height
        options.counts = try Benchmark.counts(counts)
        options.rounds = rounds.value
        options.seed = seed.value
        options.scenarios = !noScenarios
        options.frameBudget = frameBudget.value
        options.measure(try effect.load(default: "confetti").effect)
        try Benchmark.runInForeground(options, headless: shaders.headless, json: json, plot: plot)
    }
}
