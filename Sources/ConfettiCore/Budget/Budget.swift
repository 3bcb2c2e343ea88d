import Foundation

/// What an input will cost, worked out before any work is done, and the limits it must stay
/// within. The one place the limits live.
///
/// Every command, the viewer (at start-up, on every reload, key and click) and
/// `Celebration.fire` ask here first. Each function computes the cost of one kind of request
/// from the numbers the user gave (effect fields and options), without spawning anything, and
/// throws a `BudgetError` naming every number that multiplied up, the total and the limit:
///
/// ```
/// a launch of classic.fireworks × classic.sparkCount = 1,000 × 4,194,304 = 4.2e9 sparks is above the limit of 2,097,152 particles per launch
/// ```
///
/// The limits are sized so that whatever passes runs on a 2-core machine with 4 GB of memory and
/// no GPU: Mesa's llvmpipe keeps "GPU" buffers in the same memory as everything else. The
/// figures behind them were measured on such a machine (peak resident memory, debug build):
///
/// - spawning and uploading a burst peaks at about 520 bytes per particle: a `ConfettiParticle`
///   is ~170 B and a `Spark` with its curve and scale arrays more, then their GPU records (60 B each when
///   measured; confetti records are 32 B since, so these figures are upper bounds),
///   and the per-layer copies made on the way to the ring (1M confetti pieces rendered in one
///   launch: 632 MB; 1M fountain sparks: 615 MB; both including render's two 60 MB rings);
/// - a GPU ring costs its record's bytes per particle of capacity: 32 for confetti, 60 for sparks;
/// - a trace holds about 4.6 KB per particle (its parameters as a JSON tree) and 1.3 KB per
///   sample while it encodes (100,000 confetti pieces at 7 ages: 1.39 GB, 255 MB of JSON);
/// - a frame costs 4 bytes per pixel in the framebuffer and 4 more read back.
public enum Budget {
    // MARK: - The limits

    /// Particles one launch spawns: a click, a key, `Celebration.fire`, one of render's launches,
    /// one stress burst. A launch at the limit rendered alone peaked at 1.17 GB (its rings
    /// included), leaving room for the viewer's rings at the largest capacity (1 GiB) on a
    /// 4 GB machine.
    public static let maxParticlesPerLaunch = 1 << 21

    /// Particles `render` spawns in all: it spawns and uploads the whole show before the first
    /// frame, into two rings sized to it. A show at the limit (3 launches of 1,398,101 pieces)
    /// peaked at 1.6 GB, measured.
    public static let maxParticlesPerShow = 1 << 22

    /// GPU memory: the particle rings (32 bytes per confetti piece and 60 per spark of capacity) and, for
    /// `render`, the frame. A quarter of a 4 GB machine, since llvmpipe's buffers are host memory.
    public static let maxGPUBytes = 1 << 30

    /// Pixels of one frame (8192 × 8192): 256 MiB in the framebuffer and as much again read
    /// back; one such frame rendered peaked at 0.9 GB, measured.
    public static let maxFramePixels = 1 << 26

    /// Frames `render` writes: 55 minutes at 30 fps.
    public static let maxFrames = 100_000

    /// Frames × pixels of one `render`: 18,641 frames at 1280 × 720 (10 minutes of animation at
    /// 30 fps, about 25 minutes to draw and encode on llvmpipe), or 256 frames at 8192 × 8192.
    public static let maxRenderPixels = 1 << 34

    /// Particles one `trace` prints: about 0.6 GB of JSON tree at 4.6 KB each.
    public static let maxTraceParticles = 1 << 17

    /// Samples (particles × times) one `trace` prints, at 1.3 KB each while encoding: both
    /// trace limits at once (131,072 pieces at 4 ages) peaked at 1.31 GB and wrote 234 MB of
    /// JSON in 15 s, measured.
    public static let maxTraceSamples = 1 << 19

    /// Shader passes of `trace --evaluator gpu`: one per distinct birth time and sample time,
    /// each a transform-feedback draw and read-back, about 35 µs on llvmpipe: 262,143 passes
    /// (a fountain of 37,449 sparks at 7 ages) took 8.4 s and 0.6 GB, measured. Only a
    /// fountain's sparks are born apart.
    public static let maxTraceGPUPasses = 1 << 18

