import ConfettiCore

/// Everything on screen: sparks behind the button, the button, sparks in front of it, and
/// confetti over all of it.
public final class SceneRenderer {
    public let confetti: ConfettiRenderer
    public let sparks: SparkRenderer
    public let buttons: ButtonRenderer
    /// Drawn when set.
    public var button: CelebrateButton?
    public var background: RGB { confetti.background }

    public init(shaders: ShaderDirectory, capacity: Int = ConfettiRenderer.defaultCapacity) throws {
        confetti = try ConfettiRenderer(shaders: shaders, capacity: capacity)
        sparks = try SparkRenderer(shaders: shaders, capacity: capacity)
        buttons = try ButtonRenderer(shaders: shaders)
    }

    public func delete() {
        confetti.delete()
        sparks.delete()
        buttons.delete()
    }

    /// Uploads one burst, launched at `time`.
    public func add(_ spawn: Spawn, at time: Double) throws {
        switch spawn {
        case .confetti(let particles, let physics):
            try confetti.add(particles, physics: physics, at: time)
        case .sparks(let sparkList, let timing):
            try sparks.add(sparkList, timing: timing, at: time)
        }
    }

    public func removeAll() {
        confetti.removeAll()
        sparks.removeAll()
    }

    /// Rebuilds every program from its files. Each one that fails keeps its previous version;
    /// the first error is thrown after all have been tried.
    public func reloadShaders() throws {
        var failure: (any Error)?
        for reload in [confetti.bursts.reloadShaders, sparks.bursts.reloadShaders, buttons.reloadShaders] {
            do { try reload() } catch { failure = failure ?? error }
        }
        if let failure { throw failure }
    }

    public func liveParticles(at now: Double) -> Int {
        confetti.ring.liveParticles(at: now) + sparks.ring.liveParticles(at: now)
    }

    /// Clears the bound framebuffer and draws the scene at `now`.
    @discardableResult
    public func render(at now: Double, viewport: Size, pixelsPerPoint: Double) -> FrameStats {
        clearFramebuffer(to: background)
        var stats = sparks.draw(at: now, viewport: viewport, pixelsPerPoint: pixelsPerPoint, layer: .behind)
        if let button {
            buttons.draw(button, viewport: viewport, pixelsPerPoint: pixelsPerPoint)
        }
        stats = stats + sparks.draw(at: now, viewport: viewport, pixelsPerPoint: pixelsPerPoint, layer: .inFront)
        return stats + confetti.draw(at: now, viewport: viewport, pixelsPerPoint: pixelsPerPoint)
    }
}
