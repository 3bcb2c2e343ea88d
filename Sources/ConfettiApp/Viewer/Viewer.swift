@preconcurrency import CEpoxy
import ConfettiCore
import ConfettiGL
import FoundationEssentials
import Glibc

/// `confetti view`: a window with a Celebrate button that fires confetti and fireworks.
///
/// The controls are `ViewerKeys.table`, which `handle` looks every event up in. The HUD in the
/// top-left corner (H) and, in short, the title bar show one status line (`ViewerStatus.swift`).
/// Every launch goes through the scene's `Celebration`, which numbers them (`ViewerLaunches.swift`).
/// With nothing alive and nothing changing, the viewer draws nothing and waits for input, so an
/// idle window costs no CPU.
package final class Viewer {
    package struct Options: Sendable {
        package var width = 1280
        package var height = 720
        /// The effect whose numbers the keys and clicks use.
        package var effect = Effect.celebration
        /// What the command's options change in every effect the viewer loads, reloads or
        /// switches to (`--emoji`, reduced motion, `--bloom`, `--count`); with `muted` the sound
        /// starts off, and M turns it on.
        package var overrides = EffectOverrides()
        package var capacity = Viewer.defaultCapacity
        package var seed: UInt64 = 1
        package var vsync = true
        package var shaderDirectory: String?
        /// Fire the effect every this many seconds of animation time, without input.
        package var fireEvery: Double?
        /// Close after this many seconds of wall time and print frame statistics.
        package var quitAfter: Double?
        /// Keep exactly this many confetti pieces alive with continuous launches (`StressSchedule`):
        /// the level at start-up; keys 1–6 and 0 change it (`Viewer.stress`).
        package var stress: Int?
        /// Where S writes screenshots.
        package var screenshotDirectory = "."
        /// An effect file to watch and reload when it changes.
        package var effectFile: String?
        /// What the HUD calls the effect: a preset's name or the file's.
        package var effectName = "celebration"
        /// What the window shows over the scene (H cycles it): the HUD with its frame-time
        /// graph, the HUD alone, or nothing.
        package var hud = HUDMode.withGraph
        /// Whether the HUD's line is drawn at all.
        package var showsHUD: Bool {
            get { hud != .hidden }
            set { hud = newValue ? .withGraph : .hidden }
        }
        /// Play no sound at all, whatever M says (tests of other things, the benchmark).
        package var silent = false

        package init() {}
    }

    package let window: GLFWWindow
    package let renderer: SceneRenderer
    /// The on-screen HUD: a dark panel with one line of pixel-font text.
    let hud: ButtonRenderer
    /// The HUD's graph of the last seconds of frame and GPU times.
    package let graph: FrameGraph
    /// What the HUD says now (updated with the frame rate, twice a second).
    package internal(set) var hudText = ""
    package internal(set) var clock = SimulationClock()
    package private(set) var lastFrame = FrameStats()
    /// GPU time of each whole frame, read back a few frames later (the particle passes alone
    /// are `renderer.particleTimer`'s).
    let frameTimer = GPUTimer()
    /// Where the last frame's time went, as far as it is known yet.
    package private(set) var lastTimings = FrameTimings()
    /// Frames drawn so far (an idle window draws none).
    package private(set) var framesDrawn = 0
    /// What the viewer was started with, and since changed by reloads and keys (the effect, its
    /// name and file, the HUD). The stress level is not kept here but in `stressMode`.
    var options: Options
    var meter = FrameRateMeter()
    /// The frame rate the HUD and title show; nil while idle.
    var lastRate: FrameRateMeter.Summary?
    var screenshotRequested = false
    var effectWatcher: FileWatcher?
    var shaderWatcher: FileWatcher?
    var lastWatch = 0.0
    /// Something changed that the screen does not show yet.
    var needsRedraw = true
    /// Whether the last frame drawn was drawn because something moved.
    private var drewAnimatedFrame = false
    /// The last reload error, shown in the title until a reload succeeds.
    package internal(set) var reloadError: String?
    /// The last input refused (a stress level, key or click that does not fit), shown in the
    /// title until the next input is taken.
    package internal(set) var refusal: String?
    /// Where refusals and reload messages go, one line each: stderr.
    package var notice: (String) -> Void = { message in
        StandardStream.error("confetti: " + message + "\n")
    }
    /// Called after each frame is shown (tests watch long runs with it).
    package var afterFrame: ((Viewer) -> Void)?
    /// Stress mode (keys 1–6, 0, `--stress`).
    var stressMode: ViewerStress
    /// The continuous emitter (E).
    var emitter = ViewerEmitter()
    /// What the launches sound like, played on a thread of its own (nil: `silent`).
    package private(set) var sound: SoundOutput?

    /// Rings with room for the top stress level at the lifetime of any preset the viewer can
    /// switch to (a level's launches overlap by one: 1M at 1.5 s needs 16 × 66,667), and at
    /// least the library's default.
    package static let defaultCapacity = Effect.presets.reduce(Celebration.defaultCapacity) { room, preset in
        max(room, Int(Budget.stressRing(StressSchedule(level: stressLevels.max()!, lifetime: preset.effect.confetti.physics.lifetime)).total))
    }

    package var effect: Effect { options.effect }

    /// What the keys and clicks can fire with these options, and the stress level, against the
    /// budget and the rings: the check at start-up, and again for every reloaded effect.
    package static func check(_ options: Options, stressSource: String? = nil) throws {
        var effect = options.effect
        if let count = options.overrides.count { effect.confetti.count = count }
        try Budget.view(effect, capacity: options.capacity, stress: options.stress,
                        stressSource: stressSource ?? options.stress.map { "--stress \($0)" } ?? "--stress",
                        names: .options(countGiven: options.overrides.count != nil))
    }

    /// `effect` as the viewer would play it (`options.overrides` applied), if it passes the
    /// start-up check with the current stress level: what a reload or a preset switch may
    /// bring in.
    func admit(_ effect: Effect) throws -> Effect {
        var fresh = options
        // An override with nothing to change in its kind (the emoji of a rocket preset N steps
        // to) leaves it: the options were checked against the effect the viewer started with.
        fresh.effect = options.overrides.applied(to: effect)
        fresh.stress = stressMode.level
        try Self.check(fresh, stressSource: stressMode.source)
        // The last step that may refuse: the glow's programs are built when first needed.
        try renderer.glow(fresh.effect.bloom)
        return fresh.effect
    }

    package init(options: Options) throws {
        HeapTrimming.keepFreedMemory()
        var options = options
        options.effect = options.overrides.applied(to: options.effect)
        try Self.check(options)
        self.options = options
        stressMode = ViewerStress(level: options.stress)
        window = try GLFWWindow(width: options.width, height: options.height, title: "confetti", vsync: options.vsync)
        do {
            let shaders = try ShaderLibrary.resolve(options.shaderDirectory)
            renderer = try SceneRenderer(shaders: shaders, capacity: options.capacity, seed: options.seed)
            try renderer.glow(options.effect.bloom)
            hud = try ButtonRenderer(shaders: shaders)
            hud.labelScale = Self.hudScale
            graph = try FrameGraph(shaders: shaders)
            // Shaders on disk are watched and reloaded; the built-in ones cannot change.
            let shaderPaths = renderer.shaderFiles.compactMap(shaders.path)
            if !shaderPaths.isEmpty { shaderWatcher = FileWatcher(paths: shaderPaths) }
        } catch {
            window.close()
            throw error
        }
        if let file = options.effectFile { effectWatcher = FileWatcher(paths: [file]) }
        // Its one line, if any, comes from its own thread, straight to stderr as `notice`'s do.
        if !options.silent { sound = SoundOutput(muted: options.overrides.muted) }
    }

    /// Size of the drawing area in points.
    package var viewport: Size {
        let (w, h) = window.framebufferSize
        let scale = window.pixelsPerPoint
        return Size(width: Double(w) / scale, height: Double(h) / scale)
    }

    /// The button, in the middle of the window whatever its size.
    package var button: CelebrateButton { .centred(in: viewport) }

    /// Draws the current time into the window's back buffer (not yet shown).
    @discardableResult
    package func renderFrame() -> FrameStats {
        let (w, h) = window.framebufferSize
        guard w > 0, h > 0 else { return FrameStats() }  // minimised
        bindWindowFramebuffer(GLenum(GL_FRAMEBUFFER))
        setGLViewport(0, 0, GLsizei(w), GLsizei(h))
        renderer.button = button
        frameTimer.begin()
        lastFrame = renderer.render(at: clock.time, viewport: viewport, pixelsPerPoint: window.pixelsPerPoint)
        if let failure = renderer.takeBloomFailure() {
            // Said once: the glow stays off until an effect turns it on again.
            options.effect.bloom.isEnabled = false
            try? renderer.glow(options.effect.bloom)
            notice("bloom is off: \(failure)")
        }
        drawHUD()
        frameTimer.endFrame()
        framesDrawn += 1
        return lastFrame
    }

    package func advance(wall seconds: Double) {
        clock.advance(wall: seconds)
    }

    /// Whether the next frame differs from the last one without any input: something is alive
    /// or about to appear, or launches are fired hands-free, and the clock runs.
    package var isAnimating: Bool {
        !clock.isPaused && (stressMode.level != nil || options.fireEvery != nil || isEmitting || !renderer.celebration.isIdle(at: clock.time))
    }

    /// Runs until the window closes, `quitAfter` has passed or a stop signal arrived
    /// (`StopSignals`). Returns the frame statistics of the run.
    @discardableResult
    package func run() throws -> FrameTimeSample {
        let start = GLFWWindow.time
        var previous = start
        var nextAutoFire = clock.time
        var times = FrameTimeSample()
        while !window.shouldClose, StopSignals.pending == nil {
            if let limit = options.quitAfter, previous - start >= limit { break }
            let minimised = window.framebufferSize.width == 0 || window.framebufferSize.height == 0
            let events: [WindowEvent]
            if isAnimating && !minimised || needsRedraw && !minimised {
                events = window.pollEvents()
            } else {
                // Nothing changes until something happens: sleep until input, the next look at
                // watched files, or the end of the run.
                var timeout: Double? = effectWatcher != nil || shaderWatcher != nil ? Self.watchInterval : nil
                if let limit = options.quitAfter { timeout = min(timeout ?? .infinity, max(0, limit - (previous - start))) }
                if minimised { timeout = min(timeout ?? .infinity, 0.1) }
                if StopSignals.areCaught { timeout = min(timeout ?? .infinity, StopSignals.lookInterval) }
                events = window.pollEvents(waiting: timeout ?? .infinity)
            }
            // The clock first, so that what the input fires is born now, not before the wait.
            let now = GLFWWindow.time
            let wallNow = monotonicSeconds()
            let cpuStart = threadCPUSeconds()
            let wall = now - previous
            previous = now
            clock.advance(wall: wall)
            for event in events {
                handle(event)
            }
            // The clock's time is its time at `now`, when it was read, not after the input.
            sound?.follow(time: clock.time, speed: clock.speed, paused: clock.isPaused, at: wallNow)
            if let every = options.fireEvery, !clock.isPaused, clock.time >= nextAutoFire {
                attempt("the launch of --fire-every") { try fireEffect() }
                nextAutoFire = clock.time + every
            }
            do {
                try feedStress()
            } catch {
                // Said once, not every frame: stress mode stops.
                stress = nil
                refuse("stress mode", error)
            }
            do {
                try feedEmitter()
            } catch {
                emitter.stop()
                refuse("the emitter", error)
            }
            if now - lastWatch >= Self.watchInterval {
                lastWatch = now
                reloadChangedFiles()
            }
            // The frame after the last animated one is drawn too: it shows what is left once the
            // last piece has died, where the window would otherwise keep that piece's last look.
            if drewAnimatedFrame && !isAnimating { needsRedraw = true }
            guard !minimised, isAnimating || needsRedraw else { continue }
            needsRedraw = false
            drewAnimatedFrame = isAnimating
            renderFrame()
            saveRequestedScreenshot()
            let cpu = threadCPUSeconds() - cpuStart
            let swapStart = GLFWWindow.time
            window.swapBuffers()
            lastTimings = FrameTimings(gpu: (frameTimer.latestMilliseconds ?? .nan) / 1000,
                                       particlesGPU: (renderer.particleTimer.latestMilliseconds ?? .nan) / 1000,
                                       cpu: cpu, present: GLFWWindow.time - swapStart)
            times.record(seconds: wall, live: lastFrame.instances, timings: lastTimings)
            graph.record(end: now, frame: wall, gpu: lastTimings.gpu)
            if let summary = meter.record(frameSeconds: wall, at: now) {
                lastRate = summary
                updateTitle()
            } else if !isAnimating {
                lastRate = nil
                updateTitle()
            }
            afterFrame?(self)
        }
        return times
    }

    package func close() {
        sound?.stop()
        frameTimer.delete()
        graph.delete()
        renderer.delete()
        hud.delete()
        window.close()
    }
}

