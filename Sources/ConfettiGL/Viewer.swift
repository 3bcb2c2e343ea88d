@preconcurrency import CEpoxy
import CGLFW
import ConfettiCore
import Foundation

/// `confetti view`: a window with a Celebrate button that fires confetti and fireworks.
///
/// A click on the button celebrates (two classic fireworks around its corners and a confetti
/// burst); a click elsewhere fires a classic firework there; F fires a fountain above the
/// button; Space fires confetti. P pauses; ← → step while paused; - + change speed; R clears;
/// S saves a screenshot; 1–6 and 0 set stress mode; Esc or Q quits. The title bar is the HUD: fps, frame time, live particles.
public final class Viewer {
    public struct Options: Sendable {
        public var width = 1280
        public var height = 720
        public var confetti = ConfettiBurst.standard
        public var fireworks = FireworkLaunch.standard
        public var fountain = FountainFirework.standard
        public var capacity = ConfettiRenderer.defaultCapacity
        public var seed: UInt64 = 1
        public var vsync = true
        public var shaderDirectory: String?
        /// Fire a burst every this many seconds of animation time, without input.
        public var fireEvery: Double?
        /// Close after this many seconds of wall time and print frame statistics.
        public var quitAfter: Double?
        /// Keep about this many confetti pieces alive with continuous bursts.
        public var stress: Int?
        /// Where S writes screenshots.
        public var screenshotDirectory = "."
        /// An effect file to watch and reload when it changes.
        public var effectFile: String?
        /// Watch the shader files too (set when the user names a shader directory).
        public var watchShaders = false

        public init() {}
    }

    public let window: GLFWWindow
    public let renderer: SceneRenderer
    public private(set) var clock = SimulationClock()
    /// Launches so far; launch k draws from stream k of the seed.
    public private(set) var burstsFired = 0
    public private(set) var lastFrame = FrameStats()
    private var options: Options
    private var hud = FrameRateMeter()
    private var screenshotRequested = false
    private var effectWatcher: FileWatcher?
    private var shaderWatcher: FileWatcher?
    private var lastWatch = 0.0
    /// The last reload error, shown in the title until a reload succeeds.
    public private(set) var reloadError: String?
    private var nextStressBurst = 0.0

    /// Keys 1–6 in stress mode; 0 stops it.
    public static let stressLevels = [1_000, 10_000, 50_000, 100_000, 500_000, 1_000_000]
    /// A stress burst every tenth of a second: lifetime / interval = 15 bursts alive, so
    /// N/15 pieces each keep N alive, and the oldest has died before the ring needs its room.
    static let stressInterval = 0.1

    /// The stress level, if stress mode is on.
    public var stress: Int? {
        get { options.stress }
        set {
            options.stress = newValue
            nextStressBurst = clock.time
        }
    }

    public init(options: Options) throws {
        self.options = options
        window = try GLFWWindow(width: options.width, height: options.height, title: "confetti", vsync: options.vsync)
        let shaders: ShaderDirectory
        do {
            shaders = try ShaderDirectory.locate(options.shaderDirectory)
            renderer = try SceneRenderer(shaders: shaders, capacity: options.capacity)
        } catch {
            window.close()
            throw error
        }
        if let file = options.effectFile { effectWatcher = FileWatcher(paths: [file]) }
        if options.watchShaders {
            let names = ["confetti.vert.glsl", "confetti.frag.glsl", "spark.vert.glsl", "spark.frag.glsl", "button.vert.glsl", "button.frag.glsl"]
            shaderWatcher = FileWatcher(paths: names.map { shaders.file($0).path })
        }
    }

