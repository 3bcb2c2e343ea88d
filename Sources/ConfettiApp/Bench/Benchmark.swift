@preconcurrency import CEpoxy
import ConfettiCore
import ConfettiGL
import FoundationEssentials
import Glibc

/// `confetti bench`: the closed-form GPU renderer against the CPU approach of the source
/// article and against the cost of rasterization alone, over particle counts, headless.
///
/// Every frame is bounded by glFinish and timed three ways: wall time, GPU time (a
/// GL_TIME_ELAPSED query around the finished frame), and the CPU time of the application's own
/// work on the main thread: planning the draws (gpu), or evaluating and uploading every piece
/// (cpu). Time inside other GL calls is the driver's; on llvmpipe that is where the "GPU" runs
/// its vertex shader, so it is counted as GPU work, not as ours.
/// The modes take turns frame by frame, gpu reference cpu floor gpu reference cpu floor, over
/// rounds, so drift on a shared machine falls on all of them alike.
package struct Benchmark {
    package enum Mode: String, CaseIterable, Codable, Sendable {
        /// The real renderer: records uploaded once, the vertex shader does the physics.
        case gpu
        /// The frozen 60-byte renderer (`ReferenceRenderer`): what every
        /// speed-up of gpu mode is a ratio against, measured in the same run.
        case reference
        /// The article's approach: Swift evaluates every live piece each frame and uploads it.
        case cpu
        /// The same pieces, placed once: a trivial vertex shader, rasterization alone.
        case floor
    }

    package struct Options: Sendable {
        package var width = 1280
        package var height = 720
        package var counts = [1_000, 10_000, 100_000, 1_000_000]
        package var rounds = 4
        package var seed: UInt64 = 1
        /// The confetti the workloads are made of (its count is set per run).
        package var confetti = ConfettiSection.standard
        /// An effect that launches no confetti (fireworks): measured instead, in gpu mode only
        /// (the other modes draw confetti). Each count is launches of it, the last cut short, so
        /// that exactly that many particles are drawn.
        package var launchEffect: Effect?
        /// The same effect drawn without its sprites (paper and light): measured beside
        /// `launchEffect`, frame by frame, for what the pictures cost.
        package var paperEffect: Effect?
        /// Run the culling, spawn, mixed and resolution scenarios.
        package var scenarios = true
        /// Particle-frames per mode per round: fewer frames at large counts, 4 to 40.
        package var frameBudget = 1_000_000

        package init() {}

        package func frames(_ count: Int) -> Int { min(40, max(4, frameBudget / max(count, 1))) }
    }

    package let options: Options
    package let shaders: ShaderLibrary
    /// Progress lines, for a long run.
    package var log: (String) -> Void = { _ in }

    package init(options: Options, shaders: ShaderLibrary) {
        self.options = options
        self.shaders = shaders
    }

    var viewport: Size { Size(width: Double(options.width), height: Double(options.height)) }

    // MARK: Timing

    struct FrameSample {
        var wall: Double
        var gpu: Double
        var cpu: Double
        var uploadBytes: Int
        /// CPU seconds of the whole process, every thread (llvmpipe's included), over the frame.
        var work: Double = 0
    }

    /// CPU seconds of the process so far, all threads (CLOCK_PROCESS_CPUTIME_ID).
    static func processCPUSeconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
    }

    /// What a frame did: the application's own main-thread seconds and the bytes it uploaded.
    struct FrameWork {
        var cpu: Double
        var uploadBytes: Int
    }

    /// Times one frame: `body` issues it.
    private func timeFrame(query: GLuint, _ body: () -> FrameWork) -> FrameSample {
        epoxy_glBeginQuery(GLenum(GL_TIME_ELAPSED), query)
        let cpuStart = Self.processCPUSeconds()
        let start = monotonicSeconds()
        let work = body()
        // End the query after glFinish: llvmpipe rasterizes at the flush, so a query ended
        // before it would time only the submission.
        epoxy_glFinish()
        let finished = monotonicSeconds()
        let cpuFinished = Self.processCPUSeconds()
        epoxy_glEndQuery(GLenum(GL_TIME_ELAPSED))
        var nanoseconds: GLuint64 = 0
        epoxy_glGetQueryObjectui64v(query, GLenum(GL_QUERY_RESULT), &nanoseconds)
        return FrameSample(wall: finished - start, gpu: Double(nanoseconds) * 1e-9, cpu: work.cpu, uploadBytes: work.uploadBytes, work: cpuFinished - cpuStart)
    }

    // MARK: Workload

    /// `count` confetti pieces in 8 launches 0.1 s apart (1 under 8,000, more where a
    /// launch would pass the per-launch limit), all alive and none fading over the frames
    /// measured (from `Workload.start`, 10 ms apart).
    struct Workload {
        var launches: [(epoch: Double, particles: [ConfettiParticle])]
        static let start = 0.75
        static let step = 0.01

        let physics: ConfettiPhysics

        init(count: Int, viewport: Size, seed: UInt64, confetti base: ConfettiSection, sizeScale: Double = 1) {
            let n = count >= 8_000 ? max(8, (count + Budget.maxParticlesPerLaunch - 1) / Budget.maxParticlesPerLaunch) : 1
            var confetti = base
            physics = base.physics
            confetti.sizes = confetti.sizes.map { Size(width: ($0.width * sizeScale).rounded(), height: ($0.height * sizeScale).rounded()) }
            launches = (0..<n).map { k in
                confetti.count = count / n + (k < count % n ? 1 : 0)
                var rng = SeededGenerator(seed: seed, launch: k)
                return (Double(k) * 0.1, confetti.spawn(in: viewport, using: &rng))
            }
        }

        init(launches: [(epoch: Double, particles: [ConfettiParticle])], physics: ConfettiPhysics) {
            self.launches = launches
            self.physics = physics
        }

        var count: Int { launches.reduce(0) { $0 + $1.particles.count } }

        func time(frame: Int) -> Double { Self.start + Double(frame % 30) * Self.step }

        /// The CPU evaluator's placement of every piece at `now`.
        func poses(at now: Double) -> [PoseRecord] {
            var poses: [PoseRecord] = []
            poses.reserveCapacity(count)
            for launch in launches {
                let age = now - launch.epoch
                for p in launch.particles {
                    poses.append(PoseRecord(p, physics.evaluate(p, at: age)))
                }
            }
            return poses
        }
    }

    /// `count` particles of an effect that launches no confetti (fireworks: sparks or stars):
    /// launches of it (launch k from RNG stream k of the seed), all at time 0, the last cut short.
    /// Frames are measured from a quarter of the way through the last particle's life (the
    /// latest birth plus a quarter of the shortest lifetime), 5 ms apart.
    struct LaunchWorkload {
        var batches: [any ParticleBatch] = []
        let start: Double
        static let step = 0.005

        init(count: Int, viewport: Size, seed: UInt64, effect: Effect) {
            let button = Rect.button(centredIn: viewport)
            var total = 0, k = 0
            // A launch that makes no particles ends the loop rather than spinning.
            while total < count {
                var made = 0
                for batch in effect.launch(effect.kind, seed: seed, index: k, around: button, in: viewport).batches where total < count {
                    let kept = batch.prefix(count - total)
                    if kept.particleCount > 0 { batches.append(kept) }
                    total += kept.particleCount
                    made += kept.particleCount
                }
                k += 1
                if made == 0 { break }
            }
            let latestBirth = batches.compactMap(\.latestBirth).max() ?? 0
            let shortest = batches.compactMap(\.shortestLifetime).min() ?? 1
            start = latestBirth + 0.25 * shortest
        }

        var count: Int { batches.reduce(0) { $0 + $1.particleCount } }

        func time(frame: Int) -> Double { start + Double(frame % 30) * Self.step }
    }

    /// A renderer for one mode, set up (and, for gpu and floor, uploaded) before timing starts.
    final class ModeRunner {
        let mode: Mode
        let workload: Workload
        let viewport: Size
        let pixelsPerPoint: Double
        private var confetti: ParticleRenderer<ConfettiKind>?
        private var poses: PoseRenderer?
        private var reference: ReferenceRenderer?
        private var launches: Celebration?
        private var launchWorkload: LaunchWorkload?

        /// gpu mode over an effect's own launches (fireworks), every kind's renderer.
        init(launchWorkload: LaunchWorkload, viewport: Size, pixelsPerPoint: Double, shaders: ShaderLibrary) throws {
            mode = .gpu
            workload = Workload(launches: [], physics: .standard)
            self.viewport = viewport
            self.pixelsPerPoint = pixelsPerPoint
            let celebration = try Celebration(capacity: max(launchWorkload.count, 1), shaders: shaders, seed: 1)
            for batch in launchWorkload.batches {
                try celebration.add(batch, at: 0)
            }
            launches = celebration
            self.launchWorkload = launchWorkload
        }

        init(mode: Mode, workload: Workload, viewport: Size, pixelsPerPoint: Double, shaders: ShaderLibrary) throws {
            self.mode = mode
            self.workload = workload
            self.viewport = viewport
            self.pixelsPerPoint = pixelsPerPoint
            switch mode {
            case .gpu:
                let renderer = try ParticleRenderer<ConfettiKind>(shaders: shaders, capacity: max(workload.count, 1))
                for launch in workload.launches {
                    try renderer.add(launch.particles, uniforms: workload.physics, at: launch.epoch)
                }
                confetti = renderer
            case .reference:
                let renderer = try ReferenceRenderer(shaders: shaders)
                try renderer.upload(workload.launches.map { ($0.particles, workload.physics, $0.epoch) })
                reference = renderer
            case .cpu, .floor:
                let renderer = try PoseRenderer(shaders: shaders)
                if mode == .floor { renderer.upload(workload.poses(at: Workload.start)) }
                poses = renderer
            }
        }

        var gpuBytesPerParticle: Int {
            if let launchWorkload {
                let bytes = launchWorkload.batches.reduce(0) { $0 + $1.particleCount * $1.kind.recordBytes }
                return bytes / max(launchWorkload.count, 1)
            }
            return switch mode {
            case .gpu: MemoryLayout<ConfettiRecord>.stride
            case .reference: MemoryLayout<ReferenceConfettiRecord>.stride
            case .cpu, .floor: MemoryLayout<PoseRecord>.stride
            }
        }

        func frame(_ f: Int, background: RGB) -> FrameWork {
            clearFramebuffer(to: background)
            if let launches, let launchWorkload {
                let now = launchWorkload.time(frame: f)
                let start = monotonicSeconds()
                let passes = ButtonSide.allCases.flatMap { side in launches.renderers.compactMap { $0.pass(at: now, side: side) } }
                let cpu = monotonicSeconds() - start
                for pass in passes { _ = pass.execute(viewport, pixelsPerPoint) }
                return FrameWork(cpu: cpu, uploadBytes: 0)
            }
            let now = workload.time(frame: f)
            switch mode {
            case .gpu:
                let start = monotonicSeconds()
                let plan = confetti!.plan(at: now, side: .overButton)
                let cpu = monotonicSeconds() - start
                confetti!.execute(plan, viewport: viewport, pixelsPerPoint: pixelsPerPoint)
                return FrameWork(cpu: cpu, uploadBytes: 0)
            case .reference:
                // Its planning is the same O(spans) walk as gpu mode's; not what it is here for.
                reference!.draw(at: now, viewport: viewport, pixelsPerPoint: pixelsPerPoint)
                return FrameWork(cpu: 0, uploadBytes: 0)
            case .cpu:
                let start = monotonicSeconds()
                poses!.upload(workload.poses(at: now))
                let cpu = monotonicSeconds() - start
                poses!.draw(viewport: viewport, pixelsPerPoint: pixelsPerPoint)
                return FrameWork(cpu: cpu, uploadBytes: poses!.lastUploadBytes)
            case .floor:
                poses!.draw(viewport: viewport, pixelsPerPoint: pixelsPerPoint)
                return FrameWork(cpu: 0, uploadBytes: 0)
            }
        }

        func delete() {
            confetti?.delete()
            poses?.delete()
            reference?.delete()
            launches?.delete()
        }
    }

    // MARK: Running

    /// Runs the sweep and the scenarios. Needs a current GL context.
    package func run() throws -> BenchReport {
        let target = try OffscreenTarget(width: options.width, height: options.height)
        defer { target.delete() }
        target.bind()
        var query: GLuint = 0
        epoxy_glGenQueries(1, &query)
        defer { epoxy_glDeleteQueries(1, &query) }

        var sweep: [BenchReport.SweepRow] = []
        var atlas: BenchReport.Atlas?
        if let effect = options.launchEffect, effect.hasSprites {
            // The pictures' pages made and uploaded once, as a fresh Celebration does.
            var pictures: [SpriteImage] = []
            let launch = effect.launch(effect.kind, seed: options.seed, index: 0, around: Rect.button(centredIn: viewport), in: viewport)
            for image in launch.batches.flatMap(\.sprites) where !pictures.contains(image) {
                pictures.append(image)
            }
            let pages = SpriteAtlas()
            defer { pages.delete() }
            let start = monotonicSeconds()
            _ = try pages.pages(for: pictures, now: 0, until: 1)
            epoxy_glFinish()
            atlas = BenchReport.Atlas(pictures: pictures.count, bytes: pictures.count * SpriteTexels.pageBytes, milliseconds: 1000 * (monotonicSeconds() - start))
            log("sprite atlas: \(pictures.count) pictures, \(pictures.count * SpriteTexels.pageBytes) bytes, made and uploaded in \(String(printf: "%.1f", atlas!.milliseconds)) ms")
        }
        if let effect = options.launchEffect {
            for count in options.counts {
                log("\(count) particles of the effect's launches: gpu × \(options.rounds) rounds of \(options.frames(count)) frames")
                let workload = LaunchWorkload(count: count, viewport: viewport, seed: options.seed, effect: effect)
                guard workload.count == count else {
                    throw GLFailure("the effect launches no particles, so it cannot be measured at \(count)")
                }
                var runners = [try ModeRunner(launchWorkload: workload, viewport: viewport, pixelsPerPoint: 1, shaders: shaders)]
                if let paper = options.paperEffect {
                    let plain = LaunchWorkload(count: count, viewport: viewport, seed: options.seed, effect: paper)
                    runners.append(try ModeRunner(launchWorkload: plain, viewport: viewport, pixelsPerPoint: 1, shaders: shaders))
                }
                let figures = try compare(runners, count: count, query: query)
                var row = BenchReport.SweepRow(count: count, modes: [figures[0]])
                row.paper = figures.count > 1 ? figures[1] : nil
                row.spritesOverPaper = row.paper.map { figures[0].medianMs / $0.medianMs }
                sweep.append(row)
            }
            try glCheck("running the benchmark")
            return BenchReport(machine: .current, size: [options.width, options.height], rounds: options.rounds, sweep: sweep, scenarios: nil, atlas: atlas)
        }
        for count in options.counts {
            // Beyond a launch's worth, the pipeline under test alone (see `Budget.benchAllModes`).
            let modes = count > Budget.benchAllModes ? [Mode.gpu] : Mode.allCases
            log("\(count) particles: \(modes.map(\.rawValue).joined(separator: ", ")) × \(options.rounds) rounds of \(options.frames(count)) frames")
            let workload = Workload(count: count, viewport: viewport, seed: options.seed, confetti: options.confetti)
            let figures = try compare(modes, workload: workload, pixelsPerPoint: 1, query: query)
            sweep.append(BenchReport.SweepRow(count: count, modes: figures))
        }

        var scenarios: BenchReport.Scenarios?
        if options.scenarios {
            scenarios = try runScenarios(query: query)
        }
        try glCheck("running the benchmark")
        return BenchReport(
            machine: .current, size: [options.width, options.height], rounds: options.rounds,
            sweep: sweep, scenarios: scenarios
        )
    }

    /// The modes in rounds (A B C A B C …), each frame timed.
    private func compare(_ modes: [Mode], workload: Workload, pixelsPerPoint: Double, query: GLuint) throws -> [BenchReport.Figures] {
        let runners = try modes.map { try ModeRunner(mode: $0, workload: workload, viewport: viewport, pixelsPerPoint: pixelsPerPoint, shaders: shaders) }
        return try compare(runners, count: workload.count, query: query)
    }

    /// The runners in rounds, each frame timed; deletes them after.
    private func compare(_ runners: [ModeRunner], count: Int, query: GLuint) throws -> [BenchReport.Figures] {
        defer { runners.forEach { $0.delete() } }
        let frames = options.frames(count)
        var samples = [[FrameSample]](repeating: [], count: runners.count)
        let background = SceneRenderer.background
        // Frame by frame (gpu reference cpu floor gpu reference …): on a machine shared with
        // other work the load changes within a round, and a mode measured a whole round apart
        // from another would see a different machine (identical shaders measured round by round
        // read 1.36 apart under load; frame by frame they read within a few percent).
        for _ in 0..<options.rounds {
            for runner in runners {
                _ = timeFrame(query: query) { runner.frame(0, background: background) }  // warm-up
            }
            for f in 0..<frames {
                for (i, runner) in runners.enumerated() {
                    samples[i].append(timeFrame(query: query) { runner.frame(f, background: background) })
                }
            }
        }
        return zip(runners, samples).map { runner, s in
            BenchReport.Figures(mode: runner.mode, samples: s, gpuBytesPerParticle: runner.gpuBytesPerParticle)
        }
    }

    private func runScenarios(query: GLuint) throws -> BenchReport.Scenarios {
        let largest = options.counts.max() ?? 10_000
        log("scenarios: culling, spawn, mixed, resolution and particle size")
        return BenchReport.Scenarios(
            culling: try culling(query: query, dead: max(largest, 10_000), live: min(10_000, largest)),
            spawn: try spawn(count: min(100_000, largest)),
            mixed: try mixed(query: query, each: min(100_000, largest)),
            whereTimeGoes: try whereTimeGoes(query: query, counts: options.counts.filter { $0 >= 100_000 }.isEmpty ? [largest] : options.counts.filter { $0 >= 100_000 })
        )
    }

    /// Many particles long dead plus one live launch, against the live launch alone.
    private func culling(query: GLuint, dead: Int, live: Int) throws -> BenchReport.Culling {
        let physics = ConfettiPhysics.standard
        var confetti = ConfettiSection.standard
        confetti.count = live
        let liveParticles = confetti.spawn(in: viewport, seed: options.seed)
        let crowded = try ParticleRenderer<ConfettiKind>(shaders: shaders, capacity: dead + live)
        let alone = try ParticleRenderer<ConfettiKind>(shaders: shaders, capacity: live)
        defer { crowded.delete(); alone.delete() }
        var deadConfetti = ConfettiSection.standard
        deadConfetti.count = min(dead, 10_000)
        var placed = 0, k = 0
        while placed < dead {
            deadConfetti.count = min(deadConfetti.count, dead - placed)
            try crowded.add(deadConfetti.spawn(in: viewport, seed: options.seed &+ UInt64(k)), uniforms: physics, at: Double(k) * 0.001)
            placed += deadConfetti.count
            k += 1
        }
        let epoch = 100.0
        try crowded.add(liveParticles, uniforms: physics, at: epoch)
        try alone.add(liveParticles, uniforms: physics, at: epoch)

        let frames = options.frames(live)
        var withDead: [FrameSample] = [], withoutDead: [FrameSample] = []
        let background = RGB(0, 0, 0)
        for _ in 0..<options.rounds {
            for (renderer, index) in [(crowded, 0), (alone, 1)] {
                for f in 0..<frames {
                    let sample = timeFrame(query: query) {
                        clearFramebuffer(to: background)
                        let start = monotonicSeconds()
                        let plan = renderer.plan(at: epoch + 0.5 + Double(f) * 0.01, side: .overButton)
                        let cpu = monotonicSeconds() - start
                        renderer.execute(plan, viewport: viewport, pixelsPerPoint: 1)
                        return FrameWork(cpu: cpu, uploadBytes: 0)
                    }
                    if index == 0 { withDead.append(sample) } else { withoutDead.append(sample) }
                }
            }
        }
        let a = BenchReport.Figures(mode: .gpu, samples: withDead, gpuBytesPerParticle: Budget.Ring.confetti.recordBytes)
        let b = BenchReport.Figures(mode: .gpu, samples: withoutDead, gpuBytesPerParticle: Budget.Ring.confetti.recordBytes)
        return BenchReport.Culling(deadParticles: dead, liveParticles: live, medianMs: a.medianMs, aloneMedianMs: b.medianMs, ratio: a.medianMs / b.medianMs)
    }

    /// Spawning one launch on the CPU, then uploading it.
    private func spawn(count: Int) throws -> BenchReport.Spawn {
        var confetti = ConfettiSection.standard
        confetti.count = count
        let renderer = try ParticleRenderer<ConfettiKind>(shaders: shaders, capacity: count)
        defer { renderer.delete() }
        var spawnTimes: [Double] = [], uploadTimes: [Double] = []
        for k in 0..<3 {
            let t0 = monotonicSeconds()
            let particles = confetti.spawn(in: viewport, seed: options.seed &+ UInt64(k))
            let t1 = monotonicSeconds()
            // Ten seconds apart, so no launch is alive when the ring wraps over it.
            try renderer.add(particles, uniforms: confetti.physics, at: Double(k) * 10)
            epoxy_glFinish()
            let t2 = monotonicSeconds()
            spawnTimes.append(t1 - t0)
            uploadTimes.append(t2 - t1)
        }
        return BenchReport.Spawn(particles: count, spawnMs: 1000 * spawnTimes.sorted()[1], uploadMs: 1000 * uploadTimes.sorted()[1],
                                 bytes: count * MemoryLayout<ConfettiRecord>.stride)
    }

    /// Confetti and classic fireworks live together, drawn as the viewer draws them.
    private func mixed(query: GLuint, each: Int) throws -> BenchReport.Mixed {
        let workload = Workload(count: each, viewport: viewport, seed: options.seed, confetti: options.confetti)
        let scene = try SceneRenderer(shaders: shaders, capacity: max(each, 1))
        defer { scene.delete() }
        for launch in workload.launches {
            try scene.celebration.add(Batch<ConfettiKind>(launch.particles, workload.physics), at: launch.epoch)
        }
        var rng = SeededGenerator(seed: options.seed, stream: 99)
        var firework = ClassicFirework.standard
        firework.sparkCount = max(1, each / 100)
        var sparks = 0
        for _ in 0..<100 where sparks < each {
            let origin = Point(rng.uniform(0, viewport.width), rng.uniform(0, viewport.height))
            let list = Array(firework.sparks(at: origin, using: &rng).prefix(each - sparks))
            // Launched so the sparks are mid-flight over the frames measured.
            try scene.celebration.add(Batch<SparkKind>(list, firework.timing), at: Workload.start - 0.1)
            sparks += list.count
        }
        scene.button = .centred(in: viewport)
        let frames = options.frames(2 * each)
        var samples: [FrameSample] = []
        for f in 0..<(frames * options.rounds) {
            samples.append(timeFrame(query: query) {
                let start = monotonicSeconds()
                scene.render(at: workload.time(frame: f % 20), viewport: viewport, pixelsPerPoint: 1)
                return FrameWork(cpu: monotonicSeconds() - start, uploadBytes: 0)
            })
        }
        // As many confetti pieces as sparks, in their own records.
        let bytes = (each * Budget.Ring.confetti.recordBytes + sparks * Budget.Ring.sparks.recordBytes) / max(each + sparks, 1)
        let figures = BenchReport.Figures(mode: .gpu, samples: samples, gpuBytesPerParticle: bytes)
        return BenchReport.Mixed(confetti: each, sparks: sparks, medianMs: figures.medianMs, p95Ms: figures.p95Ms, gpuMs: figures.gpuMs)
    }

    /// gpu mode with the same scene at other pixel densities, and with smaller and larger pieces:
    /// what grows with pixels is fragment work, what does not is vertex work.
    private func whereTimeGoes(query: GLuint, counts: [Int]) throws -> [BenchReport.Variant] {
        var variants: [BenchReport.Variant] = []
        for count in counts {
            for (pixelsPerPoint, sizeScale) in [(0.5, 1.0), (1, 1), (2, 1), (1, 0.5), (1, 2)] {
                let workload = Workload(count: count, viewport: viewport, seed: options.seed, confetti: options.confetti, sizeScale: sizeScale)
                let width = Int(Double(options.width) * pixelsPerPoint), height = Int(Double(options.height) * pixelsPerPoint)
                let target = try OffscreenTarget(width: width, height: height)
                defer { target.delete() }
                target.bind()
                let runner = try ModeRunner(mode: .gpu, workload: workload, viewport: viewport, pixelsPerPoint: pixelsPerPoint, shaders: shaders)
                defer { runner.delete() }
                let frames = max(3, options.frames(count) / 2)
                _ = timeFrame(query: query) { runner.frame(0, background: RGB(0, 0, 0)) }
                let samples = (0..<frames).map { f in timeFrame(query: query) { runner.frame(f, background: RGB(0, 0, 0)) } }
                let figures = BenchReport.Figures(mode: .gpu, samples: samples, gpuBytesPerParticle: runner.gpuBytesPerParticle)
                variants.append(BenchReport.Variant(count: count, size: [width, height], sizeScale: sizeScale, medianMs: figures.medianMs))
            }
        }
        return variants
    }
}

