@preconcurrency import CEpoxy
import CGLFW
import ConfettiCore
import ConfettiGL
import Foundation

/// `confetti view`: a window with a Celebrate button that fires confetti and fireworks.
///
/// The controls are `ViewerKeys.table`. The HUD in the top-left corner (H) and, in short, the
/// title bar show fps, frame time, live particles, speed and the effect. With nothing alive and
/// nothing changing, the viewer draws nothing and waits for input, so an idle window costs no CPU.
package final class Viewer {
    package struct Options: Sendable {
        package var width = 1280
        package var height = 720
        /// The effect whose numbers the keys and clicks use.
        package var effect = Effect.celebration
        /// Confetti pieces per burst, over the effect's own (`--count`); kept across reloads.
        package var count: Int?
        package var capacity = Viewer.defaultCapacity
        package var seed: UInt64 = 1
        package var vsync = true
        package var shaderDirectory: String?
        /// Fire a burst every this many seconds of animation time, without input.
        package var fireEvery: Double?
        /// Close after this many seconds of wall time and print frame statistics.
        package var quitAfter: Double?
        /// Keep exactly this many confetti pieces alive with continuous bursts (`StressSchedule`).
        package var stress: Int?
        /// Where S writes screenshots.
        package var screenshotDirectory = "."
        /// An effect file to watch and reload when it changes.
        package var effectFile: String?
        /// What the HUD calls the effect: a preset's name or the file's.
        package var effectName = "celebration"
        /// Draw the HUD in the window (H toggles it).
        package var showsHUD = true
        /// Play every effect (loaded, reloaded or switched to) with reduced motion.
        package var reducedMotion = false

        package init() {}
    }

    package let window: GLFWWindow
    package let renderer: SceneRenderer
    /// The on-screen HUD: a dark panel with one line of pixel-font text.
    private let hud: ButtonRenderer
    /// What the HUD says now (updated with the frame rate, twice a second).
    package private(set) var hudText = ""
    package private(set) var clock = SimulationClock()
    /// Launches so far; launch k draws from stream k of the seed.
    package private(set) var burstsFired = 0
    package private(set) var lastFrame = FrameStats()
    /// Frames drawn so far (an idle window draws none).
    package private(set) var framesDrawn = 0
    private var options: Options
    private var meter = FrameRateMeter()
    private var screenshotRequested = false
    private var effectWatcher: FileWatcher?
    private var shaderWatcher: FileWatcher?
    private var lastWatch = 0.0
    /// Something changed that the screen does not show yet.
    private var needsRedraw = true
    /// Whether the last frame drawn was drawn because something moved.
    private var drewAnimatedFrame = false
    /// The last reload error, shown in the title until a reload succeeds.
    package private(set) var reloadError: String?
    /// The last input refused (a stress level, burst or click that does not fit), shown in the
    /// title until the next input is taken.
    package private(set) var refusal: String?
    /// Where refusals and reload messages go, one line each: stderr.
    package var notice: (String) -> Void = { message in
        FileHandle.standardError.write(Data(("confetti: " + message + "\n").utf8))
    }
    /// Called after each frame is shown (tests watch long runs with it).
    package var afterFrame: ((Viewer) -> Void)?
    /// The stress schedule in use, when it started (animation seconds) and its next burst;
    /// nil until the next `feedStress` starts one, full (see `StressSchedule`).
    private var stressRun: (schedule: StressSchedule, start: Double, next: Int)?
    /// Where the stress level came from, for messages: `--stress N` or the key pressed.
    private var stressSource: String?
    private var lastRate: FrameRateMeter.Summary?
    /// The continuous emitter (E): while on, when its next chunk of stream starts.
    private var nextEmitterChunk: Double?

    /// Keys 1–6 in stress mode; 0 stops it.
    package static let stressLevels = [1_000, 10_000, 50_000, 100_000, 500_000, 1_000_000]

    /// Rings with room for the top stress level at the lifetime of any preset the viewer can
    /// switch to (a level's bursts overlap by one: 1M at 1.5 s needs 16 × 66,667), and at
    /// least the library's default.
    package static let defaultCapacity = Effect.presets.reduce(Celebration.defaultCapacity) { room, preset in
        max(room, Int(Budget.stressRing(StressSchedule(level: stressLevels.max()!, lifetime: preset.effect.confetti.physics.lifetime)).total))
    }
    /// About a stress burst every tenth of a second: `StressSchedule` fits the interval to the
    /// lifetime, so that exactly N are alive and the oldest has died before the ring needs its
    /// room (`Budget.stress` refuses a level for which it would not have).
    static let stressInterval = Budget.stressInterval
    /// How often watched files are looked at.
    static let watchInterval = 0.25

    /// The stress level, if stress mode is on.
    package var stress: Int? {
        get { options.stress }
        set {
            // Turned on, it starts full at the next frame; moved to another level, the cadence
            // goes on from now and the count moves to the new level over one lifetime.
            if let run = stressRun, newValue != nil, options.stress != nil {
                stressRun = (run.schedule, clock.time, 0)
            } else {
                stressRun = nil
            }
            options.stress = newValue
        }
    }

    package var effect: Effect { options.effect }

    /// What the keys and clicks can fire with these options, and the stress level, against the
    /// budget and the rings: the check at start-up, and again for every reloaded effect.
    package static func check(_ options: Options, stressSource: String? = nil) throws {
        var effect = options.effect
        if let count = options.count { effect.confetti.count = count }
        try Budget.view(effect, capacity: options.capacity, stress: options.stress,
                        stressSource: stressSource ?? options.stress.map { "--stress \($0)" } ?? "--stress",
                        names: .options(countGiven: options.count != nil))
    }

    package init(options: Options) throws {
        var options = options
        if options.reducedMotion { options.effect = options.effect.reducedMotion }
        try Self.check(options)
        if let count = options.count { options.effect.confetti.count = count }
        self.options = options
        window = try GLFWWindow(width: options.width, height: options.height, title: "confetti", vsync: options.vsync)
        do {
            let shaders = try ShaderLibrary.resolve(options.shaderDirectory)
            renderer = try SceneRenderer(shaders: shaders, capacity: options.capacity, seed: options.seed)
            hud = try ButtonRenderer(shaders: shaders)
            hud.labelScale = Self.hudScale
            // Shaders on disk are watched and reloaded; the built-in ones cannot change.
            let shaderPaths = renderer.shaderFiles.compactMap(shaders.path)
            if !shaderPaths.isEmpty { shaderWatcher = FileWatcher(paths: shaderPaths) }
        } catch {
            window.close()
            throw error
        }
        if let file = options.effectFile { effectWatcher = FileWatcher(paths: [file]) }
    }

    /// Reloads the effect file and the shaders if they changed. A broken edit is reported
    /// (stderr and title) and the last good version keeps running.
    package func reloadChangedFiles() {
        if var watcher = effectWatcher, watcher.changed(), let file = options.effectFile {
            effectWatcher = watcher
            do {
                // The same checks as at start-up: a reload cannot bring in what would not start.
                var fresh = options
                fresh.effect = try Effect.load(file)
                if options.reducedMotion { fresh.effect = fresh.effect.reducedMotion }
                if let count = options.count { fresh.effect.confetti.count = count }
                do {
                    try Self.check(fresh, stressSource: stressSource)
                } catch let error as BudgetError {
                    throw BudgetError("\(printable(file, limit: 160)): \(error)")
                }
                options.effect = fresh.effect
                reloaded("effect \(file)")
            } catch {
                failedReload(error)
            }
        }
        if var watcher = shaderWatcher, watcher.changed() {
            shaderWatcher = watcher
            do {
                try renderer.reloadShaders()
                reloaded("shaders")
            } catch {
                failedReload(error)
            }
        }
    }

    private func reloaded(_ what: String) {
        reloadError = nil
        needsRedraw = true
        notice("reloaded \(printable(what, limit: 200))")
        updateTitle()
    }

    private func failedReload(_ error: any Error) {
        reloadError = "\(error)"
        needsRedraw = true
        notice("reload failed, keeping the last good version: " + Self.oneLine("\(error)"))
        updateTitle()
    }

    /// An input that cannot be carried out (it does not fit, or GL refused it): said in the
    /// title and on stderr, and the viewer goes on with what it had.
    private func refuse(_ what: String, _ error: any Error) {
        refusal = "\(what) refused: " + Self.oneLine("\(error)")
        needsRedraw = true
        notice(refusal!)
        updateTitle()
    }

    /// The first line of a message, control characters escaped: fit for a title bar or one
    /// line of stderr.
    static func oneLine(_ text: String) -> String {
        printable(String(text.split(separator: "\n", omittingEmptySubsequences: false).first ?? ""), limit: 400)
    }

    /// Size of the drawing area in points.
    package var viewport: Size {
        let (w, h) = window.framebufferSize
        let scale = window.pixelsPerPoint
        return Size(width: Double(w) / scale, height: Double(h) / scale)
    }

    /// The button, in the middle of the window whatever its size.
    package var button: CelebrateButton { .centred(in: viewport) }

    private func nextGenerator() -> SeededGenerator {
        defer { burstsFired += 1 }
        return SeededGenerator(seed: options.seed, stream: UInt64(burstsFired))
    }

    private func launch(_ kind: EffectName, around rect: Rect) throws -> [Spawn] {
        // Checked at start-up and on reload; checked again here, before spawning, all the same.
        try Budget.launch(options.effect, .effect(kind), capacity: options.capacity, names: .options(countGiven: options.count != nil))
        var rng = nextGenerator()
        let spawns = options.effect.launch(kind, around: rect, in: viewport, using: &rng)
        for spawn in spawns {
            try renderer.celebration.add(spawn, at: clock.time)
        }
        needsRedraw = true
        return spawns
    }

    /// Fires one confetti burst sized to the current window.
    @discardableResult
    package func fireBurst() throws -> [ConfettiParticle] {
        guard case .confetti(let pieces, _) = try launch(.confetti, around: button.frame).first else { return [] }
        return pieces
    }

    /// What a click on the button fires: two classic fireworks around it and confetti.
    @discardableResult
    package func celebrate() throws -> [Spawn] {
        try launch(.celebration, around: button.frame)
    }

    /// A fountain rising from the top of the button.
    @discardableResult
    package func fireFountain() throws -> [Spark] {
        guard case .sparks(let sparks, _) = try launch(.fountain, around: button.frame).first else { return [] }
        return sparks
    }

    /// A classic firework exploding at `point` (in points).
    @discardableResult
    package func fireFirework(at point: Point) throws -> [Spark] {
        try Budget.launch(options.effect, .firework, capacity: options.capacity)
        var rng = nextGenerator()
        let firework = options.effect.fireworks.firework
        let sparks = firework.sparks(at: point, using: &rng)
        try renderer.celebration.add(.sparks(sparks, firework.timing), at: clock.time)
        needsRedraw = true
        return sparks
    }

    /// A click at `point`: on the button it celebrates, elsewhere it fires a firework there.
    package func click(at point: Point) throws {
        if button.frame.contains(point) {
            try celebrate()
        } else {
            try fireFirework(at: point)
        }
    }

    /// Draws the current time into the window's back buffer (not yet shown).
    @discardableResult
    package func renderFrame() -> FrameStats {
        let (w, h) = window.framebufferSize
        guard w > 0, h > 0 else { return FrameStats() }  // minimised
        epoxy_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        epoxy_glViewport(0, 0, GLsizei(w), GLsizei(h))
        renderer.button = button
        lastFrame = renderer.render(at: clock.time, viewport: viewport, pixelsPerPoint: window.pixelsPerPoint)
        if options.showsHUD {
            if hudText.isEmpty { hudText = status(lastRate).joined(separator: "  ") }
            hud.draw(hudPanel, viewport: viewport, pixelsPerPoint: window.pixelsPerPoint)
        }
        framesDrawn += 1
        return lastFrame
    }

    /// Points per font pixel of the HUD: 14 pt letters, 28 pixels tall at a content scale of 2.
    package static let hudScale = 2.0

    /// Whether the HUD is drawn (H toggles it).
    package var showsHUD: Bool { options.showsHUD }

    /// The HUD's panel in the top-left corner, sized to its text.
    package var hudPanel: CelebrateButton {
        let text = hud.labelSize(hudText)
        var panel = CelebrateButton(frame: Rect(x: 8, y: 8, width: (text.width + 16).rounded(), height: (text.height + 12).rounded()))
        panel.cornerRadius = 6
        panel.label = hudText
        panel.fill = RGB(0.12, 0.13, 0.17)
        panel.text = RGB(0.92, 0.93, 0.96)
        return panel
    }

    /// The HUD's one line: fps, frame time, live particles, speed, paused time, effect.
    /// The status line: the HUD shows it, the title bar too with any refusal after it. One
    /// list, so the two say the same in the same words.
    private func status(_ rate: FrameRateMeter.Summary?) -> [String] {
        var parts = rate.map { [String(format: "%.0f fps", $0.fps), String(format: "%.2f ms", $0.milliseconds)] } ?? ["idle"]
        parts.append("\(renderer.celebration.liveParticles(at: clock.time)) live")
        parts.append("×" + clock.speed.compactText)
        if let level = options.stress { parts.append("stress \(level)") }
        if isEmitting { parts.append("emitting") }
        if options.reducedMotion { parts.append("reduced motion") }
        if clock.isPaused { parts.append(String(format: "paused at %.3f s", clock.time)) }
        parts.append(options.effectName)
        return parts
    }

    /// The back buffer as drawn by the last `renderFrame`, top row first.
    package func readBackBuffer() throws -> RGBAImage {
        let (w, h) = window.framebufferSize
        epoxy_glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), 0)
        epoxy_glReadBuffer(GLenum(GL_BACK))
        return try RGBAImage.readFramebuffer(width: w, height: h)
    }

    /// Writes the back buffer as drawn by the last `renderFrame` to the next free
    /// `confetti-NNNN.png` in the screenshot directory, and returns its path.
    @discardableResult
    package func saveScreenshot() throws -> String {
        let image = try readBackBuffer()
        try FileManager.default.createDirectory(atPath: options.screenshotDirectory, withIntermediateDirectories: true)
        var n = 1
        var path: String
        repeat {
            path = URL(fileURLWithPath: options.screenshotDirectory).appendingPathComponent(String(format: "confetti-%04d.png", n)).standardizedFileURL.path
            n += 1
        } while FileManager.default.fileExists(atPath: path)
        try PNGFile.write(image, to: path)
        return path
    }

    package func advance(wall seconds: Double) {
        clock.advance(wall: seconds)
    }

    /// Applies one input event. Returns false when it asks to quit. Input that cannot be
    /// carried out (a stress level, burst or click that does not fit, or that GL refuses) is
    /// refused in the title and on stderr, and the viewer goes on: nothing the user does in
    /// the window ends it but Esc, Q or closing it.
    @discardableResult
    package func handle(_ event: WindowEvent) -> Bool {
        needsRedraw = true
        switch event {
        case .refresh:
            break
        case .click(let x, let y):
            attempt("the click") { try click(at: Point(x, y)) }
        case .character(let c):
            switch c {
            case "+", "=": clock.speedUp()
            case "-", "_": clock.slowDown()
            default: break
            }
        case .key(let key, let repeated):
            switch Int32(key) {
            case GLFW_KEY_SPACE where !repeated: attempt("the burst") { try fireBurst() }
            case GLFW_KEY_F where !repeated: attempt("the fountain") { try fireFountain() }
            case GLFW_KEY_P where !repeated: clock.isPaused.toggle()
            case GLFW_KEY_LEFT where clock.isPaused: clock.step(-1)
            case GLFW_KEY_RIGHT where clock.isPaused: clock.step(1)
            case GLFW_KEY_KP_ADD: clock.speedUp()
            case GLFW_KEY_KP_SUBTRACT: clock.slowDown()
            case GLFW_KEY_R: renderer.celebration.removeAll()
            case GLFW_KEY_S where !repeated: screenshotRequested = true
            case GLFW_KEY_H where !repeated: options.showsHUD.toggle()
            case GLFW_KEY_1...GLFW_KEY_6 where !repeated:
                let n = Int(Int32(key) - GLFW_KEY_1)
                let level = Self.stressLevels[n]
                attempt("stress \(level)") { try setStress(level, source: "key \(n + 1) (stress \(Budget.format(level)))") }
            case GLFW_KEY_0 where !repeated: stress = nil
            case GLFW_KEY_E where !repeated: toggleEmitter()
            case GLFW_KEY_N where !repeated: attempt("the next preset") { try switchPreset(by: 1) }
            case GLFW_KEY_B where !repeated: attempt("the previous preset") { try switchPreset(by: -1) }
            case GLFW_KEY_ENTER where !repeated, GLFW_KEY_KP_ENTER where !repeated: attempt("the effect") { try fireEffect() }
            case GLFW_KEY_ESCAPE, GLFW_KEY_Q:
                window.shouldClose = true
                return false
            default: break
            }
        }
        return true
    }

    /// Runs one input's action; a failure is refused (title and stderr), not thrown.
    private func attempt(_ what: String, _ action: () throws -> Void) {
        do {
            try action()
            if refusal != nil {
                refusal = nil
                updateTitle()
            }
        } catch {
            refuse(what, error)
        }
    }

    /// Stress mode at `level`, if the ring can hold it with this effect's lifetime.
    package func setStress(_ level: Int, source: String? = nil) throws {
        let source = source ?? "stress \(Budget.format(level))"
        try Budget.stress(level, source: source, lifetime: options.effect.confetti.physics.lifetime, capacity: options.capacity)
        stress = level
        stressSource = source
    }

    /// Fires the stress bursts due by now. Called once a frame.
    package func feedStress() throws {
        guard let level = options.stress, !clock.isPaused else { return }
        let lifetime = options.effect.confetti.physics.lifetime
        try Budget.stress(level, source: "stress \(Budget.format(level))", lifetime: lifetime, capacity: options.capacity)
        let schedule = StressSchedule(level: level, lifetime: lifetime)
        var run = stressRun ?? (schedule, clock.time, schedule.firstBurstWhenFull)
        // A reloaded lifetime changes the interval: go on from now with the new schedule.
        if run.schedule != schedule { run = (schedule, clock.time, 0) }
        // After stepping back in time, start again from now rather than catch up.
        if run.start + schedule.launchTime(ofBurst: run.next) > clock.time + schedule.interval { run = (schedule, clock.time, 0) }
        stressRun = run
        while run.start + schedule.launchTime(ofBurst: run.next) <= clock.time {
            let epoch = run.start + schedule.launchTime(ofBurst: run.next)
            let pieces = schedule.size(ofBurst: run.next)
            run.next += 1
            stressRun = run
            // A burst already over (after a long stall) would never be seen: not spawned.
            guard clock.time - epoch < lifetime, pieces > 0 else { continue }
            var burst = options.effect.confetti
            burst.count = pieces
            var rng = nextGenerator()
            try renderer.celebration.add(.confetti(burst.spawn(in: viewport, using: &rng), burst.physics), at: epoch)
        }
    }

    /// Whether the next frame differs from the last one without any input: something is alive
    /// or about to appear, or bursts are fired hands-free, and the clock runs.
    package var isAnimating: Bool {
        !clock.isPaused && (options.stress != nil || options.fireEvery != nil || isEmitting || !renderer.celebration.isIdle(at: clock.time))
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
            let wall = now - previous
            previous = now
            clock.advance(wall: wall)
            for event in events {
                handle(event)
            }
            if let every = options.fireEvery, !clock.isPaused, clock.time >= nextAutoFire {
                attempt("the burst of --fire-every") { try fireBurst() }
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
                nextEmitterChunk = nil
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
            if screenshotRequested {
                screenshotRequested = false
                do {
                    print("screenshot: \(try saveScreenshot())")
                } catch {
                    notice("screenshot failed: " + Self.oneLine("\(error)"))
                }
            }
            window.swapBuffers()
            times.record(seconds: wall, live: lastFrame.instances)
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

    private func updateTitle() {
        let line = status(lastRate)
        let problems = [reloadError.map { "reload failed: " + Self.oneLine($0) }, refusal].compactMap { $0 }
        let text = "confetti — " + (line + problems).joined(separator: " · ")
        if window.title != text { window.title = text }
        hudText = line.joined(separator: "  ")
    }

    // MARK: The continuous emitter (E) and preset switching (N, B, Enter)

    /// Seconds of stream each emitter chunk holds; a chunk starts where the last one ended.
    package static let emitterChunk = 0.5

    /// Whether the continuous emitter is on.
    package var isEmitting: Bool { nextEmitterChunk != nil }

    /// E: starts the emitter now, or stops it (what it launched plays out).
    package func toggleEmitter() {
        nextEmitterChunk = isEmitting ? nil : clock.time
        updateTitle()
    }

    /// The stream the emitter repeats in chunks: the effect's own when it is a stream (a
    /// rate above 0), else the rain preset's.
    package var emitterBurst: ConfettiBurst {
        let rain = options.reducedMotion ? Effect.rain.reducedMotion : Effect.rain
        var burst = options.effect.confetti.emission.rate > 0 ? options.effect.confetti : rain.confetti
        burst.emission.duration = Self.emitterChunk
        return burst
    }

    /// Launches the emitter's chunks due by now, each born where the last one ended, so the
    /// births run on without a gap. Called once a frame; the ring reuses the places of the dead.
    package func feedEmitter() throws {
        guard var next = nextEmitterChunk, !clock.isPaused else { return }
        // After stepping back in time, start again from now rather than catch up.
        if next > clock.time + Self.emitterChunk { next = clock.time }
        let burst = emitterBurst
        try Budget.launch(Effect(kind: .confetti, confetti: burst), .effect(.confetti), capacity: options.capacity)
        while clock.time >= next {
            var rng = nextGenerator()
            try renderer.celebration.add(.confetti(burst.spawn(in: viewport, using: &rng), burst.physics), at: next)
            next += Self.emitterChunk
        }
        nextEmitterChunk = next
    }

    /// N and B: the next or previous built-in preset (`Effect.presets`, wrapping round) becomes
    /// the effect the keys fire, and is fired once. The HUD names it.
    package func switchPreset(by step: Int) throws {
        let presets = Effect.presets
        let current = presets.firstIndex { $0.name == options.effectName } ?? (step > 0 ? -1 : 0)
        let index = ((current + step) % presets.count + presets.count) % presets.count
        var fresh = options
        fresh.effect = options.reducedMotion ? presets[index].effect.reducedMotion : presets[index].effect
        if let count = options.count { fresh.effect.confetti.count = count }
        try Self.check(fresh, stressSource: stressSource)
        options.effect = fresh.effect
        options.effectName = presets[index].name
        // A preset replaces the watched file.
        options.effectFile = nil
        effectWatcher = nil
        updateTitle()
        try fireEffect()
    }

    /// Enter: one launch of the effect's own kind (a rocket, rain, a celebration, …).
    @discardableResult
    package func fireEffect() throws -> [Spawn] {
        try launch(options.effect.kind, around: button.frame)
    }

    /// The effect's name as the HUD and title show it.
    package var effectName: String { options.effectName }

    package func close() {
        renderer.delete()
        hud.delete()
        window.close()
    }
}

extension FrameTimeSample {
    /// What `--quit-after` prints: frames drawn, median and p95 frame time, and the live
    /// particles of those frames (median, least, most).
    package var summary: String {
        String(format: "%d frames, median %.2f ms, p95 %.2f ms, live median %d (min %d, max %d)",
               frames, 1000 * percentile(0.5), 1000 * percentile(0.95), livePercentile(0.5), minLive, maxLive)
    }
}

/// Averages frame times over half-second windows for the HUD.
struct FrameRateMeter {
    struct Summary {
        var fps: Double
        var milliseconds: Double
    }

    private var frames = 0
    private var seconds = 0.0
    private var lastReport = 0.0

    mutating func record(frameSeconds: Double, at now: Double) -> Summary? {
        frames += 1
        seconds += frameSeconds
        guard now - lastReport >= 0.5, frames > 0, seconds > 0 else { return nil }
        defer {
            frames = 0
            seconds = 0
            lastReport = now
        }
        return Summary(fps: Double(frames) / seconds, milliseconds: 1000 * seconds / Double(frames))
    }
}
