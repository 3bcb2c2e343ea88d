@preconcurrency import CEpoxy
import ConfettiCore
import ConfettiGL

/// Draws pre-placed confetti (`PoseRecord`) with `pose.vert.glsl` and the particle fragment
/// shader: the benchmark's baselines. `upload` replaces the whole buffer; `draw` draws it.
package final class PoseRenderer {
    package let program: ShaderProgram
    private var vao: GLuint = 0
    private var buffer: GLuint = 0
    package private(set) var count = 0
    /// Bytes sent by the last `upload`.
    package private(set) var lastUploadBytes = 0

    package init(shaders: ShaderLibrary) throws {
        // Posed pieces are rectangles and ellipses (`PoseRecord`): the fragment shader built
        // for those two, as the live renderer builds it for spans of them.
        program = try ShaderProgram(shaders, vertex: "app/pose.vert.glsl", fragment: "particle.frag.glsl",
                                    fragmentDefines: ["SHAPES \(DrawnQuad.Shape.rectangle.bit | DrawnQuad.Shape.ellipse.bit)"])
        epoxy_glGenVertexArrays(1, &vao)
        epoxy_glGenBuffers(1, &buffer)
        try glCheck("creating the pose renderer")
    }

    package func delete() {
        epoxy_glDeleteVertexArrays(1, &vao)
        epoxy_glDeleteBuffers(1, &buffer)
        program.delete()
    }

    /// Replaces the poses. A new data store each time ("orphaning"), so the driver need not wait
    /// for the previous frame to finish reading the old one.
    package func upload(_ poses: [PoseRecord]) {
        epoxy_glBindBuffer(GLenum(GL_ARRAY_BUFFER), buffer)
        poses.withUnsafeBytes { bytes in
            epoxy_glBufferData(GLenum(GL_ARRAY_BUFFER), GLsizeiptr(bytes.count), bytes.baseAddress, GLenum(GL_STREAM_DRAW))
        }
        count = poses.count
        lastUploadBytes = poses.count * MemoryLayout<PoseRecord>.stride
    }

    @discardableResult
    package func draw(viewport: Size, pixelsPerPoint: Double) -> FrameStats {
        guard count > 0 else { return FrameStats() }
        epoxy_glEnable(GLenum(GL_BLEND))
        epoxy_glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        program.use()
        epoxy_glUniform2f(program.uniform("uViewport"), Float(viewport.width), Float(viewport.height))
        epoxy_glUniform1f(program.uniform("uPixelsPerPoint"), Float(pixelsPerPoint))
        epoxy_glBindVertexArray(vao)
        bindInstanceAttributes(PoseRecord.attributes, stride: MemoryLayout<PoseRecord>.stride, buffer: buffer, first: 0)
        epoxy_glDrawArraysInstanced(GLenum(GL_TRIANGLE_STRIP), 0, 4, GLsizei(count))
        epoxy_glBindVertexArray(0)
        return FrameStats(drawCalls: 1, instances: count, ranges: [0..<count])
    }
}
