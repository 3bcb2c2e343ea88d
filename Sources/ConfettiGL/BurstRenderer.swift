@preconcurrency import CEpoxy
import ConfettiCore
import Foundation

/// What one frame asked of GL.
public struct FrameStats: Equatable, Sendable {
    public var drawCalls = 0
    public var instances = 0
    /// The ring ranges drawn, in order.
    public var ranges: [Range<Int>] = []

    public init(drawCalls: Int = 0, instances: Int = 0, ranges: [Range<Int>] = []) {
        self.drawCalls = drawCalls
        self.instances = instances
        self.ranges = ranges
    }

    public static func + (a: FrameStats, b: FrameStats) -> FrameStats {
        FrameStats(drawCalls: a.drawCalls + b.drawCalls, instances: a.instances + b.instances, ranges: a.ranges + b.ranges)
    }
}

/// Monotonic seconds.
public func monotonicSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
}

/// Draws the bursts of one `InstanceRing` with one shader pair: one instanced quad per record,
/// one draw per burst alive at the given time, none for the rest.
public final class BurstRenderer<Record> {
    public typealias SetUniforms = (_ program: ShaderProgram, _ burst: Burst, _ age: Float, _ viewport: Size, _ pixelsPerPoint: Double) -> Void

    public let ring: InstanceRing<Record>
    public private(set) var program: ShaderProgram
    private let attributes: [VertexAttribute]
    private let setUniforms: SetUniforms
    private var vao: GLuint = 0

    public init(vertex: URL, fragment: URL, attributes: [VertexAttribute], capacity: Int, setUniforms: @escaping SetUniforms) throws {
        program = try ShaderProgram(vertex: vertex, fragment: fragment)
        ring = try InstanceRing(capacity: capacity)
        self.attributes = attributes
        self.setUniforms = setUniforms
        epoxy_glGenVertexArrays(1, &vao)
        try glCheck("creating the vertex array for \(vertex.lastPathComponent)")
    }

    public func delete() {
        epoxy_glDeleteVertexArrays(1, &vao)
        ring.delete()
        program.delete()
    }

    /// Builds the program again from its files. On failure the old program stays and keeps
    /// drawing, and the error (file:line) is thrown.
    public func reloadShaders() throws {
        let fresh = try program.rebuilt()
        program.delete()
        program = fresh
    }

    /// One draw of a frame: a live burst and its time uniform.
    public struct PlannedDraw: Sendable {
        public var burst: Burst
        public var age: Float
    }

    /// The CPU's whole share of a frame: which bursts are alive at `now`, and their time
    /// uniforms. O(bursts), whatever the number of particles.
    public func plan(at now: Double, layer: Int = 0) -> [PlannedDraw] {
        ring.bursts.compactMap { burst in
            burst.layer == layer && burst.isLive(at: now) ? PlannedDraw(burst: burst, age: burst.age(at: now)) : nil
        }
    }

    /// Draws the bursts of `layer` alive at `now` over the bound framebuffer.
    @discardableResult
    public func draw(at now: Double, viewport: Size, pixelsPerPoint: Double, layer: Int = 0) -> FrameStats {
        execute(plan(at: now, layer: layer), viewport: viewport, pixelsPerPoint: pixelsPerPoint)
    }

    /// Issues the planned draws: one instanced draw each, none for an empty plan.
    @discardableResult
    public func execute(_ plan: [PlannedDraw], viewport: Size, pixelsPerPoint: Double) -> FrameStats {
        var stats = FrameStats()
        guard !plan.isEmpty else { return stats }

        epoxy_glEnable(GLenum(GL_BLEND))
        // Premultiplied alpha: the fragment shaders have already multiplied colour by coverage and opacity.
        epoxy_glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        program.use()
        epoxy_glBindVertexArray(vao)
        for draw in plan {
            let burst = draw.burst
            setUniforms(program, burst, draw.age, viewport, pixelsPerPoint)
            bindInstanceAttributes(attributes, stride: InstanceRing<Record>.stride, buffer: ring.buffer, first: burst.first)
            epoxy_glDrawArraysInstanced(GLenum(GL_TRIANGLE_STRIP), 0, 4, GLsizei(burst.count))
            stats.drawCalls += 1
            stats.instances += burst.count
            stats.ranges.append(burst.first..<(burst.first + burst.count))
        }
        epoxy_glBindVertexArray(0)
        return stats
    }
}

/// Clears the bound framebuffer to an opaque colour (alpha 1, so PNGs need no un-premultiplying).
func clearFramebuffer(to colour: RGB) {
    epoxy_glClearColor(Float(colour.r), Float(colour.g), Float(colour.b), 1)
    epoxy_glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
}