    /// Reloads the effect file and the shaders if they changed. A broken edit is reported
    /// (stderr and title) and the last good version keeps running.
    public func reloadChangedFiles() {
        if var watcher = effectWatcher, watcher.changed(), let file = options.effectFile {
            effectWatcher = watcher
            do {
                let effect = try Effect.load(file)
                options.confetti = effect.confetti
                options.fireworks = effect.fireworks
                options.fountain = effect.fountain
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
        FileHandle.standardError.write(Data("confetti: reloaded \(what)\n".utf8))
    }

    private func failedReload(_ error: any Error) {
        reloadError = "\(error)"
        FileHandle.standardError.write(Data("confetti: reload failed, keeping the last good version: \(error)\n".utf8))
    }

    /// Size of the drawing area in points.
    public var viewport: Size {
        let (w, h) = window.framebufferSize
        let scale = window.pixelsPerPoint
        return Size(width: Double(w) / scale, height: Double(h) / scale)
    }

    /// The button, in the middle of the window whatever its size.
    public var button: CelebrateButton { .centred(in: viewport) }

    private func nextGenerator() -> SeededGenerator {
        defer { burstsFired += 1 }
        return SeededGenerator(seed: options.seed, stream: UInt64(burstsFired))
    }

    private func launch(_ spawns: [Spawn]) throws -> [Spawn] {
        for spawn in spawns {
            try renderer.add(spawn, at: clock.time)
        }
        return spawns
    }

    private var show: Show {
        var show = Show(effect: .celebration, seed: options.seed)
        show.confetti = options.confetti
        show.fireworks = options.fireworks
        show.fountain = options.fountain
        return show
    }

    /// Fires one confetti burst sized to the current window.
    @discardableResult
    public func fireBurst() throws -> [ConfettiParticle] {
        var rng = nextGenerator()
        let particles = options.confetti.spawn(in: viewport, using: &rng)
        _ = try launch([.confetti(particles, options.confetti.physics)])
        return particles
    }

    /// What a click on the button fires: two classic fireworks around it and confetti.
    @discardableResult
    public func celebrate() throws -> [Spawn] {
        var rng = nextGenerator()
        return try launch(show.spawns(of: .celebration, around: button, in: viewport, using: &rng))
    }

    /// A fountain rising from the top of the button.
    @discardableResult
    public func fireFountain() throws -> [Spark] {
        var rng = nextGenerator()
        let sparks = options.fountain.sparks(above: button.frame, using: &rng)
        _ = try launch([.sparks(sparks, options.fountain.timing)])
        return sparks
    }

    /// A classic firework exploding at `point` (in points).
    @discardableResult
    public func fireFirework(at point: Point) throws -> [Spark] {
        var rng = nextGenerator()
        let sparks = options.fireworks.firework.sparks(at: point, using: &rng)
        _ = try launch([.sparks(sparks, options.fireworks.firework.timing)])
        return sparks
    }

    /// A click at `point`: on the button it celebrates, elsewhere it fires a firework there.
    public func click(at point: Point) throws {
        if button.frame.contains(point) {
            try celebrate()
        } else {
            try fireFirework(at: point)
        }
    }

    /// Draws the current time into the window's back buffer (not yet shown).
    @discardableResult
    public func renderFrame() -> FrameStats {
        let (w, h) = window.framebufferSize
        guard w > 0, h > 0 else { return FrameStats() }  // minimised
        epoxy_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        epoxy_glViewport(0, 0, GLsizei(w), GLsizei(h))
        renderer.button = button
        lastFrame = renderer.render(at: clock.time, viewport: viewport, pixelsPerPoint: window.pixelsPerPoint)
        return lastFrame
    }

    /// The back buffer as drawn by the last `renderFrame`, top row first.
    public func readBackBuffer() throws -> RGBAImage {
        let (w, h) = window.framebufferSize
        epoxy_glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), 0)
        epoxy_glReadBuffer(GLenum(GL_BACK))
        return try RGBAImage.readFramebuffer(width: w, height: h)
    }

