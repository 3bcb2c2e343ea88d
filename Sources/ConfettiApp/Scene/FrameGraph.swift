@preconcurrency import CEpoxy
import ConfettiCore
import ConfettiGL

/// The HUD's graph of the last seconds of frames: each frame a column, its frame time in blue
/// with its GPU time in orange over it, and a green line at 16.7 ms. One texture upload and one
/// draw call a frame, whatever the number of frames shown.
package final class FrameGraph {
    package static let vertexShader = "app/graph.vert.glsl"
    package static let fragmentShader = "app/graph.frag.glsl"
    /// Columns at most: 4 s at 120 fps.
    package static let maxFrames = 480
    /// How much time the graph spans, in seconds of wall time.
    package static let span = 4.0
    /// The colours the shader draws, for the tests to look for.
    package static let frameColour = RGB(0.30, 0.56, 1.00)
    package static let gpuColour = RGB(1.00, 0.62, 0.04)
    package static let lineColour = RGB(0.30, 0.85, 0.40)
    package static let panelColour = RGB(0.12, 0.13, 0.17)

    private let quad: TexturedQuad

    /// The frames to show: when each ended (wall seconds), its frame time and its GPU time
    /// (seconds; NaN while not measured), oldest first.
    package private(set) var history: [(end: Double, frame: Double, gpu: Double)] = []

    package init(shaders: ShaderLibrary) throws {
        quad = try TexturedQuad(shaders: shaders, vertex: Self.vertexShader, fragment: Self.fragmentShader, what: "the frame-time graph")
        // Room for every column once; each frame writes only the columns it shows.
        epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), quad.texture)
        epoxy_glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RG32F, GLsizei(Self.maxFrames), 1, 0, GLenum(GL_RG), GLenum(GL_FLOAT), nil)
        epoxy_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_NEAREST)
        epoxy_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_NEAREST)
        epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), 0)
        try glCheck("allocating the frame-time graph's samples")
    }

    package func delete() { quad.delete() }

    /// One frame shown, ended at `end` (wall seconds); frames older than `span` drop off.
    package func record(end: Double, frame: Double, gpu: Double) {
        history.append((end, frame, gpu))
        let oldest = end - Self.span
        if let keep = history.firstIndex(where: { $0.end >= oldest }), keep > 0 { history.removeFirst(keep) }
        if history.count > Self.maxFrames { history.removeFirst(history.count - Self.maxFrames) }
    }

    /// The time at the top: two frames at 60 fps, or more so that the slowest frame fits,
    /// rounded up to a whole 16.7 ms.
    package var topMilliseconds: Double {
        var slowest = 0.0
        for entry in history { slowest = max(slowest, entry.frame, entry.gpu.isNaN ? 0 : entry.gpu) }
        let step = 1000.0 / 60
        return max(2 * step, (1000 * slowest / step).rounded(.up) * step)
    }

    /// The texels of the last upload, refilled in place every frame.
    private var texels: [Float] = []

    package func draw(in rect: Rect, viewport: Size, pixelsPerPoint: Double) {
        texels.removeAll(keepingCapacity: true)
        for entry in history {
            texels.append(Float(1000 * entry.frame))
            texels.append(entry.gpu.isNaN ? -1 : Float(1000 * entry.gpu))
        }
        if !history.isEmpty {
            epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), quad.texture)
            texels.withUnsafeBytes { bytes in
                epoxy_glTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, 0, 0, GLsizei(history.count), 1, GLenum(GL_RG), GLenum(GL_FLOAT), bytes.baseAddress)
            }
        }
        epoxy_glDisable(GLenum(GL_BLEND))
        quad.use(sampler: "uSamples")
        let program = quad.program
        epoxy_glUniform1i(program.uniform("uCount"), GLint(history.count))
        epoxy_glUniform1f(program.uniform("uTopMs"), Float(topMilliseconds))
        epoxy_glUniform4f(program.uniform("uRect"), Float(rect.x), Float(rect.y), Float(rect.width), Float(rect.height))
        epoxy_glUniform2f(program.uniform("uViewport"), Float(viewport.width), Float(viewport.height))
        epoxy_glUniform1f(program.uniform("uPixelsPerPoint"), Float(pixelsPerPoint))
        quad.draw()
    }
}