extension FrameTimeSample {
    /// What `--quit-after` prints: frames drawn, median and p95 frame time, and the live
    /// particles of those frames (median, least, most).
    package var summary: String {
        String(printf: "%ld frames, median %.2f ms, p95 %.2f ms, live median %ld (min %ld, max %ld)",
               frames, 1000 * percentile(0.5), 1000 * percentile(0.95), livePercentile(0.5), minLive, maxLive)
    }

    /// Then one line each for the median and the p95 of where the time went: the frame, the
    /// GPU (whole frame, and the particle passes alone), the app's CPU and the swap.
    package var timingLines: [String] {
        [("median", 0.5), ("p95", 0.95)].map { name, p in
            func ms(_ figure: KeyPath<FrameTimings, Double>) -> String {
                timingPercentile(figure, p).map { String(printf: "%.2f ms", 1000 * $0) } ?? "not measured"
            }
            return name + String(printf: ": frame %.2f ms, ", 1000 * percentile(p))
                + "GPU \(ms(\.gpu)) (particles \(ms(\.particlesGPU))), CPU \(ms(\.cpu)), present \(ms(\.present))"
        }
    }
}

/// This thread's CPU time so far, in seconds: what the app's own work costs, which waiting
/// (for input, for the swap) does not add to.
package func threadCPUSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}
