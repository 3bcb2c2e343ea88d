import ConfettiCore

/// What `confetti render` costs: every launch spawned before the first frame, frames × pixels
/// drawn and written.
extension Budget {
    /// Particles `render` spawns in all: it spawns and uploads every launch before the first
    /// frame, into rings sized to them, one per particle kind. A render at the limit (3 launches of
    /// 1,398,101 pieces) peaked at 1.6 GB, measured when there were two rings (confetti, sparks).
    package static let maxParticlesPerRender = 1 << 22

    /// Pixels of one frame (8192 × 8192): 256 MiB in the framebuffer and as much again read
    /// back; one such frame rendered peaked at 0.9 GB, measured.
    package static let maxFramePixels = 1 << 26

    /// Frames `render` writes: 55 minutes at 30 fps.
    package static let maxFrames = 100_000

    /// Frames × pixels of one `render`: 18,641 frames at 1280 × 720 (10 minutes of animation at
    /// 30 fps, about 25 minutes to draw and encode on llvmpipe), or 256 frames at 8192 × 8192.
    package static let maxRenderPixels = 1 << 34

    /// Pixels of one frame of `width` × `height`, named by `option` (`--size`).
    @discardableResult
    package static func framePixels(width: Int, height: Int, option: String = "--size") throws -> Int {
        let pixels = Demand([[Demand.Factor("\(option) \(width)x\(height)", Double(width) * Double(height))]], "pixels a frame")
        guard width >= 1, height >= 1 else { throw BudgetError("\(option) must be at least 1x1, not \(width)x\(height)") }
        guard pixels.total <= Double(maxFramePixels) else {
            throw over(pixels, limit: "\(format(maxFramePixels)) (8192x8192)")
        }
        return Int(pixels.total)
    }

    /// What `confetti render` is asked for.
    package struct RenderRequest: Sendable {
        /// With `--count` already applied.
        package var effect: Effect
        /// `--launches`, or nil for the default (3 for confetti, else 1).
        package var launches: Int?
        package var interval: Double
        package var countGiven: Bool
        package var width: Int
        package var height: Int
        package var fps: Double
        package var frames: Int?
        package var duration: Double?

        package init(effect: Effect, launches: Int?, interval: Double, countGiven: Bool, width: Int, height: Int, fps: Double, frames: Int?, duration: Double?) {
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

    package struct RenderCost: Sendable, Equatable {
        package var launches: Int
        package var particlesPerLaunch: Int
        package var particles: Int
        /// Every ring (one per particle kind, each sized to every launch) and the frame.
        package var gpuBytes: Int
        package var framePixels: Int
        /// Seconds the launches last, until the last particle has gone.
        package var seconds: Double
        package var frames: Int
        /// frames × framePixels.
        package var pixels: Int
    }

    @discardableResult
    package static func render(_ request: RenderRequest) throws -> RenderCost {
        let effect = request.effect
        let launches = request.launches ?? LaunchSchedule(effect: effect).launches
        let names = Names.options(countGiven: request.countGiven, launchesGiven: request.launches != nil)
        let perLaunch = try launch(effect, .effect(effect.kind), capacity: nil, names: names)

        let launchFactor = Demand.Factor(request.launches != nil ? "--launches" : "launches (the default for \(effect.kind.rawValue))", launches)
        let all = particles(effect, .effect(effect.kind), names: names).times(launchFactor)
        guard all.total <= Double(maxParticlesPerRender) else {
            throw over(all.withUnit("particles"), "the launches' ", limit: format(maxParticlesPerRender), hint: "render spawns them all before the first frame")
        }
        let particles = Int(all.total)

        let framePixels = try framePixels(width: request.width, height: request.height)
        // FrameRecorder gives its scene's Celebration a capacity of every launch, and a
        // Celebration allocates a ring of that capacity for every particle kind, used or not.
        let rings = Ring.allCases
        let bytesPerParticle = rings.map(\.recordBytes).reduce(0, +)
        let gpu = Double(particles) * Double(bytesPerParticle) + 4 * Double(framePixels)
        guard gpu <= Double(maxGPUBytes) else {
            let records = rings.map { "\($0.recordBytes)" }.joined(separator: " + ")
            throw BudgetError("\(format(particles)) particles in \(rings.count) rings (\(rings.map(\.rawValue).joined(separator: ", "))) of \(records) = \(bytesPerParticle) bytes a particle and a \(request.width)x\(request.height) frame of 4 bytes a pixel need \(format(gpu)) bytes of GPU memory, above the limit of \(format(maxGPUBytes))")
        }

        let seconds = scheduleSeconds(effect, launches: launches, interval: request.interval)
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
                framesName = "frames (the launches' \(seconds.compactText) s × --fps \(request.fps.compactText))"
                guard frames <= Double(maxFrames) else {
                    throw BudgetError("the launches last \(scheduleSecondsText(effect, launches: launchFactor, interval: request.interval, seconds: seconds)), which at --fps \(request.fps.compactText) is \(format(frames)) frames; the limit is \(format(maxFrames)): give --frames or --duration")
                }
            }
        }
        let pixels = Demand([[Demand.Factor(framesName, frames), Demand.Factor("--size \(request.width)x\(request.height)", framePixels)]], "pixels")
        guard pixels.total <= Double(maxRenderPixels) else {
            throw over(pixels, "drawing and writing", limit: format(maxRenderPixels), hint: "fewer frames or a smaller --size")
        }
        return RenderCost(launches: launches, particlesPerLaunch: perLaunch, particles: particles, gpuBytes: Int(gpu),
                          framePixels: framePixels, seconds: seconds, frames: Int(frames), pixels: Int(pixels.total))
    }

    /// Seconds from a schedule's first launch until its last particle has gone: what
    /// `LaunchSchedule.duration(of:)` gives for its batches, without spawning them.
    package static func scheduleSeconds(_ effect: Effect, launches: Int, interval: Double) -> Double {
        Double(max(launches, 1) - 1) * interval + launchSeconds(effect, effect.kind)
    }

    /// Seconds from a launch until its last particle has gone.
    package static func launchSeconds(_ effect: Effect, _ kind: EffectKindName) -> Double {
        kind.definition.seconds(effect)
    }

    private static func scheduleSecondsText(_ effect: Effect, launches: Demand.Factor, interval: Double, seconds: Double) -> String {
        let each = effect.kind.definition.secondsText(effect)
        guard launches.value > 1 else { return "\(format(seconds)) s (\(each))" }
        return "\(format(seconds)) s ((\(launches.name) \(format(launches.value)) − 1) × --interval \(format(interval)) s + \(each))"
    }
}
