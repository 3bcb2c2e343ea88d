@preconcurrency import CEpoxy
import ConfettiCore
import ConfettiGL

/// The frozen 60-byte confetti record the benchmark measures against: 13 float32 and 8 bytes.
/// The live record (`ConfettiRecord`) is free to change; this one is what `reference` mode
/// measures against: these fields, in this order, with these meanings (see
/// `Shaders/app/reference-confetti.vert.glsl` for how they are read).
package struct ReferenceConfettiRecord: Sendable {
    package var x0, y0, vx, vy: Float                                         // pt, pt/s
    package var flutterAmplitude, flutterFrequency, flutterPhase, spread: Float  // pt, rad/s, rad, pt/s²
    package var rotation0, spin, flipFrequency, flipPhase: Float                // deg, deg/s, rad/s, rad
    package var birth: Float                                                    // s after the epoch
    package var width, height, shape, unused: UInt8                             // pt, pt, 0 rect / 1 circle
    package var r, g, b, a: UInt8                                               // straight colour

    /// The piece as the frozen record stores it. Shapes it cannot draw (anything but the
    /// circle) are rectangles.
    package init(_ p: ConfettiParticle) {
        x0 = Float(p.initialPosition.x)
        y0 = Float(p.initialPosition.y)
        vx = Float(p.initialVelocity.x)
        vy = Float(p.initialVelocity.y)
        flutterAmplitude = Float(p.flutterAmplitude)
        flutterFrequency = Float(p.flutterFrequency)
        flutterPhase = Float(p.flutterPhase)
        spread = Float(p.spreadDirection * p.spreadStrength)
        rotation0 = Float(p.initialRotation)
        spin = Float(p.rotationSpeed)
        flipFrequency = Float(p.flipFrequency)
        flipPhase = Float(p.flipPhase)
        birth = Float(p.birth)
        width = UInt8(clamping: Int(p.size.width.rounded()))
        height = UInt8(clamping: Int(p.size.height.rounded()))
        shape = p.shape == .circle ? 1 : 0
        unused = 0
        (r, g, b, a) = p.color.rgba8
    }

    /// (location, first field, components, normalised bytes?) of each shader input.
    static let layout: [(offset: Int, components: Int, type: Int32, normalised: Bool)] = [
        (MemoryLayout<Self>.offset(of: \.x0)!, 4, GL_FLOAT, false),
        (MemoryLayout<Self>.offset(of: \.flutterAmplitude)!, 4, GL_FLOAT, false),
        (MemoryLayout<Self>.offset(of: \.rotation0)!, 4, GL_FLOAT, false),
        (MemoryLayout<Self>.offset(of: \.birth)!, 1, GL_FLOAT, false),
        (MemoryLayout<Self>.offset(of: \.width)!, 4, GL_UNSIGNED_BYTE, false),
        (MemoryLayout<Self>.offset(of: \.r)!, 4, GL_UNSIGNED_BYTE, true),
    ]
}