    /// Particles `soak` spawns over its whole run (bursts × count), one burst at a time: memory
    /// stays flat, so this bounds time, about 5 minutes of spawning on one core.
    public static let maxSoakParticles = 1 << 28

    /// Seconds between stress bursts in the viewer: lifetime / interval bursts are alive at once.
    public static let stressInterval = 0.1

    /// Bytes of one particle's GPU record, per kind.
    public static let confettiRecordBytes = MemoryLayout<ConfettiInstance>.stride
    public static let sparkRecordBytes = MemoryLayout<SparkInstance>.stride

    /// The largest ring capacity that keeps both rings (confetti and sparks) within
    /// `maxGPUBytes`.
    public static var maxCapacity: Int { maxGPUBytes / (confettiRecordBytes + sparkRecordBytes) }

    // MARK: - Naming

    /// How the numbers are named in messages: by the effect's fields, or by the options that
    /// set them, so a refusal names what the user actually gave.
    public struct Names: Sendable {
        /// Confetti pieces per burst: `confetti.count`, or `--count` when the option gave it.
        public var count = "confetti.count"
        /// The rings' capacity: `capacity` (the library), `--capacity` (the commands).
        public var capacity = "capacity"
        /// Launches of a show: `--bursts`, or `launches` when it is the default.
        public var launches = "launches"

        public init(count: String = "confetti.count", capacity: String = "capacity", launches: String = "launches") {
            self.count = count
            self.capacity = capacity
            self.launches = launches
        }

        /// The command line's names: `--capacity`, and `--count` / `--bursts` when given.
        public static func options(countGiven: Bool = false, launchesGiven: Bool = false) -> Names {
            Names(count: countGiven ? "--count" : "confetti.count", capacity: "--capacity", launches: launchesGiven ? "--bursts" : "launches")
        }
    }

    /// What one launch fires.
    public enum Launch: Sendable, Equatable {
        /// A launch of an effect kind (`.celebration`: what a click on the button fires).
        case effect(EffectName)
        /// One classic firework, what a click away from the button fires.
        case firework
    }

    /// The two rings, one per particle kind.
    public enum Ring: String, Sendable, CaseIterable {
        case confetti, sparks

        public var noun: String { self == .confetti ? "confetti pieces" : "sparks" }
        public var recordBytes: Int { self == .confetti ? Budget.confettiRecordBytes : Budget.sparkRecordBytes }
    }

    // MARK: - Costs, command by command

    /// Particles one launch spawns into each ring, as the fields that multiply up.
    public static func demands(_ effect: Effect, _ launch: Launch, names: Names = Names()) -> [(ring: Ring, demand: Demand)] {
        switch launch {
        case .firework: EffectKinds.Classic.oneFirework(effect)
        case .effect(let kind): kind.definition.demands(effect, names: names)
        }
    }

    /// Every particle of one launch, all rings together.
    public static func particles(_ effect: Effect, _ launch: Launch, names: Names = Names()) -> Demand {
        let parts = demands(effect, launch, names: names).map(\.demand)
        return parts.count == 1 ? parts[0] : Demand(parts.flatMap(\.terms), "particles")
    }

    /// Refuses a launch too large to spawn, or one that a ring of `capacity` cannot hold (its
    /// own particles would overwrite each other while alive). Returns its particle count.
    @discardableResult
    public static func launch(_ effect: Effect, _ launch: Launch, capacity: Int?, names: Names = Names()) throws -> Int {
        let total = particles(effect, launch, names: names)
        guard total.total <= Double(maxParticlesPerLaunch) else {
            throw BudgetError("a launch of \(total) is above the limit of \(format(maxParticlesPerLaunch)) particles per launch")
        }
        if let capacity {
            for (ring, demand) in demands(effect, launch, names: names) where demand.total > Double(capacity) {
                throw BudgetError("\(demand) does not fit in the \(ring.rawValue) ring of \(format(capacity)) (\(names.capacity)); lower it or raise \(names.capacity)")
            }
        }
        return Int(total.total)
    }

