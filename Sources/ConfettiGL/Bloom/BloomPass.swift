@preconcurrency import CEpoxy
import ConfettiCore

/// A glow around the bright pixels of what an app draws (`Bloom`): a post pass it wraps its
/// drawing in.
///
/// ```swift
/// let bloom = try BloomPass()                  // a current OpenGL 3.3 context
/// var glow = Bloom.standard
/// glow.isEnabled = true
/// try bloom.apply(glow, pixelsPerPoint: scale) {
///     celebration.draw(at: now, viewport: viewport, pixelsPerPoint: scale)
/// }
/// ```
///
/// `drawing` draws into an offscreen frame the size of the bound viewport, cleared to
/// transparent, with the viewport at (0, 0) and no depth or stencil buffer. Then, at half
/// resolution, the bright part of the frame is blurred (a separable Gaussian), and the frame
/// plus `strength` times the blur, clamped, is blended premultiplied over the framebuffer and
/// viewport that were bound. Alpha gets the same sum, so the result is premultiplied as the
/// frame was: over a transparent window the glow covers the desktop as much as it lights it.
/// The passes are in `Shaders/bloom*.glsl`; `docs/effects.md` (Bloom) gives the maths and
/// ConfettiProof's `BloomReference` the same filter on the CPU, which the tests hold it to.
///
/// Targets are allocated at the first size drawn and again only when the size changes. Every
/// piece of GL state the pass touches is put back (as `Celebration.draw`, and besides the clear
/// colour, scissor test, colour mask, active texture unit, and the textures and samplers of
/// units 0 and 1). With `isEnabled` false, `apply` just calls `drawing`.
public final class BloomPass {
    private var bright: ShaderProgram
    private var blur: ShaderProgram
    private var composite: ShaderProgram
    /// Core profile draws need a vertex array, even one with no attributes.
    private var vertexArray: GLuint = 0
    package private(set) var targets: Targets?
    /// Times targets were allocated: once per size drawn at.
    package private(set) var allocations = 0

    /// The frame at full resolution, then the bright part, its blur across and its blur up and
    /// across (the glow), each at half resolution (rounded up).
    package struct Targets {
        package let frame, bright, across, glow: OffscreenTarget

        init(width: Int, height: Int) throws {
            let halfWidth = (width + 1) / 2, halfHeight = (height + 1) / 2
            var made: [OffscreenTarget] = []
            do {
                made.append(try OffscreenTarget(width: width, height: height, what: "the bloom frame"))
                for what in ["the bloom's bright part", "the bloom's blur across", "the bloom's glow"] {
                    made.append(try OffscreenTarget(width: halfWidth, height: halfHeight, what: what))
                }
            } catch {
                made.forEach { $0.delete() }
                throw error
            }
            (frame, bright, across, glow) = (made[0], made[1], made[2], made[3])
        }

        func delete() {
            [frame, bright, across, glow].forEach { $0.delete() }
        }
    }

    /// Needs a current OpenGL 3.3 core context; builds the programs now.
    public convenience init() throws {
        try self.init(shaders: .embedded)
    }

    package init(shaders: ShaderLibrary) throws {
        try requireGL33()
        var built: [ShaderProgram] = []
        do {
            for fragment in Self.fragmentShaders {
                built.append(try ShaderProgram(shaders, vertex: Self.vertexShader, fragment: fragment))
            }
        } catch {
            built.forEach { $0.delete() }
            throw error
        }
        (bright, blur, composite) = (built[0], built[1], built[2])
        epoxy_glGenVertexArrays(1, &vertexArray)
        try glCheck("creating the bloom pass")
    }

    package static let vertexShader = "bloom.vert.glsl"
    package static let fragmentShaders = ["bloom-bright.frag.glsl", "bloom-blur.frag.glsl", "bloom-composite.frag.glsl"]
    /// The root file of every program the pass builds: what a shader directory must hold for it.
    package static var programFiles: [String] { [vertexShader] + fragmentShaders }

    /// Frees the programs and targets; the context must be current.
    public func delete() {
        [bright, blur, composite].forEach { $0.delete() }
        targets?.delete()
        targets = nil
        epoxy_glDeleteVertexArrays(1, &vertexArray)
    }