/// `confetti bench`'s `reference` mode: the frozen 60-byte renderer, as it was before the
/// 32-byte record and the fragment shader built per set of shapes. Instanced
/// quads (a triangle strip of 4 per piece), one draw per launch with the attributes re-pointed
/// at its records, the 60-byte record, and the frozen shaders `Shaders/app/reference-*.glsl`; blending
/// and state as `ParticleRenderer` set them then. Self-contained, so that changes to the live
/// renderer, record and shaders do not reach it.
package final class ReferenceRenderer {
    package let program: ShaderProgram
    private var vao: GLuint = 0
    private var buffer: GLuint = 0
    /// The spans uploaded, one per launch: their first record, count, epoch (s) and physics.
    private var spans: [(first: Int, count: Int, epoch: Double, physics: ConfettiPhysics)] = []
    private var records = 0

    package static let vertexShader = "app/reference-confetti.vert.glsl"
    package static let fragmentShader = "app/reference-particle.frag.glsl"

    package init(shaders: ShaderLibrary) throws {
        program = try ShaderProgram(shaders, vertex: Self.vertexShader, fragment: Self.fragmentShader)
        epoxy_glGenVertexArrays(1, &vao)
        epoxy_glGenBuffers(1, &buffer)
        try glCheck("creating the reference renderer")
    }

    package func delete() {
        epoxy_glDeleteVertexArrays(1, &vao)
        epoxy_glDeleteBuffers(1, &buffer)
        program.delete()
    }

    /// Uploads every launch once, replacing what was there: (pieces, physics, epoch in seconds).
    package func upload(_ list: [(particles: [ConfettiParticle], physics: ConfettiPhysics, epoch: Double)]) throws {
        var all: [ReferenceConfettiRecord] = []
        spans = []
        for launch in list where !launch.particles.isEmpty {
            spans.append((all.count, launch.particles.count, launch.epoch, launch.physics))
            all += launch.particles.map(ReferenceConfettiRecord.init)
        }
        records = all.count
        epoxy_glBindBuffer(GLenum(GL_ARRAY_BUFFER), buffer)
        all.withUnsafeBytes { bytes in
            epoxy_glBufferData(GLenum(GL_ARRAY_BUFFER), GLsizeiptr(bytes.count), bytes.baseAddress, GLenum(GL_STATIC_DRAW))
        }
        epoxy_glBindBuffer(GLenum(GL_ARRAY_BUFFER), 0)
        try glCheck("uploading \(records) reference confetti records")
    }

    /// Draws every span alive at `now` (seconds, the clock of the epochs) over the bound
    /// framebuffer. Leaves blending on, its program in use, nothing bound.
    @discardableResult
    package func draw(at now: Double, viewport: Size, pixelsPerPoint: Double) -> FrameStats {
        var stats = FrameStats()
        let live = spans.filter { now - $0.epoch >= 0 && now - $0.epoch < $0.physics.lifetime }
        guard !live.isEmpty else { return stats }
        epoxy_glDisable(GLenum(GL_DEPTH_TEST))
        epoxy_glDisable(GLenum(GL_CULL_FACE))
        epoxy_glEnable(GLenum(GL_BLEND))
        epoxy_glBlendEquation(GLenum(GL_FUNC_ADD))
        epoxy_glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        program.use()
        epoxy_glBindVertexArray(vao)
        epoxy_glUniform2f(program.uniform("uViewport"), Float(viewport.width), Float(viewport.height))
        epoxy_glUniform1f(program.uniform("uPixelsPerPoint"), Float(pixelsPerPoint))
        let stride = MemoryLayout<ReferenceConfettiRecord>.stride
        for span in live {
            let p = span.physics
            epoxy_glUniform1f(program.uniform("uTime"), Float(now - span.epoch))
            epoxy_glUniform4f(program.uniform("uPhysics"), Float(p.gravity), Float(p.drag), Float(p.lifetime), Float(p.fadeOutDuration))
            epoxy_glBindBuffer(GLenum(GL_ARRAY_BUFFER), buffer)
            for (location, input) in ReferenceConfettiRecord.layout.enumerated() {
                epoxy_glEnableVertexAttribArray(GLuint(location))
                epoxy_glVertexAttribPointer(GLuint(location), GLint(input.components), GLenum(input.type), GLboolean(input.normalised ? GL_TRUE : GL_FALSE),
                                            GLsizei(stride), UnsafeRawPointer(bitPattern: span.first * stride + input.offset))
                epoxy_glVertexAttribDivisor(GLuint(location), 1)
            }
            epoxy_glDrawArraysInstanced(GLenum(GL_TRIANGLE_STRIP), 0, 4, GLsizei(span.count))
            stats.drawCalls += 1
            stats.instances += span.count
            stats.ranges.append(span.first..<(span.first + span.count))
        }
        epoxy_glBindVertexArray(0)
        epoxy_glBindBuffer(GLenum(GL_ARRAY_BUFFER), 0)
        return stats
    }
}
