@preconcurrency import CEpoxy
import ConfettiCore
import ConfettiGL
import FoundationEssentials
import Glibc

/// Runs a kind's vertex shader over its records and reads the outputs back with transform
/// feedback: the quad's four vertices per record, drawn as points with the rasterizer off. This
/// is how the trace and the parity tests see exactly what the renderer's shader computes, for
/// every kind alike: the kind's own values and every output the fragment shader gets.
package final class FeedbackProbe<Kind: FeedbackSampling> {
    package let program: ShaderProgram
    private var vao: GLuint = 0
    private var input: GLuint = 0
    private var output: GLuint = 0
    // Mesa refuses every draw without a framebuffer, even with the rasterizer off.
    private let target: OffscreenTarget

    package init(shaders: ShaderLibrary) throws {
        program = try ShaderProgram(shaders, vertex: Kind.vertexShader, feedback: Kind.feedbackVaryings + DrawnQuad.vertexOutputNames)
        target = try OffscreenTarget(width: 1, height: 1)
        epoxy_glGenVertexArrays(1, &vao)
        epoxy_glGenBuffers(1, &input)
        epoxy_glGenBuffers(1, &output)
        try glCheck("creating a transform feedback probe for \(Kind.vertexShader)")
    }

    package func delete() {
        epoxy_glDeleteVertexArrays(1, &vao)
        epoxy_glDeleteBuffers(1, &input)
        epoxy_glDeleteBuffers(1, &output)
        target.delete()
        program.delete()
    }

    /// The shader's view of `particles` as members of `span`, at clock time `now`. The time
    /// uniform is the span's own `age(at:)`, exactly as the renderer sets it; each sample's
    /// `t` is the particle's own age, now − epoch − birth.
    package func evaluate(_ particles: [Kind.Particle], in span: RingSpan<Kind>, at now: Double) throws -> [Kind.Sample] {
        try evaluateVertices(particles, in: span, at: now, viewport: Size(width: 1, height: 1), pixelsPerPoint: 1).map(\.sample)
    }

    /// A particle as the shader computed it: its sample, and for each of the quad's four
    /// vertices the outputs `DrawnQuad.vertexOutputs` describes; then the same for each of its
    /// trail's ghosts (`ghosts[k − 1]` is ghost k, its sample at the lagged age).
    package struct Probed {
        package var sample: Kind.Sample
        package var vertices: [[Double]]
        package var ghosts: [Probed] = []
    }

    /// The samples and every vertex output, drawn into `viewport` at `pixelsPerPoint`.
    package func evaluateVertices(_ particles: [Kind.Particle], in span: RingSpan<Kind>, at now: Double, viewport: Size, pixelsPerPoint: Double) throws -> [Probed] {
        try capture(particles, in: span, at: now, viewport: viewport, pixelsPerPoint: pixelsPerPoint).probed
    }

    /// What one draw of the probe captured, as read back: unpacking it into `Probed` values is
    /// CPU work that needs no context, so a caller sharing the context can do it after handing
    /// the context on.
    package struct Capture {
        let particles: [Kind.Particle]
        let span: RingSpan<Kind>
        let now: Double
        let values: [Float]

        /// Each particle as the shader computed it, in order.
        package var probed: [Probed] {
            let own = Kind.feedbackFloats, perVertex = Kind.feedbackFloats + DrawnQuad.vertexOutputFloats
            let ghosts = Kind.ghosts(span.uniforms), perRecord = ghosts + 1
            // Instance j of record i is ghost `ghosts − j` (the particle itself last).
            func probed(_ i: Int, ghost k: Int) -> Probed {
                let first = (i * perRecord + ghosts - k) * 4 * perVertex
                let age = now - span.epoch - Kind.birth(of: Kind.stored(particles[i], uniforms: span.uniforms)) - Double(k) * Kind.ghostSpacing(span.uniforms)
                return Probed(
                    sample: Kind.sample(fromFeedback: values[first..<(first + own)], age: age),
                    vertices: (0..<4).map { v in values[(first + v * perVertex + own)..<(first + (v + 1) * perVertex)].map(Double.init) }
                )
            }
            return particles.indices.map { i in
                var particle = probed(i, ghost: 0)
                particle.ghosts = ghosts == 0 ? [] : (1...ghosts).map { probed(i, ghost: $0) }
                return particle
            }
        }
    }

    /// The shader's outputs for `particles` as members of `span` at clock time `now`, drawn into
    /// `viewport` at `pixelsPerPoint`, read back and not yet unpacked; a context must be current.
    package func capture(_ particles: [Kind.Particle], in span: RingSpan<Kind>, at now: Double, viewport: Size, pixelsPerPoint: Double) throws -> Capture {
        let values = try run(particles.map { Kind.record($0, uniforms: span.uniforms) }, instancesPerRecord: Kind.ghosts(span.uniforms) + 1,
                             uniforms: FrameUniforms.values(age: span.age(at: now), viewport: viewport, pixelsPerPoint: pixelsPerPoint) + span.uniformValues)
        return Capture(particles: particles, span: span, now: now, values: values)
    }

    /// The same, for particles launched at `epoch` with `uniforms` (fitted to them unless they
    /// already cover them, as the renderer does).
    package func evaluate(_ particles: [Kind.Particle], uniforms: Kind.Uniforms, epoch: Double = 0, now: Double) throws -> [Kind.Sample] {
        try capture(particles, uniforms: uniforms, epoch: epoch, now: now).probed.map(\.sample)
    }

    /// `evaluate`'s outputs, read back and not yet unpacked; a context must be current.
    package func capture(_ particles: [Kind.Particle], uniforms: Kind.Uniforms, epoch: Double = 0, now: Double) throws -> Capture {
        let span = RingSpan<Kind>(id: 0, first: 0, count: particles.count, epoch: epoch, appears: 0, dies: .infinity, uniforms: Kind.fitted(uniforms, to: particles), side: .overButton)
        return try capture(particles, in: span, at: now, viewport: Size(width: 1, height: 1), pixelsPerPoint: 1)
    }

    /// The shader's captured outputs, in instance order (`instancesPerRecord` per record), four
    /// vertices each.
    private func run(_ records: [Kind.Record], instancesPerRecord: Int, uniforms: [ShaderUniform]) throws -> [Float] {
        guard !records.isEmpty else { return [] }
        target.bind()
        program.use()
        setUniforms(uniforms, on: program)
        epoxy_glBindVertexArray(vao)
        records.withUnsafeBytes { bytes in
            epoxy_glBindBuffer(GLenum(GL_ARRAY_BUFFER), input)
            epoxy_glBufferData(GLenum(GL_ARRAY_BUFFER), GLsizeiptr(bytes.count), bytes.baseAddress, GLenum(GL_STREAM_DRAW))
        }
        bindInstanceAttributes(Kind.attributes, stride: MemoryLayout<Kind.Record>.stride, buffer: input, first: 0, instancesPerRecord: instancesPerRecord)

        let instances = records.count * instancesPerRecord
        let floats = instances * 4 * (Kind.feedbackFloats + DrawnQuad.vertexOutputFloats)
        let outputBytes = floats * MemoryLayout<Float>.stride
        epoxy_glBindBuffer(GLenum(GL_TRANSFORM_FEEDBACK_BUFFER), output)
        epoxy_glBufferData(GLenum(GL_TRANSFORM_FEEDBACK_BUFFER), GLsizeiptr(outputBytes), nil, GLenum(GL_STREAM_READ))
        epoxy_glBindBufferBase(GLenum(GL_TRANSFORM_FEEDBACK_BUFFER), 0, output)

        epoxy_glEnable(GLenum(GL_RASTERIZER_DISCARD))
        epoxy_glBeginTransformFeedback(GLenum(GL_POINTS))
        epoxy_glDrawArraysInstanced(GLenum(GL_POINTS), 0, 4, GLsizei(instances))
        epoxy_glEndTransformFeedback()
        epoxy_glDisable(GLenum(GL_RASTERIZER_DISCARD))

        var values = [Float](repeating: .nan, count: floats)
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
