@preconcurrency import CEpoxy
@testable import ConfettiApp
import ConfettiGL
import ConfettiProof
import Foundation
import GLTestSupport
import Testing
import TestSupport

/// The bloom pass against its CPU reference (`BloomReference`), pass by pass and end to end,
/// and what it must and must not do to a frame.
@Suite(.tags(.math)) struct BloomTests {
    /// What the GPU drew: the frame without bloom, with it, and every target of the pass.
    struct Drawn {
        var plain: RGBAImage
        var glowing: RGBAImage
        var frame: RGBAImage
        var bright: RGBAImage
        var across: RGBAImage
        var glow: RGBAImage
    }

    /// Sparks and confetti around the button, as the viewer draws them.
    static func scenes() -> [Scene] {
        let small = Size(width: 320, height: 180)
        var rng = SeededGenerator(seed: 57)
        var launch = ClassicSection.standard
        launch.count = 6
        let classic = launch.fireworks(around: Rect.button(centredIn: small), using: &rng).map { Batch<SparkKind>($0, launch.firework.timing) }
        var big = ClassicFirework.standard
        big.sparkSize = 30
        big.sparkCount = 24
        let bigSparks = Batch<SparkKind>(big.sparks(at: Point(160, 90), using: &rng), big.timing)
        var burst = ConfettiSection.mixedShapes
        burst.count = 120
        let confetti = Batch<ConfettiKind>(burst.spawn(in: small, using: &rng), burst.physics)
        let odd = Size(width: 161, height: 91)
        let oddSparks = Batch<SparkKind>(big.sparks(at: Point(80, 45), using: &rng), big.timing)
        return [
            Scene(name: "fireworks and confetti around the button", button: true, batches: classic + [confetti], time: 0.3),
            Scene(name: "large sparks at their peak scale", batches: [bigSparks], time: 0.2),
            Scene(name: "content scale 2", pixelsPerPoint: 2, button: true, batches: classic + [confetti], time: 0.25),
            Scene(name: "odd width and height", viewport: odd, batches: [oddSparks], time: 0.2),
        ]
    }

    static let on = Bloom(isEnabled: true)

    /// `scene` drawn headlessly without bloom and with `bloom`, and the pass's targets.
    func draw(_ scene: Scene, bloom: Bloom = on) async throws -> Drawn {
        let width = Int(scene.viewport.width * scene.pixelsPerPoint), height = Int(scene.viewport.height * scene.pixelsPerPoint)
        return try await SharedGL.run {
            let renderer = try SceneRenderer(shaders: SharedGL.shaders(), capacity: 4096)
            let target = try OffscreenTarget(width: width, height: height)
            defer { renderer.delete(); target.delete() }
            for batch in scene.batches { try renderer.celebration.add(batch, at: 0) }
            renderer.button = scene.button ? CelebrateButton.centred(in: scene.viewport) : nil
            target.bind()
            renderer.render(at: scene.time, viewport: scene.viewport, pixelsPerPoint: scene.pixelsPerPoint)
            let plain = try target.readPixels()
            try renderer.glow(bloom)
            target.bind()
            renderer.render(at: scene.time, viewport: scene.viewport, pixelsPerPoint: scene.pixelsPerPoint)
            if let failure = renderer.takeBloomFailure() { throw failure }
            let glowing = try target.readPixels()
            let stages = try #require(try renderer.bloomPass?.readTargets())
            return Drawn(plain: plain, glowing: glowing, frame: stages.frame, bright: stages.bright, across: stages.across, glow: stages.glow)
        }
    }

    /// Each pass, given the GPU's own input, against the same pass on the CPU: every channel
    /// of every target equal, but for a value at a tie (half a level, where the composite's
    /// weights of 3/4 and 1/4 put many) rounded the other way. Every target is RGBA8 and both
    /// sides compute in float from the same 8-bit input with the same weights, so only the order
    /// of the float operations differs, by about 1e-5 of a level: that can decide a tie, and
    /// nothing else. A changed weight, tap, threshold or sampling position moves values by far
    /// more than that, and not only at ties.
    @Test(arguments: scenes().indices)
    func eachBloomPassMatchesTheCPUFilterGivenTheSameInput(index: Int) async throws {
        let scene = Self.scenes()[index]
        let gpu = try await draw(scene)
        let bloom = Self.on
        let weights = BloomKernel.weights(radius: bloom.radius, pixelsPerPoint: scene.pixelsPerPoint)
        #expect(BloomReference.difference(gpu.frame, gpu.plain).channels == 0, "\(scene.name): drawn into the bloom frame, the frame is the frame drawn without bloom")
        let passes: [(String, RGBAImage, BloomReference.Plane)] = [
            ("bright", gpu.bright, BloomReference.bright(gpu.frame, threshold: bloom.threshold)),
            ("blur across", gpu.across, BloomReference.blur(gpu.bright, weights: weights, across: true)),
            ("blur up", gpu.glow, BloomReference.blur(gpu.across, weights: weights, across: false)),
            ("composite", gpu.glowing, BloomReference.composite(frame: gpu.frame, glow: gpu.glow, strength: bloom.strength)),
        ]
        for (name, gpuImage, cpu) in passes {
            let difference = BloomReference.difference(gpuImage, cpu)
            #expect(difference.beyondTies == 0 && difference.largest <= 1, "\(scene.name), \(name): \(difference)")
        }
        #expect(gpu.glowing != gpu.plain, "\(scene.name): the bloom changed nothing")
    }

    /// The whole filter on the CPU, from the frame the GPU drew without bloom, against the
    /// frame it drew with it, at other numbers than the defaults (so each reaches its shader).
    /// The bound follows from the passes: a tie decided the other way is one level in the
    /// target it happens in; the blurs' weights and the upsampling's add to 1, so a level off
    /// in an input is at most a level off in the sum, plus the pass's own tie: 1 after the
    /// bright pass, 2 and 3 after the blurs, and strength x 3 in the glow added, plus 1 for the
    /// composite's own rounding.
    @Test func theCPUFilterOnTheFrameDrawnWithoutBloomGivesTheFrameDrawnWithIt() async throws {
        let settings = [
            Bloom(isEnabled: true, threshold: 0.2, radius: 4, strength: 2.5),
            Bloom(isEnabled: true, threshold: 0.7, radius: 30, strength: 0.6),
            Bloom(isEnabled: true, threshold: 0, radius: 0.5, strength: 4),
        ]
        for (scene, bloom) in zip([Self.scenes()[2], Self.scenes()[0], Self.scenes()[3]], settings) {
            let gpu = try await draw(scene, bloom: bloom)
            let cpu = BloomReference.apply(bloom, to: gpu.plain, pixelsPerPoint: scene.pixelsPerPoint)
            let bound = 1 + Int((3 * bloom.strength).rounded(.down))
            let difference = BloomReference.difference(gpu.glowing, cpu.output)
            #expect(difference.largest <= bound, "\(scene.name), \(bloom): \(difference), bound \(bound)")
            #expect(BloomReference.difference(gpu.glow, cpu.glow).largest <= 3, "\(scene.name): the glow")
        }
    }

    /// One white disc, 8 pt across, held still in the middle of a 320 x 180 pt frame.
    static func spark(pixelsPerPoint: Double = 1) -> Scene {
        let piece = ConfettiParticle(
            initialPosition: Point(160, 90), initialVelocity: .zero, initialRotation: 0, rotationSpeed: 0,
            flutterAmplitude: 0, flutterFrequency: 0, flutterPhase: 0, flipFrequency: 0, flipPhase: 0,
            spreadStrength: 0, size: Size(width: 8, height: 8), color: RGB(1, 1, 1), shape: .circle
        )
        let physics = ConfettiPhysics(gravity: 0, drag: 1, lifetime: 10, fadeOutDuration: 0.4)
        return Scene(name: "one white spark", pixelsPerPoint: pixelsPerPoint, button: false, batches: [Batch<ConfettiKind>([piece], physics)], time: 1)
    }

    /// The red channel at `points` right of the spark's centre, on its row (points, top-left origin).
    static func red(_ image: RGBAImage, rightOfCentreBy points: Double, pixelsPerPoint: Double) -> Int {
        Int(image[Int((160 + points) * pixelsPerPoint), Int(90 * pixelsPerPoint)].r)
    }

    /// A pixel a few points from a bright spark is brighter with bloom, and one beyond the
    /// glow's reach (the radius, plus a pixel each for the 2 x 2 downsampling and the bilinear
    /// upsampling) is untouched.
    @Test func aPixelAFewPointsFromABrightSparkIsBrighterWithBloomAndOneBeyondTheRadiusIsNot() async throws {
        let bloom = Self.on
        let gpu = try await draw(Self.spark(), bloom: bloom)
        let background = Self.red(gpu.plain, rightOfCentreBy: 8, pixelsPerPoint: 1)
        #expect(Self.red(gpu.plain, rightOfCentreBy: 0, pixelsPerPoint: 1) == 255, "the spark is white")
        var previous = 256
        for distance in [6.0, 9, 12] {
            let glowing = Self.red(gpu.glowing, rightOfCentreBy: distance, pixelsPerPoint: 1)
            #expect(Self.red(gpu.plain, rightOfCentreBy: distance, pixelsPerPoint: 1) == background, "without bloom, \(distance) pt away is background")
            #expect(glowing > background + 8, "\(distance) pt from the centre: \(glowing) with bloom, \(background) without")
            #expect(glowing < previous, "the glow fades outwards: \(glowing) at \(distance) pt")
            previous = glowing
        }
        // The disc's edge is 4 pt from its centre; the glow reaches the radius and 2 pixels beyond.
        let beyond = Self.red(gpu.glowing, rightOfCentreBy: 4 + bloom.radius + 3, pixelsPerPoint: 1)
        #expect(beyond == background, "beyond the radius: \(beyond), background \(background)")
    }

    /// Threshold 1 lets nothing through and strength 0 adds nothing: the frame is unchanged,
    /// to the byte, though every pass ran.
    @Test func thresholdOneOrStrengthZeroLeavesTheFrameUnchanged() async throws {
        for bloom in [Bloom(isEnabled: true, threshold: 1, radius: 12, strength: 4), Bloom(isEnabled: true, threshold: 0, radius: 12, strength: 0)] {
            for scene in [Self.spark(), Self.scenes()[0]] {
                let gpu = try await draw(scene, bloom: bloom)
                #expect(gpu.glowing == gpu.plain, "\(scene.name), \(bloom): \(BloomReference.difference(gpu.glowing, gpu.plain))")
            }
        }
    }

    /// The radius is in points: at content scale 2 the glow spans the same points as at 1 (its
    /// profile along a row, sampled at the same points, within a few levels).
    @Test func theGlowSpansTheSamePointsAtContentScaleOneAndTwo() async throws {
        let bloom = Self.on
        let one = try await draw(Self.spark(pixelsPerPoint: 1), bloom: bloom)
        let two = try await draw(Self.spark(pixelsPerPoint: 2), bloom: bloom)
        for distance in stride(from: 6.0, through: 22, by: 2) {
            let atOne = Self.red(one.glowing, rightOfCentreBy: distance, pixelsPerPoint: 1)
            let atTwo = Self.red(two.glowing, rightOfCentreBy: distance, pixelsPerPoint: 2)
            #expect(abs(atOne - atTwo) <= 6, "\(distance) pt away: \(atOne) at scale 1, \(atTwo) at scale 2")
        }
    }

    /// Over a transparent framebuffer (the overlay's), the glow keeps the picture premultiplied:
    /// no channel above alpha, and alpha where only the glow is.
    @Test func overATransparentFramebufferTheGlowStaysPremultiplied() async throws {
        let scene = Self.scenes()[1]
        let (plain, glowing) = try await SharedGL.run {
            let celebration = try Celebration(capacity: 4096, shaders: SharedGL.shaders(), seed: 1)
            let pass = try BloomPass(shaders: SharedGL.shaders())
            let target = try OffscreenTarget(width: 320, height: 180)
            defer { celebration.delete(); pass.delete(); target.delete() }
            for batch in scene.batches { try celebration.add(batch, at: 0) }
            func frame(_ bloom: Bloom) throws -> RGBAImage {
                target.bind()
                epoxy_glClearColor(0, 0, 0, 0)
                epoxy_glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
                try pass.apply(bloom, pixelsPerPoint: 1) {
                    celebration.draw(at: scene.time, viewport: scene.viewport, pixelsPerPoint: 1)
                }
                return try target.readPixels()
            }
            return (try frame(.standard), try frame(Self.on))
        }
        var glowOnly = 0
        for i in stride(from: 0, to: glowing.pixels.count, by: 4) {
            let a = glowing.pixels[i + 3]
            #expect(glowing.pixels[i] <= a && glowing.pixels[i + 1] <= a && glowing.pixels[i + 2] <= a, "pixel \(i / 4) is not premultiplied")
            if plain.pixels[i + 3] == 0, a > 0 { glowOnly += 1 }
        }
        #expect(glowOnly > 1000, "pixels the glow alone covers: \(glowOnly)")
    }

    /// The pass puts back what it changes, including what a particle draw does not touch.
    @Test func theBloomPassRestoresTheGLStateItTouches() async throws {
        try await SharedGL.run {
            let pass = try BloomPass(shaders: SharedGL.shaders())
            let target = try OffscreenTarget(width: 64, height: 48)
            // The host's own program, vertex array, texture and sampler, bound where the pass binds its own.
            let program = try ShaderProgram(SharedGL.shaders(), vertex: BloomPass.vertexShader)
            var texture: GLuint = 0, sampler: GLuint = 0, vertexArray: GLuint = 0
            epoxy_glGenTextures(1, &texture)
            epoxy_glGenSamplers(1, &sampler)
            epoxy_glGenVertexArrays(1, &vertexArray)
            defer {
                pass.delete(); target.delete(); program.delete()
                epoxy_glDeleteTextures(1, &texture); epoxy_glDeleteSamplers(1, &sampler); epoxy_glDeleteVertexArrays(1, &vertexArray)
            }
            target.bind()
            program.use()
            epoxy_glBindVertexArray(vertexArray)
            epoxy_glViewport(3, 4, 50, 40)
            epoxy_glClearColor(0.25, 0.5, 0.75, 1)
            epoxy_glEnable(GLenum(GL_SCISSOR_TEST))
            epoxy_glScissor(0, 0, 64, 48)
            epoxy_glColorMask(GLboolean(GL_TRUE), GLboolean(GL_FALSE), GLboolean(GL_TRUE), GLboolean(GL_TRUE))
            epoxy_glEnable(GLenum(GL_BLEND))
            epoxy_glBlendFuncSeparate(GLenum(GL_SRC_ALPHA), GLenum(GL_ONE), GLenum(GL_ZERO), GLenum(GL_ONE))
            epoxy_glActiveTexture(GLenum(GL_TEXTURE1))
            epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), texture)
            epoxy_glBindSampler(1, sampler)
            func state() -> [Int] {
                var ints = [GLint](repeating: 0, count: 16), floats = [GLfloat](repeating: 0, count: 4), mask = [GLboolean](repeating: 0, count: 4)
                epoxy_glGetIntegerv(GLenum(GL_VIEWPORT), &ints)
                for (k, name) in [GL_DRAW_FRAMEBUFFER_BINDING, GL_ACTIVE_TEXTURE, GL_TEXTURE_BINDING_2D, GL_SAMPLER_BINDING, GL_BLEND_SRC_RGB, GL_BLEND_DST_RGB, GL_BLEND_SRC_ALPHA, GL_BLEND_DST_ALPHA, GL_CURRENT_PROGRAM, GL_VERTEX_ARRAY_BINDING].enumerated() {
                    epoxy_glGetIntegerv(GLenum(name), &ints[4 + k])
                }
                epoxy_glGetFloatv(GLenum(GL_COLOR_CLEAR_VALUE), &floats)
                epoxy_glGetBooleanv(GLenum(GL_COLOR_WRITEMASK), &mask)
                return ints.map(Int.init) + floats.map { Int($0 * 100) } + mask.map(Int.init)
                    + [GL_SCISSOR_TEST, GL_BLEND].map { Int(epoxy_glIsEnabled(GLenum($0))) }
            }
            let before = state()
            try pass.apply(Self.on, pixelsPerPoint: 1) {
                epoxy_glClearColor(1, 1, 1, 1)
                epoxy_glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
            }
            #expect(state() == before)
            #expect(before[12] == Int(program.id) && before[13] == Int(vertexArray) && before[6] == Int(texture), "the host's objects were bound")
            epoxy_glUseProgram(0)
            epoxy_glBindVertexArray(0)
            epoxy_glDisable(GLenum(GL_SCISSOR_TEST))
            epoxy_glDisable(GLenum(GL_BLEND))
            epoxy_glColorMask(GLboolean(GL_TRUE), GLboolean(GL_TRUE), GLboolean(GL_TRUE), GLboolean(GL_TRUE))
            epoxy_glBindSampler(1, 0)
            epoxy_glActiveTexture(GLenum(GL_TEXTURE0))
        }
    }

    /// Targets are allocated at the first size and again only when the size changes: a
    /// thousand frames allocate nothing more.
    @Test func targetsAreAllocatedOncePerSizeNotPerFrame() async throws {
        try await SharedGL.run {
            let pass = try BloomPass(shaders: SharedGL.shaders())
            let target = try OffscreenTarget(width: 96, height: 54)
            defer { pass.delete(); target.delete() }
            func frames(_ count: Int, width: Int, height: Int) throws {
                for _ in 0..<count {
                    target.bind()
                    epoxy_glViewport(0, 0, GLsizei(width), GLsizei(height))
                    try pass.apply(Self.on, pixelsPerPoint: 1) {}
                }
            }
            try frames(1_000, width: 96, height: 54)
            #expect(pass.allocations == 1)
            try frames(10, width: 40, height: 30)
            #expect(pass.allocations == 2)
            #expect(pass.targets?.frame.width == 40 && pass.targets?.bright.width == 20)
        }
    }

    /// Numbers outside what an effect file allows are refused before anything is drawn.
    @Test func outOfRangeNumbersAreRefusedNamingTheNumber() async throws {
        try await SharedGL.run {
            let pass = try BloomPass(shaders: SharedGL.shaders())
            defer { pass.delete() }
            for (bloom, word) in [(Bloom(isEnabled: true, threshold: 1.5), "threshold"), (Bloom(isEnabled: true, radius: .nan), "radius"), (Bloom(isEnabled: true, strength: -1), "strength")] {
                var drew = false
                #expect {
                    try pass.apply(bloom, pixelsPerPoint: 1) { drew = true }
                } throws: { "\($0)".contains(word) }
                #expect(!drew)
            }
        }
    }
}
