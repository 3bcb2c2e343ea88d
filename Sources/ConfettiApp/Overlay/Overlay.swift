@preconcurrency import CEpoxy
import CGLFW
import ConfettiCore
import ConfettiGL
import FoundationEssentials
import Glibc

/// `confetti overlay`: one effect played over the whole desktop, then gone.
///
/// Drawn on surfaces that never take focus or input (`OverlaySurfaces`: clicks and keys go to
/// the windows beneath), one per output, each showing its part of the desktop layout
/// (`DesktopView`), drawn by the frame composer every front end shares (`SceneRenderer`). Each
/// framebuffer is cleared to alpha 0 and the particles are blended over it premultiplied, so a
/// compositing manager shows the desktop through everywhere but the particles. With `opaque`,
/// it clears to the viewer's background instead, which needs no compositing manager.
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
        /// Particles each ring holds, instead of what `effect` needs (the resident overlay's budget).
        package var capacity: Int?
        /// Where each launch bursts (`--at`, `--output`); by default the middle of the first output.
        package var place = LaunchPlace()

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

    /// The surfaces it draws on: one per output of the desktop (`OverlayDesktop`).
    package let surfaces: any OverlaySurfaces
    /// Draws each output's frame: no button, its glow per framebuffer (`SceneRenderer`).
    private let scene: SceneRenderer
    package var celebration: Celebration { scene.celebration }
    private let options: Options
    /// What the launches sound like, on a thread of its own (nil: muted).
    private var sound: SoundOutput?
    /// The desktop layout the launches alive were spawned in.
    package private(set) var view: DesktopView

    package init(options: Options) throws {
        HeapTrimming.keepFreedMemory()
        self.options = options
        firstFrameWait = try Self.firstFrameWait()
        var surfaceOptions = OverlaySurfaceOptions()
        surfaceOptions.transparent = !options.opaque
        surfaceOptions.vsync = options.vsync
        surfaces = try OverlayDesktop.surfaces(surfaceOptions)
        do {
            guard let layout = surfaces.outputs.layoutBounds else {
                throw GLFailure("the display reports no monitor to cover")
            }
            view = DesktopView(layout: layout)
            // An output the desktop does not have is refused before anything is shown.
            _ = try options.place.centre(among: surfaces.outputs)
            let shaders = try ShaderLibrary.resolve(options.shaderDirectory)
            // The capacity is worked out for the effect, so no launch overwrites a live one.
            scene = try SceneRenderer(shaders: shaders, capacity: options.capacity ?? Self.capacity(for: options.effect, fireEvery: options.fireEvery),
                                      seed: options.seed, drawsButtons: false, overwriteAdvice: nil)
            scene.celebration.tracksDamage = true
            scene.timesGPU = false
            scene.transparent = !options.opaque
            // Built now, so a shader that does not build is refused before anything is shown.
            if !options.opaque { try scene.buildRectangleFill() }
            try scene.glow(options.effect.bloom)
        } catch {
            surfaces.close()
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

    /// One launch of the effect at `now`, at its place in the desktop's layout as it is now
    /// (`following`).
    private func fire(at now: Double) throws {
        let launched = try launch(options.effect, at: now, on: placement(for: options.place))
        sound?.add(launched.sounds)
    }

    /// Where a launch placed at `place` plays among the outputs the desktop has now
    /// (`LaunchPlace.placement`); an output it does not have is refused.
    package func placement(for place: LaunchPlace) throws -> LaunchPlace.Placement {
        guard let placement = try place.placement(among: surfaces.outputs) else {
            throw GLFailure("the display reports no monitor to cover")
        }
        return placement
    }

    /// One launch of `effect` at `now`, played on `placement`'s output: spawned as on a screen of
    /// that output's size, so it fills that output alone, whatever else the desktop has, then
    /// moved to where the output is in the view. With `seed`, the launch that seed gives
    /// (`Celebration.fire`), else the celebration's next. Returns it, its sounds on the clock
    /// of `now`, for the caller to play.
    package func launch(_ effect: Effect, at now: Double, on placement: LaunchPlace.Placement, seed: UInt64? = nil) throws -> Launch {
        view = view.following(surfaces.outputs, alive: !celebration.isIdle(at: now))
        return try celebration.fire(effect, at: now, in: placement.viewport, around: placement.button, movedBy: view.viewPoint(placement.origin), seed: seed)
    }

    /// How long the effect waits for its first frame shown, in seconds: a desktop that never
    /// configures or shows the surfaces gets a notice, and the effect's clock starts then, so
    /// it still ends. `$CONFETTI_FIRST_FRAME_WAIT` gives another wait, for a desktop slower than
    /// this to show a window (and for the tests that hold the compositor).
    package static let defaultFirstFrameWait = 10.0

    /// `$CONFETTI_FIRST_FRAME_WAIT` if set (a positive number of seconds), else the default.
    package static func firstFrameWait(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> Double {
        guard let text = environment["CONFETTI_FIRST_FRAME_WAIT"], !text.isEmpty else { return defaultFirstFrameWait }
        guard let seconds = Double(text), seconds.isFinite, seconds > 0 else {
            throw OptionRefusal("$CONFETTI_FIRST_FRAME_WAIT is '\(text)': it is how many seconds the overlay waits for the desktop to show it, a positive number (default \(defaultFirstFrameWait.compactText))")
        }
        return seconds
    }
    private let firstFrameWait: Double

    /// Shows the window, plays the effect from its first frame drawn (once, or every `fireEvery`
    /// seconds) and returns when its last particle has died and its last sound ended, the window
    /// was closed, or a stop signal arrived.
    package func run() throws -> Report {
        try surfaces.show()
        if !options.muted {
            sound = SoundOutput(muted: false, name: "overlay")
        }
        defer { sound?.stop() }
        // The effect's clock stands at 0 until a surface can be drawn (configured, and shown by
        // the desktop: a window's transparent first buffer must be done first). A busy
        // compositor may take seconds for that; the celebration is not spent before it is seen.
        let shown = monotonicSeconds()
        var start: Double?
        try fire(at: 0)
        var nextFire = options.fireEvery
        var report = Report(ending: .finished, frames: 0, seconds: 0)
        while true {
            if let signal = StopSignals.pending {
                report.ending = .stopped(signal: signal)
                break
            }
            // Returns at once when a surface's frame is due, else when the desktop has news.
            try surfaces.dispatch(waitingUpTo: 0.05)
            if start == nil, monotonicSeconds() - shown >= firstFrameWait {
                StandardStream.error("confetti: the desktop showed no frame of the overlay within \(firstFrameWait.compactText) s; the effect plays from now\n")
                start = monotonicSeconds()
            }
            let now = start.map { monotonicSeconds() - $0 } ?? 0
            report.seconds = now
            if start != nil {
                sound?.follow(time: now, speed: 1, paused: false, at: monotonicSeconds())
            }
            if let next = nextFire, now >= next {
                try fire(at: now)
                nextFire = now + options.fireEvery!
            }
            // Its sound is let finish too: a shell's boom outlasts nothing on screen by much, but
            // it is heard after it is seen.
            if surfaces.isClosed || nextFire == nil && celebration.isIdle(at: now) && sound?.isSounding(at: now) != true { break }
            var drew = false
            try surfaces.drawDue { output, frame in
                if start == nil { start = monotonicSeconds() }
                drew = true
                return try drawFrame(at: now, on: output, frame: frame)
            }
            guard drew else { continue }
            report.frames += 1
            if report.frames == 1 { report.firstFrameAfterStart = ProcessClock.secondsSinceStart() }
        }
        return report
    }

    /// One output's frame: its part of the desktop view, with the glow `bloom` when it is on
    /// (default: the effect's). Returns what changed since that output's frame before, as runs
    /// of pixels of its framebuffer (nil: all of it): the desktop is told a few rectangles that
    /// cover them (`CompositorDamage.cover`), and a copy of the frame elsewhere needs only them.
    ///
    /// Only what can differ from the buffer being drawn is cleared: the cells the pieces can
    /// touch now and those they could touch when that buffer was last drawn
    /// (`frame.bufferAge` frames ago), each from the launches' footprints (`Celebration.cells`).
    /// Outside them the buffer already holds this frame, the clear colour, and no piece is
    /// drawn there (`FootprintTests`). With the glow on, the frame is drawn whole (its passes
    /// blur the whole framebuffer), but the desktop is still told only what changed.
    @discardableResult
    package func drawFrame(at now: Double, on output: DesktopOutput, frame: SurfaceFrame, bloom: Bloom? = nil) throws -> [PixelRect]? {
        let bloom = bloom ?? options.effect.bloom
        let (w, h) = (frame.pixelsWide, frame.pixelsHigh)
        let view = self.view, pixelsPerPoint = view.pixelsPerPoint(on: output, pixelsWide: w)
        let current = celebration.cells(at: now)
        var history = shownCells[frame.surface].flatMap { $0.size == (w, h) ? $0.frames : nil } ?? []
        // What the buffer still holds: the pieces of the frame it was, when this drew it.
        let held = frame.bufferAge > 0 ? history.first { $0.number == frame.number - frame.bufferAge } : nil
        let previous = history.last.flatMap { $0.number == frame.number - 1 ? $0 : nil }
        let glow = bloom.isEnabled ? bloom.radius : 0
        // The runs of cells are cleared together (`SceneRenderer`'s `RectFill`: in place in the
        // shm presenter's texture, else in one draw), so no pixel the pieces cannot touch is
        // cleared. A buffer one frame old (the presenters' always) is cleared where the frame changed.
        func rects(_ other: (number: Int, cells: [Int]?)?) -> [PixelRect]? {
            guard let current, let cells = other?.cells else { return nil }
            return damageRects(Cells.union(current, cells), on: output, frame: frame, glowPoints: glow)
        }
        let changed = rects(previous)
        let cleared = bloom.isEnabled ? nil : held?.number == previous?.number ? changed : rects(held)
        history.append((frame.number, current))
        shownCells[frame.surface] = (size: (w, h), frames: Array(history.suffix(Self.keptFrames)))
        // Over a transparent framebuffer the glow keeps the frame premultiplied: it lights the
        // desktop beneath and covers it as much (BloomPass).
        try scene.glow(bloom)
        let v = view.glViewport(on: output, pixelsWide: w, pixelsHigh: h)
        scene.render(at: now, viewport: view.viewport, pixelsPerPoint: pixelsPerPoint,
                     placement: SceneRenderer.Placement(pixelsWide: w, pixelsHigh: h, viewport: PixelRect(x: v.x, y: v.y, width: v.width, height: v.height),
                                                        cleared: cleared))
        if let failure = scene.takeBloomFailure() { throw failure }
        return changed
    }

    /// Frames of each surface whose pieces' rectangles are kept: a buffer older than this is drawn whole.
    private static let keptFrames = 4
    /// Per surface, its framebuffer's size and the cells its pieces could touch in its last
    /// frames (`SurfaceFrame.number`; nil: anywhere), oldest first.
    private var shownCells: [Int: (size: (Int, Int), frames: [(number: Int, cells: [Int]?)])] = [:]

    /// Where pieces in `cells` (keys of `Cells` of the view, in order, as `Celebration.cells`
    /// gives them) are drawn on `output`'s framebuffer: each run of cells along a row as one
    /// rectangle (`damageRect`), continued down the rows below while they hold a run of the
    /// same columns (a piece touches a square of cells), empty ones left out.
    package func damageRects(_ cells: [Int], on output: DesktopOutput, frame: SurfaceFrame, glowPoints: Double) -> [PixelRect] {
        var runs: [(firstRow: Int, lastRow: Int, first: Int, last: Int)] = []
        // The run of each span of columns (first, last) last seen: continued by one just below it.
        var bySpan: [SIMD2<Int>: Int] = [:]
        var run: (row: Int, first: Int, last: Int)?
        func flush() {
            guard let run else { return }
            let span = SIMD2(run.first, run.last)
            if let index = bySpan[span], runs[index].lastRow == run.row - 1 {
                runs[index].lastRow = run.row
            } else {
                bySpan[span] = runs.count
                runs.append((run.row, run.row, run.first, run.last))
            }
        }
        for key in cells {
            let row = Cells.row(key), column = Cells.column(key)
            if let current = run, current.row == row, current.last + 1 == column {
                run!.last = column
            } else {
                flush()
                run = (row, column, column)
            }
        }
        flush()
        return runs.compactMap { run in
            let box = Footprint.Box(minX: Double(run.first) * Cells.size, minY: Double(run.firstRow) * Cells.size,
                                    maxX: Double(run.last + 1) * Cells.size, maxY: Double(run.lastRow + 1) * Cells.size)
            let rect = damageRect(box, on: output, frame: frame, glowPoints: glowPoints)
            return rect.isEmpty ? nil : rect
        }
    }

    /// Where the pieces inside `bounds` (pt of the view) are drawn on `output`'s framebuffer:
    /// grown by two pixels for the antialiased edge at any scale and by twice the glow's reach
    /// (`Bloom.radius` is three standard deviations), rounded out, clipped to the framebuffer.
    package func damageRect(_ bounds: Footprint.Box, on output: DesktopOutput, frame: SurfaceFrame, glowPoints: Double) -> PixelRect {
        let v = view.glViewport(on: output, pixelsWide: frame.pixelsWide, pixelsHigh: frame.pixelsHigh)
        let sx = Double(v.width) / view.layout.width, sy = Double(v.height) / view.layout.height
        let pad = 2 + 2 * glowPoints * max(sx, sy)
        let left = Double(v.x) + bounds.minX * sx - pad, right = Double(v.x) + bounds.maxX * sx + pad
        let bottom = Double(v.y + v.height) - bounds.maxY * sy - pad, top = Double(v.y + v.height) - bounds.minY * sy + pad
        guard left.isFinite, right.isFinite, bottom.isFinite, top.isFinite else { return frame.whole }
        let x0 = max(0, min(Double(frame.pixelsWide), left.rounded(.down))), x1 = max(0, min(Double(frame.pixelsWide), right.rounded(.up)))
        let y0 = max(0, min(Double(frame.pixelsHigh), bottom.rounded(.down))), y1 = max(0, min(Double(frame.pixelsHigh), top.rounded(.up)))
        return PixelRect(x: Int(x0), y: Int(y0), width: Int(x1 - x0), height: Int(y1 - y0))
    }

    package func close() {
        scene.delete()
        surfaces.close()
    }
}