/// Everything `confetti bench` measured, as written to `--json`.
package struct BenchReport: Codable, Sendable {
    package struct Machine: Codable, Sendable {
        package var renderer: String
        /// The EGL device that drew: a hardware GPU's DRM node, Mesa's software device, or the
        /// surfaceless platform (`HeadlessContext.deviceName`); the command fills it in.
        package var device = ""
        package var cores: Int
        package var cpu: String

        static var current: Machine {
            let model = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?
                .split(separator: "\n").first { $0.hasPrefix("model name") }?
                .split(separator: ":", maxSplits: 1).last?.trimmed ?? "unknown"
            return Machine(renderer: glDescription(), cores: ProcessInfo.processInfo.activeProcessorCount, cpu: model)
        }
    }

    package struct Figures: Codable, Sendable {
        package var mode: Benchmark.Mode
        package var frames: Int
        package var medianMs: Double
        package var p95Ms: Double
        /// Median GPU time (GL_TIME_ELAPSED).
        package var gpuMs: Double
        /// Median main-thread CPU time of the application's own work per frame (planning the
        /// draws; for cpu mode, evaluating and uploading every piece).
        package var cpuMs: Double
        package var uploadBytesPerFrame: Int
        package var gpuBytesPerParticle: Int
        /// Median CPU time of the whole process per frame, every thread: on llvmpipe, the work
        /// the frame cost wherever it ran. Steadier than wall time on a machine shared with other
        /// work, which stretches wall time but not work.
        package var workMs: Double

        init(mode: Benchmark.Mode, samples: [Benchmark.FrameSample], gpuBytesPerParticle: Int) {
            self.mode = mode
            frames = samples.count
            medianMs = 1000 * percentile(samples.map(\.wall), 0.5)
            p95Ms = 1000 * percentile(samples.map(\.wall), 0.95)
            gpuMs = 1000 * percentile(samples.map(\.gpu), 0.5)
            cpuMs = 1000 * percentile(samples.map(\.cpu), 0.5)
            uploadBytesPerFrame = samples.map(\.uploadBytes).max() ?? 0
            workMs = 1000 * percentile(samples.map(\.work), 0.5)
            self.gpuBytesPerParticle = gpuBytesPerParticle
        }
    }

    package struct SweepRow: Codable, Sendable {
        package var count: Int
        package var gpu: Figures
        /// The other modes draw confetti: absent for a fireworks effect (`Options.launchEffect`).
        package var cpu: Figures?
        package var floor: Figures?
        package var reference: Figures?
        /// Median frame time ratios, of modes measured in the same rounds.
        package var gpuOverCpu: Double?
        package var gpuOverFloor: Double?
        /// What the changes since the frozen renderer bought: below 1 is faster.
        package var gpuOverReference: Double?
        /// The same by `workMs`, CPU time of all threads: what a loaded machine disturbs least.
        package var gpuOverReferenceWork: Double?
        /// The same ratios by GPU time (`gpuMs`): on a fast GPU behind a slow present, wall
        /// time measures the present; this measures the pipeline.
        package var gpuTimeGpuOverCpu: Double?
        package var gpuTimeGpuOverFloor: Double?
        package var gpuTimeGpuOverReference: Double?
        /// A sprite effect's same launches drawn as paper and light, in the same rounds, and the
        /// median frame time ratio: what the pictures cost.
        package var paper: Figures?
        package var spritesOverPaper: Double?

        init(count: Int, modes: [Figures]) {
            self.count = count
            gpu = modes.first { $0.mode == .gpu }!
            cpu = modes.first { $0.mode == .cpu }
            floor = modes.first { $0.mode == .floor }
            reference = modes.first { $0.mode == .reference }
            gpuOverCpu = cpu.map { gpu.medianMs / $0.medianMs }
            gpuOverFloor = floor.map { gpu.medianMs / $0.medianMs }
            gpuOverReference = reference.map { gpu.medianMs / $0.medianMs }
            // (A clock that did not tick gives no ratio rather than an infinity JSON cannot hold.)
            gpuOverReferenceWork = reference.flatMap { $0.workMs > 0 ? gpu.workMs / $0.workMs : nil }
            let gpuMs = gpu.gpuMs
            func byGPUTime(_ other: Figures?) -> Double? { other.flatMap { $0.gpuMs > 0 ? gpuMs / $0.gpuMs : nil } }
            gpuTimeGpuOverCpu = byGPUTime(cpu)
            gpuTimeGpuOverFloor = byGPUTime(floor)
            gpuTimeGpuOverReference = byGPUTime(reference)
        }
    }

    package struct Culling: Codable, Sendable {
        package var deadParticles: Int
        package var liveParticles: Int
        package var medianMs: Double
        package var aloneMedianMs: Double
        package var ratio: Double
    }

    package struct Spawn: Codable, Sendable {
        package var particles: Int
        package var spawnMs: Double
        package var uploadMs: Double
        package var bytes: Int
    }

    package struct Mixed: Codable, Sendable {
        package var confetti: Int
        package var sparks: Int
        package var medianMs: Double
        package var p95Ms: Double
        package var gpuMs: Double
    }

    package struct Variant: Codable, Sendable {
        package var count: Int
        /// Framebuffer pixels (the scene in points stays 1280×720-sized).
        package var size: [Int]
        /// Piece sizes relative to the article's.
        package var sizeScale: Double
        package var medianMs: Double
    }

    package struct Scenarios: Codable, Sendable {
        package var culling: Culling
        package var spawn: Spawn
        package var mixed: Mixed
        package var whereTimeGoes: [Variant]
    }

    package var machine: Machine
    package var size: [Int]
    package var rounds: Int
    package var sweep: [SweepRow]
    package var scenarios: Scenarios?
    /// A sprite effect's pictures made into atlas pages and uploaded, once.
    package var atlas: Atlas? = nil

    package struct Atlas: Codable, Sendable {
        package var pictures: Int
        /// GPU bytes of the pages the pictures take (each with its mip levels).
        package var bytes: Int
        package var milliseconds: Double
    }
}

extension Benchmark.Options {
    /// The workloads of `chosen`, the effect measured, with `seed` set: every preset at the
    /// counts asked. An effect that launches confetti is measured by its confetti (each count is
    /// that many of its pieces, in all four modes: the reference, cpu and floor modes are
    /// confetti's); one that launches only fireworks by its own launches, every kind they hold,
    /// in gpu mode; one with sprites through every kind's renderer and the atlas, beside the
    /// same launches drawn as paper and light.
    package mutating func measure(_ chosen: Effect) {
        let launched = chosen.launch(chosen.kind, seed: seed, index: 0, around: Rect(x: 540, y: 332, width: 200, height: 56), in: Size(width: 1280, height: 720)).batches
        if launched.contains(where: { $0.isOf(ConfettiKind.self) }) {
            confetti = chosen.confetti
            // Bench sets each workload's count; a stream (rain) is measured with its pieces all
            // born at once, where it enters, so the count is what is alive.
            confetti.emission.rate = 0
        } else {
            launchEffect = chosen
            scenarios = false
        }
        if chosen.hasSprites {
            launchEffect = chosen
            paperEffect = chosen.withoutSprites
            scenarios = false
        }
    }
}