    /// GPU memory of rings of `capacity` for `rings`. Returns the bytes.
    @discardableResult
    public static func capacity(_ capacity: Int, rings: [Ring] = Ring.allCases, name: String = "capacity") throws -> Int {
        guard capacity >= 1 else { throw BudgetError("\(name) must be at least 1 particle, not \(capacity)") }
        let perParticle = rings.map(\.recordBytes).reduce(0, +)
        let what = rings.count == 1 ? "bytes per record" : "bytes per particle (a \(rings.map { "\($0.recordBytes)" }.joined(separator: " + ")) B record in each of \(rings.count) rings)"
        let bytes = Demand([[Demand.Factor(name, capacity), Demand.Factor(what, perParticle)]], "bytes of GPU memory")
        guard bytes.total <= Double(maxGPUBytes) else {
            throw BudgetError("\(bytes), above the limit of \(format(maxGPUBytes)) (1 GiB): \(name) can be at most \(format(maxGPUBytes / perParticle))")
        }
        return Int(bytes.total)
    }

    /// Pixels of one frame of `width` × `height`, named by `option` (`--size`).
    @discardableResult
    public static func framePixels(width: Int, height: Int, option: String = "--size") throws -> Int {
        let pixels = Demand([[Demand.Factor("\(option) \(width)x\(height)", Double(width) * Double(height))]], "pixels a frame")
        guard width >= 1, height >= 1 else { throw BudgetError("\(option) must be at least 1x1, not \(width)x\(height)") }
        guard pixels.total <= Double(maxFramePixels) else {
            throw BudgetError("\(pixels), above the limit of \(format(maxFramePixels)) (8192x8192)")
        }
        return Int(pixels.total)
    }

    // MARK: render

    /// What `confetti render` is asked for.
    public struct RenderRequest: Sendable {
        /// With `--count` already applied.
        public var effect: Effect
        /// `--bursts`, or nil for the default (3 for confetti, else 1).
        public var launches: Int?
        public var interval: Double
        public var countGiven: Bool
        public var width: Int
        public var height: Int
        public var fps: Double
        public var frames: Int?
        public var duration: Double?

        public init(effect: Effect, launches: Int?, interval: Double, countGiven: Bool, width: Int, height: Int, fps: Double, frames: Int?, duration: Double?) {
            self.effect = effect
            self.launches = launches
            self.interval = interval
            self.countGiven = countGiven
            self.width = width
            self.height = height
            self.fps = fps
            self.frames = frames
            self.duration = duration
        }
    }

    public struct RenderCost: Sendable, Equatable {
        public var launches: Int
        public var particlesPerLaunch: Int
        public var particles: Int
        /// Both rings (each sized to the whole show) and the frame.
        public var gpuBytes: Int
        public var framePixels: Int
        /// Seconds the show lasts, until its last particle has gone.
        public var seconds: Double
        public var frames: Int
        /// frames × framePixels.
        public var pixels: Int
    }

