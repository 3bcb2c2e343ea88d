import ArgumentParser
import ConfettiApp
import ConfettiGL
import Foundation

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
    var rounds: Int = 4

    @Option(help: "Write every figure and the machine as JSON to this file (whole or not at all).")
    var json: String?

    @Option(help: "Write a log-log plot of frame time against count per mode to this PNG (whole or not at all).")
    var plot: String?

    @Flag(help: "Only the sweep, without the culling, spawn, mixed and resolution scenarios.")
    var noScenarios = false

    @Option(help: "Particle-frames per mode per round (fewer frames at large counts, 4 to 40).")
    var frameBudget: Int = 1_000_000

    @Option(help: "Seed of the launches.")
    var seed: UInt64 = 1

    @OptionGroup var effect: EffectOption

    @OptionGroup var shaders: ShaderOptions

    func validate() throws {
        if json?.isEmpty == true { throw OptionRefusal("--json is empty: give a file name") }
        if plot?.isEmpty == true { throw OptionRefusal("--plot is empty: give a file name") }
        let values = try parsedCounts()
        try require(values.count, in: 1...32, "the number of --counts")
        try require(rounds, in: 1...20, "--rounds")
        try require(frameBudget, in: 1...1_000_000_000, "--frame-budget")
        try Budget.bench(counts: values, width: size.width, height: size.height)
        for (option, path) in [("--json", json), ("--plot", plot)] where path?.isEmpty == true {
            throw OptionRefusal("\(option) is empty: give a file name, or leave \(option) out")
        }
    }

    func parsedCounts() throws -> [Int] {
        try counts.split(separator: ",", omittingEmptySubsequences: false).map { part in
            let text = part.trimmingCharacters(in: .whitespaces)
            var digits = Substring(text), scale = 1
            if text.hasSuffix("k") { scale = 1_000; digits = digits.dropLast() }
            if text.hasSuffix("M") { scale = 1_000_000; digits = digits.dropLast() }
            guard let value = Int(digits), value >= 1, value <= 1_000_000_000 / scale else {
                throw OptionRefusal("--counts takes whole counts with k or M such as 1k,10k,100k,1M,10M; '\(printable(text))' is not one")
            }
            return value * scale
        }
    }

    func run() throws {
        var options = Benchmark.Options()
        options.width = size.width
        options.height = size.height
        options.counts = try parsedCounts()
        options.rounds = rounds
        options.seed = seed
        options.scenarios = !noScenarios
        options.frameBudget = frameBudget
        let chosen = try effect.load(default: "confetti")
        // Every preset at the counts asked: an effect that launches confetti is measured by its
        // confetti (each count is that many of its pieces, in all four modes: the reference, cpu
        // and floor modes are confetti's); one that launches only fireworks by its own launches,
        // every kind they hold, in gpu mode.
        let launched = chosen.launch(chosen.kind, seed: seed, index: 0, around: Rect(x: 540, y: 332, width: 200, height: 56), in: Size(width: 1280, height: 720)).batches
        if launched.contains(where: { $0.isOf(ConfettiKind.self) }) {
            options.confetti = chosen.confetti
            // Bench sets each workload's count; a stream (rain) is measured with its pieces all
            // born at once, where it enters, so the count is what is alive.
            options.confetti.emission.rate = 0
        } else {
            options.launchEffect = chosen
            options.scenarios = false
        }
        // Sprites are measured through every kind's renderer and the atlas, beside the same
        // launches drawn as paper and light.
        if chosen.hasSprites {
            options.launchEffect = chosen
            options.paperEffect = chosen.withoutSprites
            options.scenarios = false
        }
        // A location that cannot be written fails now, not after minutes of measuring.
        for path in [json, plot].compactMap({ $0 }) {
            try AtomicFile.checkWritable(path)
        }

        let report = try shaders.withHeadlessGL { library, context in
            var benchmark = Benchmark(options: options, shaders: library)
            benchmark.log = { FileHandle.standardError.write(Data(("bench: " + $0 + "\n").utf8)) }
            var report = try benchmark.run()
            report.machine.device = context.deviceName
            return report
        }

        print(Self.table(report))
        if let json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try AtomicFile.write(try encoder.encode(report), to: json)
            print("wrote \(json)")
        }
        if let plot {
            // floor mode does no work of its own per frame, so it has no place on a log scale of CPU time.
            let panels = [Self.plot(report, \.medianMs, title: "median frame time", modes: Benchmark.Mode.allCases),
                          Self.plot(report, \.cpuMs, title: "app cpu time per frame", modes: [.gpu, .cpu])]
            try PNGFile.write(LogLogPlot.sideBySide(panels.map { $0.render() }), to: plot)
            print("wrote \(plot)")
        }
    }

    static func plot(_ report: BenchReport, _ figure: KeyPath<BenchReport.Figures, Double>, title: String, modes: [Benchmark.Mode]) -> LogLogPlot {
        let colours: [Benchmark.Mode: RGB] = [.gpu: RGB(hex: 0x0A84FF), .reference: RGB(hex: 0x30D158), .cpu: RGB(hex: 0xFF9F0A), .floor: RGB(hex: 0x8E8E93)]
        let series = modes.map { mode in
            LogLogPlot.Series(name: mode.rawValue, color: colours[mode]!, points: report.sweep.compactMap { row -> (x: Double, y: Double)? in
                let figures: BenchReport.Figures? = switch mode {
                case .gpu: row.gpu
                case .reference: row.reference
                case .cpu: row.cpu
                case .floor: row.floor
                }
                return figures.map { (Double(row.count), $0[keyPath: figure]) }
            })
        }.filter { !$0.points.isEmpty }  // a fireworks effect has gpu mode alone
        return LogLogPlot(title: "\(title), \(report.size[0])x\(report.size[1])", xLabel: "particles", yLabel: "ms", series: series)
    }

    static func table(_ report: BenchReport) -> String {
        func pad(_ s: String, _ n: Int) -> String { String(repeating: " ", count: max(0, n - s.count)) + s }
        func ms(_ v: Double) -> String { String(format: v < 1 ? "%.3f" : "%.2f", v) }
        var lines = [
            "machine: \(report.machine.renderer) (\(report.machine.device)); \(report.machine.cores) cores (\(report.machine.cpu)); \(report.size[0])x\(report.size[1]); \(report.rounds) rounds",
            "",
            [pad("particles", 10), pad("mode", 9), pad("median ms", 10), pad("p95 ms", 9), pad("GPU ms", 9), pad("CPU ms", 9),
             pad("upload B/frame", 15), pad("GPU B/particle", 15), pad("frames", 7), pad("work ms", 9)].joined(separator: " "),
        ]
        for row in report.sweep {
            for f in [row.gpu, row.reference, row.cpu, row.floor].compactMap({ $0 }) {
                lines.append([pad(f.mode == .gpu ? "\(row.count)" : "", 10), pad(f.mode.rawValue, 9), pad(ms(f.medianMs), 10),
                              pad(ms(f.p95Ms), 9), pad(ms(f.gpuMs), 9), pad(ms(f.cpuMs), 9), pad("\(f.uploadBytesPerFrame)", 15),
                              pad("\(f.gpuBytesPerParticle)", 15), pad("\(f.frames)", 7), pad(ms(f.workMs), 9)].joined(separator: " "))
            }
            let ratios = [("gpu/reference", row.gpuOverReference), ("gpu/floor", row.gpuOverFloor), ("gpu/cpu", row.gpuOverCpu),
                          ("work gpu/reference", row.gpuOverReferenceWork)]
                .compactMap { name, value in value.map { String(format: "%@ %.3f", name, $0) } }
            if !ratios.isEmpty { lines.append(pad("", 10) + "   " + ratios.joined(separator: "   ")) }
            if let f = row.paper, let ratio = row.spritesOverPaper {
                lines.append([pad("", 10), pad("paper", 9), pad(ms(f.medianMs), 10), pad(ms(f.p95Ms), 9), pad(ms(f.gpuMs), 9), pad(ms(f.cpuMs), 9),
                              pad("\(f.uploadBytesPerFrame)", 15), pad("\(f.gpuBytesPerParticle)", 15), pad("\(f.frames)", 7), pad(ms(f.workMs), 9)].joined(separator: " "))
                lines.append(pad("", 10) + String(format: "   sprites/paper %.3f (the same launches drawn as paper and light)", ratio))
            }
            let byGPUTime = [("gpu/reference", row.gpuTimeGpuOverReference), ("gpu/floor", row.gpuTimeGpuOverFloor), ("gpu/cpu", row.gpuTimeGpuOverCpu)]
                .compactMap { name, value in value.map { String(format: "%@ %.3f", name, $0) } }
            if !byGPUTime.isEmpty { lines.append(pad("", 10) + "   by GPU time: " + byGPUTime.joined(separator: "   ")) }
        }
        if let a = report.atlas {
            lines.append("")
            lines.append(String(format: "sprite atlas: %d pictures, %d bytes (256² texels and mip levels each), made and uploaded in %.1f ms",
                                a.pictures, a.bytes, a.milliseconds))
        }
        if let s = report.scenarios {
            lines.append("")
            lines.append(String(format: "culling: %d dead + %d live: %@ ms; the live launch alone: %@ ms; ratio %.3f",
                                s.culling.deadParticles, s.culling.liveParticles, ms(s.culling.medianMs), ms(s.culling.aloneMedianMs), s.culling.ratio))
            lines.append(String(format: "spawn: %d particles: spawn %@ ms (CPU), upload %@ ms (%d bytes, once)",
                                s.spawn.particles, ms(s.spawn.spawnMs), ms(s.spawn.uploadMs), s.spawn.bytes))
            lines.append(String(format: "mixed: %d confetti + %d sparks: median %@ ms, p95 %@ ms, GPU %@ ms",
                                s.mixed.confetti, s.mixed.sparks, ms(s.mixed.medianMs), ms(s.mixed.p95Ms), ms(s.mixed.gpuMs)))
            lines.append("where the time goes (gpu mode, same scene in points):")
            for v in s.whereTimeGoes {
                lines.append(String(format: "  %8d particles  %4dx%-4d pixels  pieces x%.1f  median %@ ms",
                                    v.count, v.size[0], v.size[1], v.sizeScale, ms(v.medianMs)))
            }
        }
        return lines.joined(separator: "\n")
    }
}
