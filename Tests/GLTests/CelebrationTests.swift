@preconcurrency import CEpoxy
import ConfettiApp
import ConfettiCore
import ConfettiGL
import Foundation
import GLTestSupport
import Testing
import TestSupport

/// The embedding facade, used as an app with its own context and state would use it.
@Suite(.tags(.library)) struct CelebrationTests {
    /// Every piece of state `draw` may touch, read back from GL.
    struct HostState: Equatable {
        var blend, depthTest, cullFace: Bool
        var blendFunc: [GLint], blendEquation: [GLint]
        var program, vertexArray, arrayBuffer, drawFramebuffer, readFramebuffer: GLint
        var viewport: [GLint]

        static func read() -> HostState {
            func int(_ name: Int32) -> GLint { var v: GLint = 0; epoxy_glGetIntegerv(GLenum(name), &v); return v }
            var viewport = [GLint](repeating: 0, count: 4)
            epoxy_glGetIntegerv(GLenum(GL_VIEWPORT), &viewport)
            return HostState(
                blend: epoxy_glIsEnabled(GLenum(GL_BLEND)) == GLboolean(GL_TRUE),
                depthTest: epoxy_glIsEnabled(GLenum(GL_DEPTH_TEST)) == GLboolean(GL_TRUE),
                cullFace: epoxy_glIsEnabled(GLenum(GL_CULL_FACE)) == GLboolean(GL_TRUE),
                blendFunc: [GL_BLEND_SRC_RGB, GL_BLEND_DST_RGB, GL_BLEND_SRC_ALPHA, GL_BLEND_DST_ALPHA].map(int),
                blendEquation: [GL_BLEND_EQUATION_RGB, GL_BLEND_EQUATION_ALPHA].map(int),
                program: int(GL_CURRENT_PROGRAM), vertexArray: int(GL_VERTEX_ARRAY_BINDING), arrayBuffer: int(GL_ARRAY_BUFFER_BINDING),
                drawFramebuffer: int(GL_DRAW_FRAMEBUFFER_BINDING), readFramebuffer: int(GL_READ_FRAMEBUFFER_BINDING),
                viewport: viewport
            )
        }
    }

    @Test func drawPutsConfettiOverTheHostsPixelsAndLeavesItsGLStateAsItFoundIt() async throws {
        let viewport = Size(width: 320, height: 180)
        try await SharedGL.run {
            let celebration = try Celebration(capacity: 256)
            // The host's own objects: a program, a vertex array, a buffer, two framebuffers.
            let hostProgram = try ShaderProgram(.application, vertex: "app/button.vert.glsl", fragment: "app/button.frag.glsl")
            let screen = try OffscreenTarget(width: 320, height: 180), other = try OffscreenTarget(width: 8, height: 8)
            var hostArray: GLuint = 0, hostBuffer: GLuint = 0
            epoxy_glGenVertexArrays(1, &hostArray)
            epoxy_glGenBuffers(1, &hostBuffer)
            defer {
                celebration.delete(); hostProgram.delete(); screen.delete(); other.delete()
                epoxy_glDeleteVertexArrays(1, &hostArray); epoxy_glDeleteBuffers(1, &hostBuffer)
            }
            try celebration.fire(.celebration, at: 100, in: viewport)

            // The host draws its frame: a teal background…
            screen.bind()
            epoxy_glClearColor(0.1, 0.35, 0.4, 1)
            epoxy_glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
            // …and leaves unusual state behind.
            epoxy_glDisable(GLenum(GL_BLEND))
            epoxy_glBlendFuncSeparate(GLenum(GL_ZERO), GLenum(GL_SRC_COLOR), GLenum(GL_ONE_MINUS_DST_ALPHA), GLenum(GL_CONSTANT_COLOR))
            epoxy_glBlendEquationSeparate(GLenum(GL_FUNC_REVERSE_SUBTRACT), GLenum(GL_MAX))
            epoxy_glEnable(GLenum(GL_DEPTH_TEST))
            epoxy_glEnable(GLenum(GL_CULL_FACE))
            epoxy_glCullFace(GLenum(GL_FRONT_AND_BACK))
            hostProgram.use()
            epoxy_glBindVertexArray(hostArray)
            epoxy_glBindBuffer(GLenum(GL_ARRAY_BUFFER), hostBuffer)
            epoxy_glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), GLuint(otherFramebuffer(other)))
            epoxy_glViewport(0, 0, 320, 180)
            let before = HostState.read()
            #expect(!before.blend && before.depthTest && before.cullFace && before.program != 0 && before.vertexArray != 0)

            let stats = celebration.draw(at: 100.25, viewport: viewport, pixelsPerPoint: 1)
            #expect(stats.instances == 16 + 30, "two fireworks and a confetti burst")
            #expect(HostState.read() == before, "the host's state is as it was")
            // Firing between the host's own calls (an upload to the rings) keeps its buffer bound too.
            try celebration.fire(.confetti, at: 100.25, in: viewport)
            #expect(HostState.read() == before, "the host's state is as it was after a fire")
            // The shared test context goes back to GL's defaults for the tests that follow.
            epoxy_glCullFace(GLenum(GL_BACK))
            epoxy_glDisable(GLenum(GL_CULL_FACE))
            epoxy_glDisable(GLenum(GL_DEPTH_TEST))
            epoxy_glBlendEquation(GLenum(GL_FUNC_ADD))
            epoxy_glBlendFunc(GLenum(GL_ONE), GLenum(GL_ZERO))
            epoxy_glUseProgram(0)
            epoxy_glBindVertexArray(0)
            epoxy_glBindBuffer(GLenum(GL_ARRAY_BUFFER), 0)

            let image = try screen.readPixels()
            let teal = (UInt8(26), UInt8(89), UInt8(102))
            var tealPixels = 0, coloured = 0
            for y in 0..<image.height {
                for x in 0..<image.width {
                    let p = image[x, y]
                    if (p.r, p.g, p.b) == teal { tealPixels += 1 } else { coloured += 1 }
                }
            }
            // Confetti and sparks drawn over the host's background, which shows everywhere else.
            #expect(coloured > 500, "\(coloured) pixels show the celebration")
            #expect(tealPixels > image.width * image.height / 2)
        }
    }

    /// The name of an offscreen target's framebuffer, found by binding it.
    func otherFramebuffer(_ target: OffscreenTarget) -> GLint {
        var previous: GLint = 0, name: GLint = 0
        epoxy_glGetIntegerv(GLenum(GL_DRAW_FRAMEBUFFER_BINDING), &previous)
        target.bind()
        epoxy_glGetIntegerv(GLenum(GL_DRAW_FRAMEBUFFER_BINDING), &name)
        epoxy_glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), GLuint(previous))
        return name
    }

    @Test func badInputToFireThrowsAClearErrorAndChangesNothing() async throws {
        try await SharedGL.run {
            let celebration = try Celebration(capacity: 64)
            defer { celebration.delete() }
            let good = Size(width: 320, height: 180)
            let cases: [(String, () throws -> Void, String)] = [
                ("unknown preset", { try celebration.fire("confeti", at: 0, in: good) }, "Did you mean 'confetti'"),
                ("zero viewport", { try celebration.fire(.confetti, at: 0, in: Size(width: 0, height: 180)) }, "viewport"),
                ("NaN viewport", { try celebration.fire(.confetti, at: 0, in: Size(width: .nan, height: 180)) }, "viewport"),
                ("infinite viewport", { try celebration.fire(.classic, at: 0, in: Size(width: 320, height: .infinity)) }, "viewport"),
                ("negative viewport", { try celebration.fire(.fountain, at: 0, in: Size(width: -5, height: 180)) }, "viewport"),
                ("NaN time", { try celebration.fire(.confetti, at: .nan, in: good) }, "time"),
                ("more than the ring holds", { var big = Effect.confetti; big.confetti.count = 65; try celebration.fire(big, at: 0, in: good) }, "does not fit"),
                // Refused before spawning: 4.2e9 sparks would abort in the allocator after 40 s.
                ("beyond the budget", {
                    var huge = Effect.classic
                    huge.classic.count = 1_000
                    huge.classic.firework.sparkCount = 4_194_304
                    try celebration.fire(huge, at: 0, in: good)
                }, "a launch of 4.2e9 sparks is above the limit of 2,097,152 particles per launch: classic.fireworks × classic.sparkCount = 1,000 × 4,194,304"),
                // A shell whose glitter per star is beyond any integer (a trap in the check before).
                ("glitter beyond any integer", {
                    var glitter = Effect.peony
                    glitter.shell.shell.stages.glitter.interval = 1e-300
                    try celebration.fire(glitter, at: 0, in: good)
                }, "shell.rockets × shell.stars × shell.lifetime / shell.glitterInterval"),
                // Each firework fits alone, but the launch's 2 × 40 sparks do not.
                ("a launch larger than the ring", { var pair = Effect.classic; pair.classic.firework.sparkCount = 40; try celebration.fire(pair, at: 0, in: good) }, "a launch of 80 sparks does not fit in the sparks ring of 64 (capacity): classic.fireworks × classic.sparkCount = 2 × 40"),
            ]
            for (name, call, words) in cases {
                do {
                    try call()
                    Issue.record("\(name) was accepted")
                } catch let error as CelebrationError {
                    #expect(error.description.contains(words), "\(name): \(error)")
                }
                #expect(celebration.launches == 0 && celebration.isIdle(at: 0) && celebration.renderer(of: ConfettiKind.self).ring.spans.isEmpty
                        && celebration.renderer(of: SparkKind.self).ring.spans.isEmpty && celebration.renderer(of: ConfettiKind.self).ring.uploadCount == 0, "\(name) changed something")
            }
            #expect(throws: CelebrationError.self) { _ = try Celebration(capacity: 0) }
            // Two rings (32- and 60-byte records) beyond 1 GiB are refused before anything is allocated.
            #expect { _ = try Celebration(capacity: Celebration.maxCapacity + 1) } throws: { error in
                "\(error)".contains("1,073,741,824")
            }
        }
    }

    @Test func isIdleWhenNothingIsAliveOrWaitingToAppear() async throws {
        try await SharedGL.run {
            let celebration = try Celebration(capacity: 256)
            defer { celebration.delete() }
            let viewport = Size(width: 640, height: 360)
            #expect(celebration.isIdle(at: 0))
            try celebration.fire(.fountain, at: 10, in: viewport)
            // Launched at 10: waiting before, alive from the first spark to the last one's end.
            #expect(!celebration.isIdle(at: 9.5), "waiting to appear")
            #expect(!celebration.isIdle(at: 10.02), "the first spark is still to come")
            #expect(!celebration.isIdle(at: 10.9))
            let end = 10 + 10 * 0.05 + 0.7
            #expect(!celebration.isIdle(at: end - 1e-6))
            #expect(celebration.isIdle(at: end + 1e-6))
            #expect(celebration.liveParticles(at: 10.3) == 10 && celebration.liveParticles(at: end + 1e-6) == 0)
        }
    }

    /// `fire` spawns each launch once in ConfettiCore, from RNG stream k of its seed, and what
    /// it uploads and the sounds it returns come from that one pass.
    @Test func fireSpawnsEachLaunchOnceAndReturnsThatPass() async throws {
        try await SharedGL.run {
            let celebration = try Celebration(capacity: 4_096, seed: 21)
            defer { celebration.delete() }
            let viewport = Size(width: 640, height: 360)
            var heard: [[SoundEvent]] = []
            let counter = SpawnPasses()
            try SpawnPasses.$counter.withValue(counter) {
                heard.append(try celebration.fire(.celebration, at: 5, in: viewport, around: nil).sounds)
                heard.append(try celebration.fire(.peony, at: 6, in: viewport, around: nil).sounds)
            }
            #expect(counter.all == ["classic": 1, "confetti": 1, "shell": 1])
            let peony = Effect.peony.launch(.shell, seed: 21, index: 1, around: Rect.button(centredIn: viewport), in: viewport)
            #expect(heard.count == 2 && heard[1] == peony.sounds.map { $0.delayed(by: 6) })
            #expect(celebration.launches == 2)
            #expect(celebration.liveParticles(at: 6 + 1.5) >= peony.batches.map(\.particleCount).reduce(0, +) / 2)
        }
    }
}