    @discardableResult
    public static func render(_ request: RenderRequest) throws -> RenderCost {
        let effect = request.effect
        let launches = request.launches ?? Show(effect: effect).launches
        let names = Names.options(countGiven: request.countGiven, launchesGiven: request.launches != nil)
        let perLaunch = try launch(effect, .effect(effect.kind), capacity: nil, names: names)

        let launchFactor = Demand.Factor(request.launches != nil ? "--bursts" : "launches (the default for \(effect.kind.rawValue))", launches)
        let show = particles(effect, .effect(effect.kind), names: names).times(launchFactor)
        guard show.total <= Double(maxParticlesPerShow) else {
            throw BudgetError("a show of \(show.withUnit("particles")) is above the limit of \(format(maxParticlesPerShow)) (render spawns the whole show before the first frame)")
        }
        let particles = Int(show.total)

        let framePixels = try framePixels(width: request.width, height: request.height)
        // FrameRecorder sizes both rings to the whole show.
        let ringBytes = Double(particles) * Double(confettiRecordBytes + sparkRecordBytes)
        let gpu = ringBytes + 4 * Double(framePixels)
        guard gpu <= Double(maxGPUBytes) else {
            throw BudgetError("\(format(particles)) particles in 2 rings of \(confettiRecordBytes + sparkRecordBytes) bytes each and a \(request.width)x\(request.height) frame of 4 bytes a pixel need \(format(gpu)) bytes of GPU memory, above the limit of \(format(maxGPUBytes))")
        }

        let seconds = showSeconds(effect, launches: launches, interval: request.interval)
        let frames: Double
        let framesName: String
        if let given = request.frames {
            frames = Double(given)
            framesName = "--frames"
            guard given <= maxFrames, given >= 1 else {
                throw BudgetError("--frames \(given) is outside 1...\(format(maxFrames))")
            }
        } else {
            let span = request.duration ?? seconds
            frames = max(1, (span * request.fps).rounded(.up))
            if let duration = request.duration {
                framesName = "frames (--duration \(duration.compactText) × --fps \(request.fps.compactText))"
                guard frames <= Double(maxFrames) else {
                    throw BudgetError("--duration \(duration.compactText) s at --fps \(request.fps.compactText) is \(format(frames)) frames; the limit is \(format(maxFrames)): give a shorter --duration or a lower --fps")
                }
            } else {
                framesName = "frames (the show's \(seconds.compactText) s × --fps \(request.fps.compactText))"
                guard frames <= Double(maxFrames) else {
                    throw BudgetError("the show lasts \(showSecondsText(effect, launches: launchFactor, interval: request.interval, seconds: seconds)), which at --fps \(request.fps.compactText) is \(format(frames)) frames; the limit is \(format(maxFrames)): give --frames or --duration")
                }
            }
        }
        let pixels = Demand([[Demand.Factor(framesName, frames), Demand.Factor("--size \(request.width)x\(request.height)", framePixels)]], "pixels")
        guard pixels.total <= Double(maxRenderPixels) else {
            throw BudgetError("\(pixels) to draw and write, above the limit of \(format(maxRenderPixels)): fewer frames or a smaller --size")
        }
        return RenderCost(launches: launches, particlesPerLaunch: perLaunch, particles: particles, gpuBytes: Int(gpu),
                          framePixels: framePixels, seconds: seconds, frames: Int(frames), pixels: Int(pixels.total))
    }

    /// Seconds from a show's start until its last particle has gone: what `Show.duration(of:)`
    /// gives for its schedule, without spawning it.
    public static func showSeconds(_ effect: Effect, launches: Int, interval: Double) -> Double {
        Double(max(launches, 1) - 1) * interval + launchSeconds(effect, effect.kind)
    }

    /// Seconds from a launch until its last particle has gone.
    public static func launchSeconds(_ effect: Effect, _ kind: EffectName) -> Double {
        kind.definition.seconds(effect)
    }

    private static func showSecondsText(_ effect: Effect, launches: Demand.Factor, interval: Double, seconds: Double) -> String {
        let each = effect.kind.definition.secondsText(effect)
        guard launches.value > 1 else { return "\(format(seconds)) s (\(each))" }
        return "\(format(seconds)) s ((\(launches.name) \(format(launches.value)) − 1) × --interval \(format(interval)) s + \(each))"
    }

    // MARK: trace

    public struct TraceCost: Sendable, Equatable {
        public var particles: Int
        public var samples: Int
        /// Transform-feedback passes with `--evaluator gpu` (0 with the CPU).
        public var passes: Int
    }

