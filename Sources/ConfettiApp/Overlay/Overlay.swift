@preconcurrency import CEpoxy
import CGLFW
import ConfettiCore
import ConfettiGL
import FoundationEssentials
import Glibc

/// `confetti overlay`: one effect played over the whole desktop, then gone.
///
/// A borderless, always-on-top window the size of the primary monitor that never takes focus
/// or input: clicks and keys go to the windows beneath. Its framebuffer is cleared to alpha 0
/// and the particles are blended over it premultiplied, so a compositing manager shows the
/// desktop through everywhere but the particles. With `opaque`, it clears to the viewer's
/// background instead, which needs no compositing manager.
package final class Overlay {
    package struct Options: Sendable {
        package var effect = Effect.celebration
        package var seed: UInt64 = 1
        package var opaque = false
        package var vsync = true
        package var shaderDirectory: String?
        /// Fire the effect again every this many seconds until stopped, instead of once.
        package var fireEvery: Double?
        /// No sound (`--mute`).
        package var muted = false

        package init() {}
    }

    package enum Ending: Equatable, Sendable {
        /// The last particle died (or the window was closed).
        case finished
        /// SIGINT, SIGTERM or SIGHUP arrived (see `StopSignals`).
        case stopped(signal: Int32)
    }

    package struct Report: Sendable {
        package var ending: Ending
        package var frames: Int
        /// From the launch to the end.
        package var seconds: Double
        /// From the start of the process to the first frame on screen.
        package var firstFrameAfterStart: Double?
    }

    package let window: GLFWWindow
    package let celebration: Celebration
    /// The glow over the particles, when the effect has it on (`--bloom`).
    private var bloomPass: BloomPass?
    private let options: Options
    /// What the launches sound like, on a thread of its own (nil: muted).
    private var sound: SoundOutput?

    package init(options: Options) throws {
        HeapTrimming.keepFreedMemory()
        self.options = options
        try GLFWWindow.initialize()
        // X11 needs a compositing manager to show a window's alpha; Wayland compositors always do.
        if !options.opaque, GLFWPlatform.loaded == .x11, let display = GLFWPlatform.display,
           !X11Desktop.hasCompositingManager(display) {
            let name = X11Desktop.name(display)
            glfwTerminate()
            throw GLFailure("no compositing manager is running on display \(name), so a transparent overlay cannot be shown: start one (xcompmgr, picom, or a desktop's own), or pass --opaque to draw over a plain background")
        }
        guard let screen = GLFWWindow.primaryMonitorArea() else {
            glfwTerminate()
            throw GLFailure("the display reports no monitor to cover")
        }
        window = try GLFWWindow(width: screen.width, height: screen.height, title: "confetti overlay",
                                vsync: options.vsync, style: .overlay(transparent: !options.opaque))
        do {
            if !options.opaque, !window.isTransparent {
                throw GLFailure("the display offers no visual with an alpha channel for a transparent window (an X server needs the Composite extension: Xvfb +extension Composite); pass --opaque to draw over a plain background")
            }
            try window.makeClickThrough()
            window.move(toX: screen.x, y: screen.y)
            let shaders = try ShaderLibrary.resolve(options.shaderDirectory)
            celebration = try Celebration(capacity: Self.capacity(for: options.effect, fireEvery: options.fireEvery), shaders: shaders, seed: options.seed)
            if options.effect.bloom.isEnabled { bloomPass = try BloomPass(shaders: shaders) }
        } catch {
            window.close()
            throw error
        }
    }

    /// Enough room in each ring for the launches of `effect` alive at once (one, or one every
    /// `fireEvery` seconds), so no launch ever overwrites a live one.
    package static func capacity(for effect: Effect, fireEvery: Double? = nil) -> Int {
        // In floating point, then capped: an effect of hours fired every hundredth of a second
        // asks for more than an Int holds, which the budget then refuses by its size.
        let kind = effect.kind.definition
        let alive = fireEvery.map { (kind.seconds(effect) / $0).rounded(.down) + 1 } ?? 1
        let total = Double(kind.capacity(effect)) * alive
        return total.isFinite && total < Double(Int.max / 2) ? Int(total) : Int.max / 2
    }

    /// The drawing area in points.
    package var viewport: Size {
        let (w, h) = window.framebufferSize
        let scale = window.pixelsPerPoint
        return Size(width: Double(max(w, 1)) / scale, height: Double(max(h, 1)) / scale)
    }

    /// Shows the window, plays the effect from now (once, or every `fireEvery` seconds) and
    /// returns when its last particle has died and its last sound ended, the window was closed, or
    /// a stop signal arrived.
    package func run() throws -> Report {
        window.show()
        if !options.muted {
            let sound = SoundOutput(muted: false, name: "overlay")
            celebration.heard = { sound.add($0) }
            self.sound = sound
        }
        defer { sound?.stop() }
        let start = GLFWWindow.time
        try celebration.fire(options.effect, at: 0, in: viewport)
        var nextFire = options.fireEvery
        var report = Report(ending: .finished, frames: 0, seconds: 0)
        while true {
            if let signal = StopSignals.pending {
                report.ending = .stopped(signal: signal)
                break
            }
            _ = window.pollEvents()
            let now = GLFWWindow.time - start
            report.seconds = now
            sound?.follow(time: now, speed: 1, paused: false, at: SoundOutput.now())
            if let next = nextFire, now >= next {
                try celebration.fire(options.effect, at: now, in: viewport)
                nextFire = now + options.fireEvery!
            }
            // Its sound is let finish too: a shell's boom outlasts nothing on screen by much, but
            // it is heard after it is seen.
            if window.shouldClose || nextFire == nil && celebration.isIdle(at: now) && sound?.isSounding(at: now) != true { break }
            try drawFrame(at: now)
            window.swapBuffers()
            report.frames += 1
            if report.frames == 1 { report.firstFrameAfterStart = ProcessClock.secondsSinceStart() }
        }
        return report
    }

    private func drawFrame(at now: Double) throws {
        let (w, h) = window.framebufferSize
        guard w > 0, h > 0 else { return }
        epoxy_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        epoxy_glViewport(0, 0, GLsizei(w), GLsizei(h))
        if options.opaque {
            clearFramebuffer(to: SceneRenderer.background)
        } else {
            // Alpha 0 everywhere: the compositor shows what is beneath.
            clearFramebufferToTransparent()
        }
        // Over a transparent framebuffer the glow keeps the frame premultiplied: it lights the
        // desktop beneath and covers it as much (BloomPass).
        let draw = { self.celebration.draw(at: now, viewport: self.viewport, pixelsPerPoint: self.window.pixelsPerPoint) }
        if let bloomPass {
            try bloomPass.apply(options.effect.bloom, pixelsPerPoint: window.pixelsPerPoint) { draw() }
        } else {
            draw()
        }
    }

    package func close() {
        bloomPass?.delete()
        celebration.delete()
        window.close()
    }
}