    /// Runs `drawing` into the frame and draws it with its glow over the bound framebuffer (see
    /// the type). Throws a `CelebrationError` for numbers out of range, before anything is
    /// drawn, and a `GLFailure` when the targets cannot be allocated; an error `drawing` throws
    /// leaves the framebuffer as it was, and the state is restored either way.
    public func apply(_ bloom: Bloom, pixelsPerPoint: Double, drawing: () throws -> Void) throws {
        guard bloom.isEnabled else { return try drawing() }
        try Self.check(bloom, pixelsPerPoint: pixelsPerPoint)
        var viewport = [GLint](repeating: 0, count: 4), framebuffer: GLint = 0
        epoxy_glGetIntegerv(GLenum(GL_VIEWPORT), &viewport)
        epoxy_glGetIntegerv(GLenum(GL_DRAW_FRAMEBUFFER_BINDING), &framebuffer)
        guard viewport[2] > 0, viewport[3] > 0 else { return try drawing() }
        let saved = GLStateSnapshot(), savedBesides = BloomStateSnapshot()
        defer {
            savedBesides.restore()
            saved.restore()
        }
        let targets = try self.targets(width: Int(viewport[2]), height: Int(viewport[3]))
        BloomStateSnapshot.prepare()
        targets.frame.bind()
        epoxy_glClearColor(0, 0, 0, 0)
        epoxy_glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        try drawing()

        // What `drawing` left does not matter from here: every pass sets what it needs.
        BloomStateSnapshot.prepare()
        epoxy_glDisable(GLenum(GL_BLEND))
        epoxy_glDisable(GLenum(GL_DEPTH_TEST))
        epoxy_glDisable(GLenum(GL_CULL_FACE))
        epoxy_glBindVertexArray(vertexArray)
        epoxy_glActiveTexture(GLenum(GL_TEXTURE0))

        targets.bright.bind()
        bright.use()
        epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), targets.frame.texture)
        epoxy_glUniform1i(bright.uniform("uFrame"), 0)
        epoxy_glUniform1f(bright.uniform("uThreshold"), Float(bloom.threshold))
        drawTriangle()

        let weights = BloomKernel.weights(radius: bloom.radius, pixelsPerPoint: pixelsPerPoint)
        blur.use()
        epoxy_glUniform1i(blur.uniform("uImage"), 0)
        epoxy_glUniform1i(blur.uniform("uTaps"), GLint(weights.count - 1))
        epoxy_glUniform1fv(blur.uniform("uWeights"), GLsizei(weights.count), weights)
        for (source, destination, step) in [(targets.bright, targets.across, (1, 0)), (targets.across, targets.glow, (0, 1))] {
            destination.bind()
            epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), source.texture)
            epoxy_glUniform2i(blur.uniform("uStep"), GLint(step.0), GLint(step.1))
            drawTriangle()
        }

        epoxy_glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), GLuint(framebuffer))
        epoxy_glViewport(viewport[0], viewport[1], viewport[2], viewport[3])
        epoxy_glEnable(GLenum(GL_BLEND))
        epoxy_glBlendEquation(GLenum(GL_FUNC_ADD))
        epoxy_glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        composite.use()
        epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), targets.frame.texture)
        epoxy_glActiveTexture(GLenum(GL_TEXTURE1))
        epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), targets.glow.texture)
        epoxy_glUniform1i(composite.uniform("uFrame"), 0)
        epoxy_glUniform1i(composite.uniform("uGlow"), 1)
        epoxy_glUniform2f(composite.uniform("uOrigin"), Float(viewport[0]), Float(viewport[1]))
        epoxy_glUniform1f(composite.uniform("uStrength"), Float(bloom.strength))
        drawTriangle()
    }

    /// The ranges an effect file allows too (`EffectFormat.bloom`), so that nothing the
    /// shaders cannot take reaches them.
    static func check(_ bloom: Bloom, pixelsPerPoint: Double) throws {
        guard Bloom.thresholds.contains(bloom.threshold) else { throw CelebrationError("the bloom threshold must be from 0 to 1, not \(bloom.threshold)") }
        guard Bloom.radii.contains(bloom.radius) else { throw CelebrationError("the bloom radius must be from \(Bloom.radii.lowerBound) to \(Bloom.radii.upperBound) pt, not \(bloom.radius)") }
        guard Bloom.strengths.contains(bloom.strength) else { throw CelebrationError("the bloom strength must be from 0 to \(Bloom.strengths.upperBound), not \(bloom.strength)") }
        guard pixelsPerPoint.isFinite, pixelsPerPoint > 0 else { throw CelebrationError("pixels per point must be a positive number, not \(pixelsPerPoint)") }
    }

    private func drawTriangle() {
        epoxy_glDrawArrays(GLenum(GL_TRIANGLES), 0, 3)
    }

    /// The targets for this size: the ones there are, or new ones when the size changed.
    private func targets(width: Int, height: Int) throws -> Targets {
        if let targets, targets.frame.width == width, targets.frame.height == height { return targets }
        targets?.delete()
        targets = nil
        let made = try Targets(width: width, height: height)
        targets = made
        allocations += 1
        return made
    }

    /// What the last `apply` left in each target, top row first: the frame as drawn, the bright
    /// part, its blur across, and the glow. nil before the first.
    package func readTargets() throws -> (frame: RGBAImage, bright: RGBAImage, across: RGBAImage, glow: RGBAImage)? {
        guard let targets else { return nil }
        var readFramebuffer: GLint = 0
        epoxy_glGetIntegerv(GLenum(GL_READ_FRAMEBUFFER_BINDING), &readFramebuffer)
        defer { epoxy_glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), GLuint(readFramebuffer)) }
        return (try targets.frame.readPixels(), try targets.bright.readPixels(), try targets.across.readPixels(), try targets.glow.readPixels())
    }

    /// Rebuilds the programs from their files; each that fails keeps its previous version, and
    /// the first error is thrown after all have been tried.
    package func reloadShaders() throws {
        try reloadEach([
            { let fresh = try self.bright.rebuilt(); self.bright.delete(); self.bright = fresh },
            { let fresh = try self.blur.rebuilt(); self.blur.delete(); self.blur = fresh },
            { let fresh = try self.composite.rebuilt(); self.composite.delete(); self.composite = fresh },
        ])
    }

    /// Every shader file the programs were built from (what hot reload watches).
    package var shaderFiles: [String] {
        Array(Set(bright.files + blur.files + composite.files)).sorted()
    }
}
