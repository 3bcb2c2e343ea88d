@preconcurrency import CEpoxy
import ConfettiCore
import Foundation

/// Runs a vertex shader over per-instance records and reads its outputs back with transform
/// feedback: one point per instance, rasterizer off. This is how the trace and the parity
/// tests see exactly what the renderer's shader computes.
public final class FeedbackProbe<Record> {
    public let program: ShaderProgram
    public let floatsPerInstance: Int
    private let attributes: [VertexAttribute]
    private var vao: GLuint = 0
    private var input: GLuint = 0
    private var output: GLuint = 0
    // Mesa refuses every draw without a framebuffer, even with the rasterizer off.
    private let target: OffscreenTarget

    public init(vertexShader: URL, outputs: [String], floatsPerInstance: Int, attributes: [VertexAttribute]) throws {
        program = try ShaderProgram(vertex: vertexShader, feedback: outputs)
        self.floatsPerInstance = floatsPerInstance
        self.attributes = attributes
        target = try OffscreenTarget(width: 1, height: 1)
        epoxy_glGenVertexArrays(1, &vao)
        epoxy_glGenBuffers(1, &input)
        epoxy_glGenBuffers(1, &output)
        try glCheck("creating a transform feedback probe for \(vertexShader.lastPathComponent)")
    }

    public func delete() {
        epoxy_glDeleteVertexArrays(1, &vao)
        epoxy_glDeleteBuffers(1, &input)
        epoxy_glDeleteBuffers(1, &output)
        target.delete()
        program.delete()
    }

    /// The shader's captured outputs, `floatsPerInstance` per record, in record order.
    /// `setUniforms` runs with the program in use.
    public func run(_ records: [Record], setUniforms: (ShaderProgram) -> Void) throws -> [Float] {
        guard !records.isEmpty else { return [] }
        target.bind()
        program.use()
        setUniforms(program)
        epoxy_glBindVertexArray(vao)
        epoxy_glBindBuffer(GLenum(GL_ARRAY_BUFFER), input)
        records.withUnsafeBytes { bytes in
            epoxy_glBufferData(GLenum(GL_ARRAY_BUFFER), GLsizeiptr(bytes.count), bytes.baseAddress, GLenum(GL_STREAM_DRAW))
        }
        bindInstanceAttributes(attributes, stride: MemoryLayout<Record>.stride, buffer: input, first: 0)

        let outputBytes = records.count * floatsPerInstance * MemoryLayout<Float>.stride
        epoxy_glBindBuffer(GLenum(GL_TRANSFORM_FEEDBACK_BUFFER), output)
        epoxy_glBufferData(GLenum(GL_TRANSFORM_FEEDBACK_BUFFER), GLsizeiptr(outputBytes), nil, GLenum(GL_STREAM_READ))
        epoxy_glBindBufferBase(GLenum(GL_TRANSFORM_FEEDBACK_BUFFER), 0, output)

        epoxy_glEnable(GLenum(GL_RASTERIZER_DISCARD))
        epoxy_glBeginTransformFeedback(GLenum(GL_POINTS))
        epoxy_glDrawArraysInstanced(GLenum(GL_POINTS), 0, 1, GLsizei(records.count))
        epoxy_glEndTransformFeedback()
        epoxy_glDisable(GLenum(GL_RASTERIZER_DISCARD))

        var values = [Float](repeating: .nan, count: records.count * floatsPerInstance)
        values.withUnsafeMutableBytes { bytes in
            epoxy_glGetBufferSubData(GLenum(GL_TRANSFORM_FEEDBACK_BUFFER), 0, GLsizeiptr(outputBytes), bytes.baseAddress)
        }
        epoxy_glBindBufferBase(GLenum(GL_TRANSFORM_FEEDBACK_BUFFER), 0, 0)
        epoxy_glBindVertexArray(0)
        try glCheck("evaluating \(records.count) instances with transform feedback")
        return values
    }
}

/// `confetti.vert.glsl`, evaluated on the GPU and read back.
public final class ConfettiProbe {
    private let probe: FeedbackProbe<ConfettiInstance>

    public init(shaders: ShaderDirectory) throws {
        probe = try FeedbackProbe(
            vertexShader: shaders.file("confetti.vert.glsl"),
            outputs: ["vPose", "vLife"], floatsPerInstance: 6,
            attributes: ConfettiInstance.attributes
        )
    }

    public func delete() { probe.delete() }

    /// The shader's view of `particles`, born at their burst's epoch, at clock time `now`.
    /// The time uniform is `now - epoch` rounded once to float, exactly as the renderer sets it.
    public func evaluate(_ particles: [ConfettiParticle], physics: ConfettiPhysics, epoch: Double = 0, now: Double) throws -> [ConfettiSample] {
        let age = Float(now - epoch)
        let values = try probe.run(particles.map { ConfettiInstance($0) }) { program in
            setConfettiUniforms(program, time: age, constants: physics.shaderConstants, viewport: Size(width: 1, height: 1), pixelsPerPoint: 1)
        }
        return (0..<particles.count).map { i in
            let v = Array(values[(i * 6)..<(i * 6 + 6)].map(Double.init))
            return ConfettiSample(t: now - epoch, alive: v[5] > 0.5, x: v[0], y: v[1], rotation: v[2], apparentWidth: v[3], opacity: v[4])
        }
    }
}

/// `spark.vert.glsl`, evaluated on the GPU and read back.
public final class SparkProbe {
    private let probe: FeedbackProbe<SparkInstance>

    public init(shaders: ShaderDirectory) throws {
        probe = try FeedbackProbe(
            vertexShader: shaders.file("spark.vert.glsl"),
            outputs: ["vPose", "vLife"], floatsPerInstance: 7,
            attributes: SparkInstance.attributes
        )
    }

    public func delete() { probe.delete() }

    /// The shader's view of `sparks`, launched at `epoch`, at clock time `now`. Each sample's
    /// `t` is the spark's own age, now − epoch − delay.
    public func evaluate(_ sparks: [Spark], timing: SparkTiming, epoch: Double = 0, now: Double) throws -> [SparkSample] {
        let age = Float(now - epoch)
        let values = try probe.run(sparks.map(SparkInstance.init)) { program in
            setSparkUniforms(program, time: age, constants: timing.shaderConstants, viewport: Size(width: 1, height: 1), pixelsPerPoint: 1)
        }
        return sparks.indices.map { i in
            let v = Array(values[(i * 7)..<(i * 7 + 7)].map(Double.init))
            return SparkSample(t: now - epoch - sparks[i].delay, alive: v[5] > 0.5, x: v[0], y: v[1], angle: v[2], scale: v[3], opacity: v[4], eased: v[6])
        }
    }
}
