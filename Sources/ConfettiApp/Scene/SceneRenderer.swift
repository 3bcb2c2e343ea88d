@preconcurrency import CEpoxy
import ConfettiCore
import ConfettiGL

/// What the viewer and `render` show: a background, sparks behind the button, the button,
/// sparks in front of it, and confetti over all of it.
package final class SceneRenderer {
    package let celebration: Celebration
    package let buttons: ButtonRenderer
    /// Drawn when set.
    package var button: CelebrateButton?
    package var background = SceneRenderer.background
    /// Drawn over nothing instead of `background`: the frame is cleared to transparent black, so
    /// it holds the particles' premultiplied colour and their coverage as alpha (a clip with
    /// alpha, `render --transparent`).
    package var transparent = false
    /// GPU time of the particle passes of each frame (both sides), read back a few frames later.
    package let particleTimer = GPUTimer(intervals: 2)
    /// The glow over the scene (`glow`); off unless turned on.
    package private(set) var bloom = Bloom.standard
    /// Built the first time the glow is turned on.
    package private(set) var bloomPass: BloomPass?
    /// Why the last frame that should have glowed did not (its targets could not be allocated):
    /// for the owner to report; cleared by `takeBloomFailure`.
    package private(set) var bloomFailure: (any Error)?

    /// The window's background: a deep blue-black that every piece's colour stands out on.
    package static let background = RGB(0.055, 0.06, 0.09)

    package init(shaders: ShaderLibrary, capacity: Int = Celebration.defaultCapacity, seed: UInt64 = 1) throws {
        celebration = try Celebration(capacity: capacity, shaders: shaders, seed: seed)
        celebration.reportOverwrites(advice: "raise --capacity to keep them")
        do {
            buttons = try ButtonRenderer(shaders: shaders)
        } catch {
            celebration.delete()
            throw error
        }
    }

    package func delete() {
        bloomPass?.delete()
        celebration.delete()
        particleTimer.delete()
        buttons.delete()
    }

    /// The root file of every program the scene may build, from their owners: the particle
    /// kinds' (the registry, through `Celebration`), the glow's (`BloomPass`, which the viewer
    /// may turn on at any time) and the button's. What a shader directory must hold for a
    /// render (`ShaderLibrary.resolve(_:requiring:)`).
    package static var programFiles: [String] {
        Celebration.programFiles + BloomPass.programFiles + ButtonRenderer.programFiles
    }

    /// Rebuilds every program from its files. Each one that fails keeps its previous version;
    /// the first error is thrown after all have been tried.
    package func reloadShaders() throws {
        try reloadEach([celebration.reloadShaders, buttons.reloadShaders] + (bloomPass.map { [$0.reloadShaders] } ?? []))
    }

    /// Every shader file the programs were built from.
    package var shaderFiles: [String] {
        Array(Set(celebration.shaderFiles + buttons.program.files + (bloomPass?.shaderFiles ?? []))).sorted()
    }

    /// The glow every frame from now on is drawn with; the pass is built (its shaders compiled)
    /// the first time it is turned on, which is what may throw.
    package func glow(_ bloom: Bloom) throws {
        if bloom.isEnabled, bloomPass == nil {
            bloomPass = try BloomPass(shaders: celebration.shaders)
        }
        self.bloom = bloom
    }

    /// The failure `render` kept, once.
    package func takeBloomFailure() -> (any Error)? {
        defer { bloomFailure = nil }
        return bloomFailure
    }

    /// Clears the bound framebuffer and draws the scene at `now`, with its glow when on (the
    /// frame without it if the glow's targets cannot be allocated: see `bloomFailure`).
    @discardableResult
    package func render(at now: Double, viewport: Size, pixelsPerPoint: Double) -> FrameStats {
        guard bloom.isEnabled, let bloomPass else { return drawScene(at: now, viewport: viewport, pixelsPerPoint: pixelsPerPoint) }
        // The glow is blended over the bound framebuffer: over nothing, that must be cleared too.
        if transparent { clearFramebufferToTransparent() }
        var stats = FrameStats()
        do {
            try bloomPass.apply(bloom, pixelsPerPoint: pixelsPerPoint) {
                stats = drawScene(at: now, viewport: viewport, pixelsPerPoint: pixelsPerPoint)
            }
        } catch {
            bloomFailure = error
            return drawScene(at: now, viewport: viewport, pixelsPerPoint: pixelsPerPoint)
        }
        return stats
    }

    private func drawScene(at now: Double, viewport: Size, pixelsPerPoint: Double) -> FrameStats {
        if transparent {
            clearFramebufferToTransparent()
        } else {
            clearFramebuffer(to: background)
        }
        particleTimer.begin()
        var stats = celebration.draw(at: now, viewport: viewport, pixelsPerPoint: pixelsPerPoint, side: .behindButton)
        particleTimer.end()
        if let button {
            buttons.draw(button, viewport: viewport, pixelsPerPoint: pixelsPerPoint)
        }
        particleTimer.begin()
        stats = stats + celebration.draw(at: now, viewport: viewport, pixelsPerPoint: pixelsPerPoint, side: .overButton)
        particleTimer.endFrame()
        return stats
    }
}
