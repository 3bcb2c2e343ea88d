@preconcurrency import CEpoxy
import ConfettiCore
import Foundation

/// Runs a kind's vertex shader over its records and reads the outputs back with transform
/// feedback: one point per record, rasterizer off. This is how the trace and the parity tests
/// see exactly what the renderer's shader computes, for every kind alike.
public final class FeedbackProbe<Kind: ParticleKind> {
    public let program: ShaderProgram
    private var vao: GLuint = 0
    private var input: GLuint = 0
    private var output: GLuint = 0
    // Mesa refuses every draw without a framebuffer, even with the rasterizer off.
    private let target: OffscreenTarget

    public init(shaders: ShaderLibrary) throws {
        program = try ShaderProgram(shaders, vertex: Kind.vertexShader, feedback: Kind.feedbackVaryings)
        target = try OffscreenTarget(width: 1, height: 1)
        epoxy_glGenVertexArrays(1, &vao)
        epoxy_glGenBuffers(1, &input)
        epoxy_glGenBuffers(1, &output)
        try glCheck("creating a transform feedback probe for \(Kind.vertexShader)")
    }

    public func delete() {
        epoxy_glDeleteVertexArrays(1, &vao)
        epoxy_glDeleteBuffers(1, &input)
        epoxy_glDeleteBuffers(1, &output)
        target.delete()
        program.delete()
    }

    /// The shader's view of `particles` as members of `burst`, at clock time `now`. The time
    /// uniform is the burst's own `age(at:)`, exactly as the renderer sets it; each sample's
    /// `t` is the particle's own age, now − epoch − birth.
    public func evaluate(_ particles: [Kind.Particle], in burst: Burst<Kind>, at now: Double) throws -> [Kind.Sample] {
        let floats = Kind.feedbackFloats
        let values = try run(particles.map(Kind.record), uniforms: FrameUniforms.values(age: burst.age(at: now), viewport: Size(width: 1, height: 1), pixelsPerPoint: 1) + burst.uniforms.uniforms)
        return particles.indices.map { i in
            Kind.sample(fromFeedback: values[(i * floats)..<((i + 1) * floats)], age: now - burst.epoch - Kind.birth(of: particles[i]))
        }
    }

    /// The same, for particles launched at `epoch` with `uniforms`.
    public func evaluate(_ particles: [Kind.Particle], uniforms: Kind.Uniforms, epoch: Double = 0, now: Double) throws -> [Kind.Sample] {
        let burst = Burst<Kind>(id: 0, first: 0, count: particles.count, epoch: epoch, appears: 0, dies: .infinity, uniforms: uniforms, layer: .overButton)
        return try evaluate(particles, in: burst, at: now)
    }

    /// The shader's captured outputs, `Kind.feedbackFloats` per record, in record order.
    private func run(_ records: [Kind.Record], uniforms: [ShaderUniform]) throws -> [Float] {
        guard !records.isEmpty else { return [] }
        target.bind()
        program.use()
        setUniforms(uniforms, on: program)
        epoxy_glBindVertexArray(vao)
        records.withUnsafeBytes { bytes in
            epoxy_glBindBuffer(GLenum(GL_ARRAY_BUFFER), input)
            epoxy_glBufferData(GLenum(GL_ARRAY_BUFFER), GLsizeiptr(bytes.count), bytes.baseAddress, GLenum(GL_STREAM_DRAW))
        }
        bindInstanceAttributes(Kind.attributes, stride: MemoryLayout<Kind.Record>.stride, buffer: input, first: 0)

        let outputBytes = records.count * Kind.feedbackFloats * MemoryLayout<Float>.stride
        epoxy_glBindBuffer(GLenum(GL_TRANSFORM_FEEDBACK_BUFFER), output)
        epoxy_glBufferData(GLenum(GL_TRANSFORM_FEEDBACK_BUFFER), GLsizeiptr(outputBytes), nil, GLenum(GL_STREAM_READ))
        epoxy_glBindBufferBase(GLenum(GL_TRANSFORM_FEEDBACK_BUFFER), 0, output)

        epoxy_glEnable(GLenum(GL_RASTERIZER_DISCARD))
        epoxy_glBeginTransformFeedback(GLenum(GL_POINTS))
        epoxy_glDrawArraysInstanced(GLenum(GL_POINTS), 0, 1, GLsizei(records.count))
        epoxy_glEndTransformFeedback()
        epoxy_glDisable(GLenum(GL_RASTERIZER_DISCARD))

        var values = [Float](repeating: .nan, count: records.count * Kind.feedbackFloats)
        values.withUnsafeMutableBytes { bytes in
            epoxy_glGetBufferSubData(GLenum(GL_TRANSFORM_FEEDBACK_BUFFER), 0, GLsizeiptr(outputBytes), bytes.baseAddress)
        }
        epoxy_glBindBufferBase(GLenum(GL_TRANSFORM_FEEDBACK_BUFFER), 0, 0)
        epoxy_glBindVertexArray(0)
        epoxy_glBindBuffer(GLenum(GL_ARRAY_BUFFER), 0)
        try glCheck("evaluating \(records.count) \(Kind.name) records with transform feedback")
        return values
    }
}
