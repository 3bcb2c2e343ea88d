@preconcurrency import CEpoxy
import ConfettiCore
import ConfettiGL

/// What every front end draws, the one frame composer: a background, sparks behind the button,
/// the button, sparks in front of it, and confetti over all of it, with the glow around them.
///
/// The viewer and `render` draw a window's or a file's frame whole; the overlays draw each
/// output's part of the desktop view over nothing, clearing only what may have changed
/// (`Placement`).
package final class SceneRenderer {
    package let celebration: Celebration
    /// Draws the button; nil when the scene never has one (the overlays).
    package let buttons: ButtonRenderer?
    /// Drawn when set (and the scene has `buttons`).
    package var button: CelebrateButton?
    package var background = SceneRenderer.background
    /// Drawn over nothing instead of `background`: the frame is cleared to transparent black, so
    /// it holds the particles' premultiplied colour and their coverage as alpha (a clip with
    /// alpha, `render --transparent`, an overlay the compositor blends over the desktop).
    package var transparent = false
    /// GPU time of the particle passes of each frame (both sides), read back a few frames later.
    package let particleTimer = GPUTimer(intervals: 2)
    /// Whether the particles are timed on the GPU (`particleTimer`, `Celebration.timesDraws`):
    /// on for the viewer's report, off where nothing reads it (the overlays), as each timestamp
    /// costs the software rasteriser a pass over the whole framebuffer.
    package var timesGPU: Bool {
        get { particleTimer.isEnabled }
        set {
            particleTimer.isEnabled = newValue
            celebration.timesDraws = newValue
        }
    }
    /// The glow over the scene (`glow`); off unless turned on.
    package private(set) var bloom = Bloom.standard
    /// The glow's passes, each keeping targets of one size: one per size of the overlays'
    /// framebuffers (outputs of one size share it, and an output shown again finds it), and one
    /// for a window or a file (`windowPass`), whose targets follow its size. The first is built
    /// when the glow is first turned on.
    private var bloomPasses: [PassSize?: BloomPass] = [:]
    private struct PassSize: Hashable {
        var width, height: Int
    }
    private static let windowPass: PassSize? = nil
    /// Why the last frame that should have glowed did not (its targets could not be allocated):
    /// for the owner to report; cleared by `takeBloomFailure`.
    package private(set) var bloomFailure: (any Error)?

    /// Where a frame lands in the bound framebuffer and what of it is cleared, when it is not
    /// the whole of it (an overlay's output, which shows its own part of the desktop view).
    package struct Placement {
        /// The framebuffer's size in pixels: what the glow covers.
        package var pixelsWide, pixelsHigh: Int
        /// The GL viewport the scene's viewport is mapped onto (`DesktopView.glViewport`: it
        /// may reach past the framebuffer's edges, which clip it).
        package var viewport: PixelRect
        /// The rectangles cleared, those that may differ from what the buffer holds (nil: all
        /// of it). A frame with the glow is drawn whole: its passes blur the whole framebuffer.
        package var cleared: [PixelRect]?

        package init(pixelsWide: Int, pixelsHigh: Int, viewport: PixelRect, cleared: [PixelRect]?) {
            self.pixelsWide = pixelsWide
            self.pixelsHigh = pixelsHigh
            self.viewport = viewport
            self.cleared = cleared
        }
    }

    /// The window's background: a deep blue-black that every piece's colour stands out on.
    package static let background = RGB(0.055, 0.06, 0.09)

    /// `drawsButtons` false: a scene that never shows the button builds no program for it.
    /// `overwriteAdvice`: the option that makes room, said once when live particles start being
    /// overwritten (nil: not said, where the capacity is worked out for the effect).
    package init(shaders: ShaderLibrary, capacity: Int = Celebration.defaultCapacity, seed: UInt64 = 1,
                 drawsButtons: Bool = true, overwriteAdvice: String? = "raise --capacity to keep them") throws {
        celebration = try Celebration(capacity: capacity, shaders: shaders, seed: seed)
        if let overwriteAdvice { celebration.reportOverwrites(advice: overwriteAdvice) }
        do {
            buttons = drawsButtons ? try ButtonRenderer(shaders: shaders) : nil
        } catch {
            celebration.delete()
            throw error
        }
    }

    package func delete() {
        bloomPasses.values.forEach { $0.delete() }
        bloomPasses = [:]
        celebration.delete()
        particleTimer.delete()
        buttons?.delete()
        rectFill?.delete()
        rectFill = nil
    }

    /// The root file of every program the scene may build, from their owners: the particle
    /// kinds' (the registry, through `Celebration`), the glow's (`BloomPass`, which the viewer
    /// may turn on at any time) and the button's. What a shader directory must hold for a
    /// render (`ShaderLibrary.resolve(_:requiring:)`).
    package static var programFiles: [String] {
        Celebration.programFiles + BloomPass.programFiles + ButtonRenderer.programFiles + RectFill.programFiles
    }

    /// Rebuilds every program from its files. Each one that fails keeps its previous version;
    /// the first error is thrown after all have been tried.
    package func reloadShaders() throws {
        try reloadEach([celebration.reloadShaders] + (buttons.map { [$0.reloadShaders] } ?? []) + (rectFill.map { [$0.reloadShaders] } ?? [])
                       + bloomPasses.values.map { $0.reloadShaders })
    }

    /// Every shader file the programs were built from.
    package var shaderFiles: [String] {
        Array(Set(celebration.shaderFiles + (buttons?.program.files ?? []) + (rectFill?.program.files ?? []) + bloomPasses.values.flatMap(\.shaderFiles))).sorted()
    }

    /// The glow every frame from now on is drawn with; the pass is built (its shaders compiled)
    /// the first time it is turned on, which is what may throw.
    package func glow(_ bloom: Bloom) throws {
        if bloom.isEnabled, bloomPasses.isEmpty {
            bloomPasses[Self.windowPass] = try BloomPass(shaders: celebration.shaders)
        }
        self.bloom = bloom
    }

    /// The pass of a window's or a file's frame.
    package var bloomPass: BloomPass? { bloomPasses[Self.windowPass] }

    /// The pass for frames `placement` places (nil: a window's or a file's): its own, else the
    /// one `glow` built if it has not drawn yet (its targets are made at the size of its first
    /// frame), else a new one.
    private func bloomPass(for placement: Placement?) throws -> BloomPass {
        let size = placement.map { PassSize(width: $0.pixelsWide, height: $0.pixelsHigh) }
        if let pass = bloomPasses[size] { return pass }
        if let (unused, pass) = bloomPasses.first(where: { $0.value.targets == nil }) {
            bloomPasses[unused] = nil
            bloomPasses[size] = pass
            return pass
        }
        let pass = try BloomPass(shaders: celebration.shaders)
        bloomPasses[size] = pass
        return pass
    }

    /// The failure `render` kept, once.
    package func takeBloomFailure() -> (any Error)? {
        defer { bloomFailure = nil }
        return bloomFailure
    }

    /// Clears the bound framebuffer (or, with `placement`, the parts of it that may have
    /// changed) and draws the scene at `now` in it, with its glow when on (the frame without it
    /// if the glow's targets cannot be allocated: see `bloomFailure`).
    @discardableResult
    package func render(at now: Double, viewport: Size, pixelsPerPoint: Double, placement: Placement? = nil) -> FrameStats {
        if let placement { setGLViewport(0, 0, GLsizei(placement.pixelsWide), GLsizei(placement.pixelsHigh)) }
        let draw = {
            if let v = placement?.viewport { setGLViewport(GLint(v.x), GLint(v.y), GLsizei(v.width), GLsizei(v.height)) }
            return self.drawScene(at: now, viewport: viewport, pixelsPerPoint: pixelsPerPoint)
        }
        guard bloom.isEnabled else {
            clear(placement?.cleared, width: placement?.pixelsWide ?? 0, height: placement?.pixelsHigh ?? 0)
            return draw()
        }
        // The glow is blended over the bound framebuffer: over nothing, that must be cleared too.
        if transparent { clear(nil) }
        var stats = FrameStats()
        do {
            try bloomPass(for: placement).apply(bloom, pixelsPerPoint: pixelsPerPoint) {
                clear(nil)
                stats = draw()
            }
        } catch {
            bloomFailure = error
            clear(nil)
            return draw()
        }
        return stats
    }

    /// Clears `rects` of the bound framebuffer (nil: all of it) to the background, or to
    /// transparent black.
    private func clear(_ rects: [PixelRect]?, width: Int = 0, height: Int = 0) {
        let clear = transparent ? clearFramebufferToTransparent : { clearFramebuffer(to: self.background) }
        guard let rects else { return clear() }
        // Transparent black is 0 however a float is made a byte, so the fill writes exactly what
        // a clear does; an opaque background is cleared, rectangle by rectangle.
        if transparent, rects.count > 1, let fill = rectFill {
            return fill.fill(rects, with: (0, 0, 0, 0), width: width, height: height)
        }
        epoxy_glEnable(GLenum(GL_SCISSOR_TEST))
        // One by one, the many runs of a frame would cost more than their pixels: a few
        // rectangles that cover them are cleared instead.
        let whole = PixelRect(x: 0, y: 0, width: width, height: height)
        for rect in rects.count > CompositorDamage.budget && !whole.isEmpty ? CompositorDamage.cover(rects, within: whole) : rects {
            epoxy_glScissor(GLint(rect.x), GLint(rect.y), GLsizei(rect.width), GLsizei(rect.height))
            clear()
        }
        epoxy_glDisable(GLenum(GL_SCISSOR_TEST))
    }

    /// Builds what clears a transparent frame's many rectangles together (`RectFill`: in place
    /// where the framebuffer is a texture, else in one draw), for a scene drawn in parts
    /// (`Placement.cleared`, the overlays'), so a shader of it that does not build is refused
    /// before anything is shown. Without it they are cleared one by one.
    package func buildRectangleFill() throws {
        if rectFill == nil { rectFill = try RectFill(shaders: celebration.shaders) }
    }
    private var rectFill: RectFill?

    private func drawScene(at now: Double, viewport: Size, pixelsPerPoint: Double) -> FrameStats {
        particleTimer.begin()
        var stats = celebration.draw(at: now, viewport: viewport, pixelsPerPoint: pixelsPerPoint, side: .behindButton)
        particleTimer.end()
        if let button, let buttons {
            buttons.draw(button, viewport: viewport, pixelsPerPoint: pixelsPerPoint)
        }
        particleTimer.begin()
        stats = stats + celebration.draw(at: now, viewport: viewport, pixelsPerPoint: pixelsPerPoint, side: .overButton)
        particleTimer.endFrame()
        return stats
    }
}