    /// One launch of the effect's own kind, sampled at `times` ages each.
    @discardableResult
    public static func trace(_ effect: Effect, times: Int, gpu: Bool) throws -> TraceCost {
        let particles = particles(effect, .effect(effect.kind))
        let timesFactor = Demand.Factor("--times (\(times) values)", times)
        let samples = particles.times(timesFactor, last: true)
        guard samples.total <= Double(maxTraceSamples) else {
            throw BudgetError("\(samples.withUnit("samples")), above the limit of \(format(maxTraceSamples)) for a trace: fewer particles or --times")
        }
        guard particles.total <= Double(maxTraceParticles) else {
            throw BudgetError("\(particles), above the limit of \(format(maxTraceParticles)) for a trace")
        }
        var passes = 0.0
        if gpu {
            // One pass per distinct birth: a fountain's sparks, a stream's pieces and a
            // rocket's stages are born apart.
            let births = effect.kind.definition.births(effect)
            let demand = births.times(timesFactor, last: true).withUnit("shader passes")
            passes = demand.total
            guard passes <= Double(maxTraceGPUPasses) else {
                throw BudgetError("\(demand) with --evaluator gpu (one per distinct birth and time), above the limit of \(format(maxTraceGPUPasses)): use --evaluator cpu or fewer --times")
            }
        }
        return TraceCost(particles: Int(particles.total), samples: Int(samples.total), passes: Int(passes))
    }

    // MARK: view

    /// What a viewer running `effect` in rings of `capacity` can be asked to fire: Space (a
    /// confetti burst), a click on the button (the celebration), a click elsewhere (one
    /// firework), F (the fountain), and the stress level. The same check at start-up and on
    /// every reload.
    public static func view(_ effect: Effect, capacity: Int, stress: Int?, stressSource: String = "--stress", names: Names = Names(capacity: "--capacity")) throws {
        try Budget.capacity(capacity, name: names.capacity)
        for launch: Launch in [.effect(.confetti), .effect(.celebration), .firework, .effect(.fountain), .effect(effect.kind)] {
            try Budget.launch(effect, launch, capacity: capacity, names: names)
        }
        if let stress {
            try Budget.stress(stress, source: stressSource, lifetime: effect.confetti.physics.lifetime, capacity: capacity, names: names)
        }
    }

    /// How stress mode keeps a level alive: bursts of at most `perBurst` pieces every
    /// `StressSchedule.interval` seconds, with `burstsInRing` of them needing room at once.
    public struct StressPlan: Sendable, Equatable {
        public var perBurst: Int
        public var burstsInRing: Int
    }

    /// Refuses a stress level whose bursts are too large to spawn, or that the ring cannot hold
    /// without overwriting live ones. `source` names where the level came from (`--stress
    /// 100000`, `key 6 (stress 1,000,000)`).
    @discardableResult
    public static func stress(_ level: Int, source: String, lifetime: Double, capacity: Int, names: Names = Names(capacity: "--capacity")) throws -> StressPlan {
        guard level >= 1 else { throw BudgetError("\(source): the stress level must be at least 1, not \(level)") }
        guard lifetime.isFinite, lifetime > 0 else { throw BudgetError("\(source): confetti.lifetime must be positive, not \(lifetime)") }
        let schedule = StressSchedule(level: level, lifetime: lifetime)
        let perBurst = Double(schedule.largestBurst)
        guard perBurst <= Double(maxParticlesPerLaunch) else {
            throw BudgetError("\(source): \(format(level)) pieces alive with confetti.lifetime \(lifetime.compactText) s means bursts of \(format(perBurst)) every \(schedule.interval.compactText) s, above the limit of \(format(maxParticlesPerLaunch)) particles per launch")
        }
        let ring = stressRing(schedule)
        let slots = schedule.burstsAlive + 1
        guard ring.total <= Double(capacity) else {
            throw BudgetError("\(source) needs \(ring), which does not fit in the confetti ring of \(format(capacity)) (\(names.capacity))")
        }
        return StressPlan(perBurst: Int(perBurst), burstsInRing: slots)
    }

    /// The confetti ring a stress schedule needs: the bursts alive when the next is written,
    /// and the next, since it overwrites the oldest slot.
    public static func stressRing(_ schedule: StressSchedule) -> Demand {
        Demand([[Demand.Factor("bursts alive at once (confetti.lifetime \(schedule.lifetime.compactText) s / \(schedule.interval.compactText) s, and the next)", schedule.burstsAlive + 1),
                 Demand.Factor("pieces a burst", schedule.largestBurst)]], "confetti pieces")
    }

