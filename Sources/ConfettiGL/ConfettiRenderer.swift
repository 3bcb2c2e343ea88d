@preconcurrency import CEpoxy
import ConfettiCore

/// What one frame asked of GL.
public struct FrameStats: Equatable, Sendable {
    public var drawCalls = 0
    public var instances = 0
    /// (first, count) of every range drawn, in order.
    public var ranges: [Range<Int>] = []
}

/// Draws confetti bursts from an `InstanceRing` with `confetti.vert.glsl` and `confetti.frag.glsl`.
///
/// Spawn → records → GPU → pixels: `add` uploads a burst once; `render` issues one instanced
/// draw per burst that is alive at the given time and none for the rest.
public final class ConfettiRenderer {
    public let ring: InstanceRing<ConfettiInstance>
    public let program: ShaderProgram
    public var background = RGB(0.055, 0.06, 0.09)
    private var vao: GLuint = 0

    public static let defaultCapacity = 1 << 20

    public init(shaders: ShaderDirectory, capacity: Int = ConfettiRenderer.defaultCapacity) throws {
        program = try ShaderProgram(vertex: shaders.file("confetti.vert.glsl"), fragment: shaders.file("confetti.frag.glsl"))
        ring = try InstanceRing(capacity: capacity)
        epoxy_glGenVertexArrays(1, &vao)
        try glCheck("creating the confetti vertex array")
    }

    public func delete() {
        epoxy_glDeleteVertexArrays(1, &vao)
        ring.delete()
        program.delete()
    }

    /// Uploads a burst spawned at `time` (the clock `render` is given).
    @discardableResult
    public func add(_ particles: [ConfettiParticle], physics: ConfettiPhysics, at time: Double) throws -> Burst {
        try ring.write(
            particles.map { ConfettiInstance($0) },
            epoch: time, appears: 0, dies: physics.lifetime,
            constants: physics.shaderConstants, now: time
        )
    }

    public func removeAll() {
        ring.removeAll()
    }

    /// Clears the bound framebuffer and draws every burst alive at `now`.
    /// The GL viewport must already cover the framebuffer; `viewport` is its size in points.
    @discardableResult
    public func render(at now: Double, viewport: Size, pixelsPerPoint: Double) -> FrameStats {
        epoxy_glClearColor(Float(background.r), Float(background.g), Float(background.b), 1)
        epoxy_glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        return draw(at: now, viewport: viewport, pixelsPerPoint: pixelsPerPoint)
    }

    /// Draws the live bursts over whatever the framebuffer holds.
    @discardableResult
    public func draw(at now: Double, viewport: Size, pixelsPerPoint: Double) -> FrameStats {
        var stats = FrameStats()
        let live = ring.liveBursts(at: now)
        guard !live.isEmpty else { return stats }

        epoxy_glEnable(GLenum(GL_BLEND))
        // Premultiplied alpha: the fragment shader has already multiplied colour by coverage and opacity.
        epoxy_glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        program.use()
        epoxy_glBindVertexArray(vao)
        for burst in live {
            setConfettiUniforms(program, time: burst.age(at: now), constants: burst.constants, viewport: viewport, pixelsPerPoint: pixelsPerPoint)
            bindInstanceAttributes(ConfettiInstance.attributes, stride: InstanceRing<ConfettiInstance>.stride, buffer: ring.buffer, first: burst.first)
            epoxy_glDrawArraysInstanced(GLenum(GL_TRIANGLE_STRIP), 0, 4, GLsizei(burst.count))
            stats.drawCalls += 1
            stats.instances += burst.count
            stats.ranges.append(burst.first..<(burst.first + burst.count))
        }
        epoxy_glBindVertexArray(0)
        return stats
    }
}