    /// Writes the back buffer as drawn by the last `renderFrame` to the next free
    /// `confetti-NNNN.png` in the screenshot directory, and returns its path.
    @discardableResult
    public func saveScreenshot() throws -> String {
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

    public func advance(wall seconds: Double) {
        clock.advance(wall: seconds)
    }

    /// Applies one input event. Returns false when it asks to quit.
    @discardableResult
    public func handle(_ event: WindowEvent) throws -> Bool {
        switch event {
        case .click(let x, let y):
            try click(at: Point(x, y))
        case .character(let c):
            switch c {
            case "+", "=": clock.speedUp()
            case "-", "_": clock.slowDown()
            default: break
            }
        case .key(let key, let repeated):
            switch Int32(key) {
            case GLFW_KEY_SPACE where !repeated: try fireBurst()
            case GLFW_KEY_F where !repeated: try fireFountain()
            case GLFW_KEY_P where !repeated: clock.isPaused.toggle()
            case GLFW_KEY_LEFT where clock.isPaused: clock.step(-1)
            case GLFW_KEY_RIGHT where clock.isPaused: clock.step(1)
            case GLFW_KEY_KP_ADD: clock.speedUp()
            case GLFW_KEY_KP_SUBTRACT: clock.slowDown()
            case GLFW_KEY_R: renderer.removeAll()
            case GLFW_KEY_S where !repeated: screenshotRequested = true
            case GLFW_KEY_1...GLFW_KEY_6 where !repeated: stress = Self.stressLevels[Int(Int32(key) - GLFW_KEY_1)]
            case GLFW_KEY_0 where !repeated: stress = nil
            case GLFW_KEY_ESCAPE, GLFW_KEY_Q:
                window.shouldClose = true
                return false
            default: break
            }
        }
        return true
    }

    /// Fires the stress bursts due by now. Called once a frame.
    public func feedStress() throws {
        guard let level = options.stress, !clock.isPaused else { return }
        // After stepping back in time, start again from now rather than catch up.
        if nextStressBurst > clock.time + Self.stressInterval { nextStressBurst = clock.time }
        let perBurst = max(1, Int((Double(level) * Self.stressInterval / options.confetti.physics.lifetime).rounded()))
        while clock.time >= nextStressBurst {
            var burst = options.confetti
            burst.count = perBurst
            var rng = nextGenerator()
            try renderer.add(.confetti(burst.spawn(in: viewport, using: &rng), burst.physics), at: nextStressBurst)
            nextStressBurst += Self.stressInterval
        }
    }

    /// Runs until the window closes. Returns the frame statistics of the run.
    @discardableResult
    public func run() throws -> FrameTimes {
        let start = GLFWWindow.time
        var previous = start
        var nextAutoFire = clock.time
        var times = FrameTimes()
        while !window.shouldClose {
            if let limit = options.quitAfter, previous - start >= limit { break }
            if let every = options.fireEvery, !clock.isPaused, clock.time >= nextAutoFire {
                try fireBurst()
                nextAutoFire = clock.time + every
            }
            try feedStress()
            if previous - lastWatch >= 0.25 {
                lastWatch = previous
                reloadChangedFiles()
            }
            let minimised = window.framebufferSize.width == 0 || window.framebufferSize.height == 0
            for event in window.pollEvents(waiting: minimised ? 0.1 : nil) {
                try handle(event)
            }
            let now = GLFWWindow.time
            let wall = now - previous
            previous = now
            clock.advance(wall: wall)
            guard !minimised else { continue }
            renderFrame()
            if screenshotRequested {
                screenshotRequested = false
                do {
                    print("screenshot: \(try saveScreenshot())")
                } catch {
                    FileHandle.standardError.write(Data("confetti: screenshot failed: \(error)\n".utf8))
                }
            }
            window.swapBuffers()
            times.record(seconds: wall, live: lastFrame.instances)
            if let summary = hud.record(frameSeconds: wall, at: now) {
                window.title = title(summary)
            }
        }
        return times
    }

    private func title(_ rate: FrameRateMeter.Summary) -> String {
        var parts = [
            String(format: "%.0f fps", rate.fps),
            String(format: "%.2f ms", rate.milliseconds),
            "\(renderer.liveParticles(at: clock.time)) live",
        ]
        if let level = options.stress { parts.append("stress \(level)") }
        if clock.speed != 1 { parts.append(String(format: "×%g", clock.speed)) }
        if clock.isPaused { parts.append(String(format: "paused at %.3f s", clock.time)) }
        if let reloadError { parts.append("reload failed: " + (reloadError.split(separator: "\n").first.map(String.init) ?? "")) }
        return "confetti — " + parts.joined(separator: " · ")
    }

    public func close() {
        renderer.delete()
        window.close()
    }
}

/// Every frame's wall time in a run, for the summary `--quit-after` prints.
public struct FrameTimes: Sendable {
    public private(set) var seconds: [Double] = []
    public private(set) var live: [Int] = []

    mutating func record(seconds frame: Double, live count: Int) {
        seconds.append(frame)
        live.append(count)
    }

    public func percentile(_ p: Double) -> Double {
        guard !seconds.isEmpty else { return 0 }
        let sorted = seconds.sorted()
        return sorted[min(sorted.count - 1, Int(p * Double(sorted.count - 1)))]
    }

    public var summary: String {
        // The first frames include start-up; skip the first tenth.
        let skip = seconds.count / 10
        let steady = FrameTimes(seconds: Array(seconds.dropFirst(skip)), live: Array(live.dropFirst(skip)))
        let meanLive = steady.live.isEmpty ? 0 : steady.live.reduce(0, +) / steady.live.count
        return String(format: "%d frames, median %.2f ms, p95 %.2f ms, %d live on average",
                      seconds.count, 1000 * steady.percentile(0.5), 1000 * steady.percentile(0.95), meanLive)
    }

    init(seconds: [Double] = [], live: [Int] = []) {
        self.seconds = seconds
        self.live = live
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