    // MARK: bench and soak

    /// Each of `bench --counts` is one burst; the frame is `--size`.
    public static func bench(counts: [Int], width: Int, height: Int) throws {
        for count in counts where count > maxParticlesPerLaunch {
            throw BudgetError("--counts \(format(count)) is above the limit of \(format(maxParticlesPerLaunch)) particles per launch")
        }
        try framePixels(width: width, height: height)
    }

    /// `soak`: one ring of `--capacity`, `--bursts` bursts of `--count`.
    public static func soak(bursts: Int, count: Int, capacity: Int) throws {
        try Budget.capacity(capacity, rings: [.confetti], name: "--capacity")
        guard count <= maxParticlesPerLaunch else {
            throw BudgetError("--count \(format(count)) is above the limit of \(format(maxParticlesPerLaunch)) particles per launch")
        }
        let total = Demand([[Demand.Factor("--bursts", bursts), Demand.Factor("--count", count)]], "particles spawned")
        guard total.total <= Double(maxSoakParticles) else {
            throw BudgetError("\(total), above the limit of \(format(maxSoakParticles)) for a soak")
        }
    }

    // MARK: - Numbers as messages write them

    /// 16,777,216; 4.2e9 from a billion up; 0.35 for fractions.
    public static func format(_ value: Double) -> String {
        guard value.isFinite else { return "\(value)" }
        if abs(value) >= 1e9 {
            var exponent = Int(log10(abs(value)).rounded(.down))
            var mantissa = (value / pow(10, Double(exponent)) * 10).rounded() / 10
            if abs(mantissa) >= 10 { mantissa /= 10; exponent += 1 }
            return "\(mantissa.compactText)e\(exponent)"
        }
        guard value == value.rounded() else {
            // Whole part grouped, then at most 3 decimal places.
            var text = String(format: "%.3f", abs(value))
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
            let parts = text.split(separator: ".", maxSplits: 1)
            let whole = format(Int(parts[0])!)
            return (value < 0 ? "-" : "") + whole + (parts.count > 1 ? "." + parts[1] : "")
        }
        return format(Int(value))
    }

    public static func format(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var grouped = ""
        for (i, c) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { grouped.append(",") }
            grouped.append(c)
        }
        return (value < 0 ? "-" : "") + grouped
    }
}

/// A request beyond a budget: what multiplied up, the total and the limit.
public struct BudgetError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// A quantity asked for, as a sum of products of named numbers, so that a refusal can show
/// where it came from: `classic.fireworks × classic.sparkCount = 1,000 × 4,194,304 = 4.2e9 sparks`.
public struct Demand: Sendable, CustomStringConvertible {
    public struct Factor: Sendable {
        public var name: String
        public var value: Double

        public init(_ name: String, _ value: Double) {
            self.name = name
            self.value = value
        }

        public init(_ name: String, _ value: Int) {
            self.init(name, Double(value))
        }
    }

    /// Added together; each term's factors multiplied. Doubles, so no product overflows.
    public var terms: [[Factor]]
    public var unit: String

    public init(_ terms: [[Factor]], _ unit: String) {
        self.terms = terms
        self.unit = unit
    }

    public var total: Double {
        terms.reduce(0) { sum, term in sum + term.reduce(1) { $0 * $1.value } }
    }

    /// Every term multiplied by `factor`, written first or last.
    public func times(_ factor: Factor, last: Bool = false) -> Demand {
        Demand(terms.map { last ? $0 + [factor] : [factor] + $0 }, unit)
    }

    public func withUnit(_ unit: String) -> Demand {
        Demand(terms, unit)
    }

    public var description: String {
        let names = terms.map { $0.map(\.name).joined(separator: " × ") }.joined(separator: " + ")
        let total = Budget.format(self.total) + (unit.isEmpty ? "" : " " + unit)
        if terms.count == 1 && terms[0].count == 1 { return "\(names) = \(total)" }
        let values = terms.map { $0.map { Budget.format($0.value) }.joined(separator: " × ") }.joined(separator: " + ")
        return "\(names) = \(values) = \(total)"
    }
}
