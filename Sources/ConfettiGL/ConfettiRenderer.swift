@preconcurrency import CEpoxy
import ConfettiCore

/// Draws confetti bursts with `confetti.vert.glsl` and `confetti.frag.glsl`.
///
/// Spawn → records → GPU → pixels: `add` uploads a burst once; `draw` issues one instanced
/// draw per burst alive at the given time and none for the rest.
public final class ConfettiRenderer {
    public let bursts: BurstRenderer<ConfettiInstance>
    public var background = RGB(0.055, 0.06, 0.09)

    public static let defaultCapacity = 1 << 20

    public var ring: InstanceRing<ConfettiInstance> { bursts.ring }
    public var program: ShaderProgram { bursts.program }

    public init(shaders: ShaderDirectory, capacity: Int = ConfettiRenderer.defaultCapacity) throws {
        bursts = try BurstRenderer(
            vertex: shaders.file("confetti.vert.glsl"), fragment: shaders.file("confetti.frag.glsl"),
            attributes: ConfettiInstance.attributes, capacity: capacity
        ) { program, burst, age, viewport, pixelsPerPoint in
            setConfettiUniforms(program, time: age, constants: burst.constants.lowHalf.lowHalf, viewport: viewport, pixelsPerPoint: pixelsPerPoint)
        }
    }

    public func delete() { bursts.delete() }

    /// Uploads a burst spawned at `time` (the clock `draw` is given).
    @discardableResult
    public func add(_ particles: [ConfettiParticle], physics: ConfettiPhysics, at time: Double) throws -> Burst {
        var constants = SIMD16<Float>()
        constants.lowHalf.lowHalf = physics.shaderConstants
        return try ring.write(
            particles.map { ConfettiInstance($0) },
            epoch: time, appears: 0, dies: physics.lifetime,
            constants: constants, now: time
        )
    }

    public func removeAll() { ring.removeAll() }

    /// Clears the bound framebuffer and draws every burst alive at `now`.
    /// The GL viewport must already cover the framebuffer; `viewport` is its size in points.
    @discardableResult
    public func render(at now: Double, viewport: Size, pixelsPerPoint: Double) -> FrameStats {
        clearFramebuffer(to: background)
        return draw(at: now, viewport: viewport, pixelsPerPoint: pixelsPerPoint)
    }

    /// Draws the live bursts over whatever the framebuffer holds.
    @discardableResult
    public func draw(at now: Double, viewport: Size, pixelsPerPoint: Double) -> FrameStats {
        bursts.draw(at: now, viewport: viewport, pixelsPerPoint: pixelsPerPoint)
    }
}
