@preconcurrency import CEpoxy
@testable import ConfettiApp
import ConfettiGL
import ConfettiProof
import Foundation
import GLTestSupport
import Testing
import TestSupport

/// Sprites against the CPU: the vertex outputs of every kind drawn as a picture (through the one
/// parity harness) and every pixel of headless renders against the reference rasteriser, which
/// samples the same texel bytes in Double. The pictures are made here, so no font or file can
/// change the proof.
@Suite(.tags(.math)) struct SpriteProofTests {
    /// An arrow pointing right over a two-colour gradient, half transparent at the tail and cut
    /// away in one corner: every way of getting the picture wrong (mirrored, flipped, rotated,
    /// its alpha straight, its rows upside down) changes pixels.
    static let arrow: SpriteImage = {
        let w = 48, h = 32
        var pixels = [UInt8](repeating: 0, count: w * h * 4)
        for y in 0..<h {
            for x in 0..<w {
                let u = Double(x) / Double(w - 1), v = Double(y) / Double(h - 1)
                let body = abs(v - 0.5) < 0.2 && u < 0.65
                let head = u >= 0.6 && abs(v - 0.5) < 0.5 * (1 - u) / 0.4
                guard body || head, !(u < 0.15 && v < 0.35) else { continue }
                let a = body && u < 0.3 ? 0.55 : 1.0
                let rgb = SIMD3(0.95 * (1 - u) + 0.1 * u, 0.3 + 0.5 * v, 0.2 + 0.7 * u)
                let o = 4 * (y * w + x)
                for c in 0..<3 { pixels[o + c] = UInt8((rgb[c] * a * 255).rounded()) }
                pixels[o + 3] = UInt8((a * 255).rounded())
            }
        }
        return SpriteImage(width: w, height: h, pixels: pixels, isMask: false)
    }()

    /// A ring with a notch at the top right, as a mask: it takes each particle's colour.
    static let ring: SpriteImage = {
        let n = 40
        var coverage = [UInt8](repeating: 0, count: n * n)
        for y in 0..<n {
            for x in 0..<n {
                let p = SIMD2(Double(x) + 0.5, Double(y) + 0.5) - Double(n) / 2
                let r = (p * p).sum().squareRoot()
                guard r < 19, r > 9, !(p.x > 0 && p.y < 0 && abs(p.x + p.y) < 5) else { continue }
                coverage[y * n + x] = UInt8(min(255, (19 - r) * 128))
            }
        }
        return SpriteImage(width: n, height: n, coverage: coverage)
    }()

    static func sprites(size: Double = 30) -> [Sprite] {
        [try! Sprite(.picture(arrow), size: size), try! Sprite(.picture(ring), size: size * 0.8, weight: 2)]
    }

    static let small = Size(width: 320, height: 180)

    static func confetti(spin: SpinMode = .flip, shading: PaperShading = .none, count: Int = 40, seed: UInt64, size: Double = 30) -> any ParticleBatch {
        var burst = ConfettiSection.standard
        burst.count = count
        burst.sprites = sprites(size: size)
        burst.physics.backShade = 0.6
        burst.physics.spinMode = spin
        burst.physics.shading = shading
        var rng = SeededGenerator(seed: seed)
        return burst.batches(in: small, using: &rng)[0]
    }

    static func sparks(seed: UInt64) -> [any ParticleBatch] {
        var launch = ClassicSection.standard
        launch.count = 3
        launch.firework.sprites = sprites(size: 22)
        var draws = LaunchDraws(SeededGenerator(seed: seed))
        var fountain = FountainFirework.standard
        fountain.sprites = sprites(size: 26)
        let button = Rect.button(centredIn: small)
        return (EffectKinds.Classic.launch(Effect(kind: .classic, classic: launch), around: button, in: small, using: &draws)
            + EffectKinds.Fountain.launch(Effect(kind: .fountain, fountain: fountain), around: button, in: small, using: &draws)).batches
    }

    static func stars(seed: UInt64) -> [any ParticleBatch] {
        var shell = ShellSection.peony
        shell.rockets = 1
        shell.shell.stars = 24
        shell.shell.sprites = sprites(size: 18)
        var rng = SeededGenerator(seed: seed)
        return shell.launch(in: small, using: &rng).batches
    }

    static func scenes() -> [Scene] {
        [
            Scene(name: "sprite confetti flipping, backs mirrored and shaded", batches: [confetti(seed: 5)], time: 0.5),
            Scene(name: "sprite confetti tumbling in foil light", batches: [confetti(spin: .tumble, shading: .foil, seed: 6)], time: 0.7),
            Scene(name: "small sprite confetti read from a far mip level", batches: [confetti(count: 120, seed: 7, size: 9)], time: 0.6),
            Scene(name: "content scale 2: sprite confetti", pixelsPerPoint: 2, batches: [confetti(shading: .matte, seed: 8)], time: 0.45),
            Scene(name: "sprite sparks facing their paths", button: true, batches: sparks(seed: 9), time: 0.32),
            Scene(name: "sprite stars facing their flight", batches: stars(seed: 10), time: 2.1),
            Scene(name: "content scale 2: sprite stars", pixelsPerPoint: 2, batches: stars(seed: 11), time: 2.4),
        ]
    }

    @Test(arguments: scenes().indices)
    func headlessRenderOfSpritesEqualsTheCPUReferenceRasteriser(_ index: Int) async throws {
        let scene = Self.scenes()[index]
        let d = try await PixelProofTests().compare(scene)
        #expect(d.inked > 300, "\(scene.name): the scene shows something (\(d.inked) pixels)")
        #expect(d.beyondBound == 0, "\(scene.name): \(d.beyondBound) pixels beyond the bound, first \(d.firstBeyond)")
        #expect(d.worst <= 2, "\(scene.name): a pixel differs by \(d.worst) levels at \(d.worstAt)")
        #expect(d.mean <= 0.5, "\(scene.name): mean difference \(d.mean) levels")
        print(String(format: "sprite pixels, %@: %d drawn pixels, worst %d levels, mean %.3f", scene.name, d.inked, d.worst, d.mean))
    }

    /// The scenes show what they claim: pieces on both faces, several mip levels, the star
    /// sprites moving.
    @Test func spriteScenesShowBothFacesAndSeveralLevels() {
        var levels = Set<Int>(), faces = Set<Bool>()
        for scene in Self.scenes() {
            for batch in scene.batches.of(ConfettiKind.self) {
                for piece in batch.particles {
                    let s = batch.uniforms.evaluate(piece, at: scene.time)
                    guard s.alive, let sprite = ConfettiKind.drawn(piece, s, pixelsPerPoint: scene.pixelsPerPoint).sprite else { continue }
                    levels.insert(sprite.level)
                    if batch.uniforms.spinMode == .flip { faces.insert(sprite.mirror < 0) }
                }
            }
        }
        #expect(levels.count >= 3, "mip levels read: \(levels.sorted())")
        #expect(faces == [true, false], "flipping sprites seen from the front and mirrored from behind")
    }

    /// Every kind's vertex shader with sprites: the quads, their proportions, levels, glints
    /// and mirrors, and the page the span's table names, from the shader's outputs.
    @Test func spriteVertexOutputsMatchTheCPUForEveryKind() async throws {
        let table = SpriteTable(images: Self.sprites().images, pages: [5, 2])
        let times = [0.05, 0.3, 0.61, 0.9, 1.7, 2.3]
        for spin in [SpinMode.flip, .tumble] {
            let batch = Self.confetti(spin: spin, shading: .foil, count: 60, seed: 12).typed(ConfettiKind.self)!
            let report = try await ParityHarness.check(ConfettiKind.self, particles: batch.particles, uniforms: batch.uniforms, epoch: 10, times: times,
                                                       viewport: Self.small, pixelsPerPoint: 1.5, sprites: table)
            #expect(report.samples > 300)
        }
        for batch in Self.sparks(seed: 13).of(SparkKind.self) + [] {
            _ = try await ParityHarness.check(SparkKind.self, particles: batch.particles, uniforms: batch.uniforms, epoch: 3, times: times,
                                              viewport: Self.small, pixelsPerPoint: 2, sprites: table)
        }
        for batch in Self.stars(seed: 14).of(StarKind.self) where !batch.sprites.isEmpty {
            let report = try await ParityHarness.check(StarKind.self, particles: batch.particles, uniforms: batch.uniforms, epoch: 1, times: times.map { $0 + 1.5 },
                                                       viewport: Self.small, pixelsPerPoint: 1, sprites: table)
            #expect(report.samples > 100)
        }
    }

    /// Removing every launch frees the pictures the atlas held (their texels and images, 64 of
    /// them up to 22 MB and their sources), and the next launch's pictures are drawn as before.
    @Test func removingEveryLaunchFreesItsPictures() async throws {
        try await SharedGL.run {
            let celebration = try Celebration(capacity: 256)
            let screen = try OffscreenTarget(width: 320, height: 180)
            defer { celebration.delete(); screen.delete() }
            try celebration.add(Self.confetti(seed: 20), at: 0)
            #expect(celebration.atlas.pageCount == 2 && celebration.atlas.heldBytes == 2 * SpriteTexels.pageBytes)
            celebration.removeAll()
            #expect(celebration.atlas.pageCount == 0 && celebration.atlas.heldBytes == 0, "remove all keeps no picture")
            try celebration.add(Self.confetti(seed: 21), at: 1)
            screen.bind()
            #expect(celebration.draw(at: 1.5, viewport: Self.small, pixelsPerPoint: 1).instances == 40)
            #expect(celebration.atlas.pageCount == 2)
            #expect(epoxy_glGetError() == GLenum(GL_NO_ERROR))
        }
    }

    /// Drawing sprites leaves the host's texture unit, its array texture and its unpack state as
    /// they were, and the same picture uploaded twice takes one page.
    @Test func spritesLeaveTheHostsTextureAndUnpackStateAsTheyWere() async throws {
        try await SharedGL.run {
            let celebration = try Celebration(capacity: 256)
            let screen = try OffscreenTarget(width: 320, height: 180)
            var hostTexture: GLuint = 0, hostBuffer: GLuint = 0
            epoxy_glGenTextures(1, &hostTexture)
            epoxy_glGenBuffers(1, &hostBuffer)
            defer {
                celebration.delete(); screen.delete()
                epoxy_glDeleteTextures(1, &hostTexture); epoxy_glDeleteBuffers(1, &hostBuffer)
            }
            // The host's unusual state: unit 3 active, its own array texture on unit 0, a pixel
            // unpack buffer and odd unpack parameters.
            epoxy_glActiveTexture(GLenum(GL_TEXTURE0))
            epoxy_glBindTexture(GLenum(GL_TEXTURE_2D_ARRAY), hostTexture)
            epoxy_glActiveTexture(GLenum(GL_TEXTURE3))
            epoxy_glBindBuffer(GLenum(GL_PIXEL_UNPACK_BUFFER), hostBuffer)
            epoxy_glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 8)
            epoxy_glPixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), 17)
            epoxy_glPixelStorei(GLenum(GL_UNPACK_SKIP_ROWS), 3)
            func state() -> [GLint] {
                var values: [GLint] = []
                for name in [GL_ACTIVE_TEXTURE, GL_PIXEL_UNPACK_BUFFER_BINDING, GL_UNPACK_ALIGNMENT, GL_UNPACK_ROW_LENGTH, GL_UNPACK_SKIP_ROWS] {
                    var v: GLint = 0
                    epoxy_glGetIntegerv(GLenum(name), &v)
                    values.append(v)
                }
                epoxy_glActiveTexture(GLenum(GL_TEXTURE0))
                var bound: GLint = 0
                epoxy_glGetIntegerv(GLenum(GL_TEXTURE_BINDING_2D_ARRAY), &bound)
                epoxy_glActiveTexture(GLenum(values[0]))
                return values + [bound]
            }
            let before = state()
            #expect(before[5] == GLint(hostTexture))
            try celebration.add(Self.confetti(seed: 20), at: 0)
            try celebration.add(Self.confetti(seed: 21), at: 0.1)
            #expect(state() == before, "uploading sprites puts the host's state back")
            screen.bind()
            let stats = celebration.draw(at: 0.5, viewport: Self.small, pixelsPerPoint: 1)
            #expect(stats.instances == 80)
            #expect(state() == before, "drawing sprites puts the host's state back")
            #expect(celebration.atlas.pageCount == 2, "two pictures, two pages, however many launches show them")
            #expect(epoxy_glGetError() == GLenum(GL_NO_ERROR))
            // The shared context goes back to GL's defaults for the tests that follow.
            epoxy_glBindBuffer(GLenum(GL_PIXEL_UNPACK_BUFFER), 0)
            epoxy_glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 4)
            epoxy_glPixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), 0)
            epoxy_glPixelStorei(GLenum(GL_UNPACK_SKIP_ROWS), 0)
            epoxy_glActiveTexture(GLenum(GL_TEXTURE0))
            epoxy_glBindTexture(GLenum(GL_TEXTURE_2D_ARRAY), 0)
        }
    }

    /// A full atlas refuses a launch with new pictures while every page is on screen, changing
    /// nothing, and takes it once they are over.
    @Test func aFullAtlasRefusesNewPicturesUntilItsPagesAreFree() async throws {
        try await SharedGL.run {
            let atlas = SpriteAtlas()
            defer { atlas.delete() }
            func picture(_ k: Int) -> SpriteImage {
                SpriteImage(width: 2, height: 1, pixels: [UInt8(k % 256), UInt8(k / 256), 0, 255, 0, 0, 0, 255], isMask: false)
            }
            let first = try atlas.pages(for: (0..<SpriteAtlas.maxPages).map(picture), now: 0, until: 5)
            #expect(first == Array(0..<SpriteAtlas.maxPages))
            #expect(throws: CelebrationError.self) { try atlas.pages(for: [picture(999)], now: 1, until: 6) }
            #expect(atlas.pageCount == SpriteAtlas.maxPages)
            #expect(try atlas.pages(for: [picture(3)], now: 1, until: 6) == [3], "a picture it holds is no new page")
            let reused = try atlas.pages(for: [picture(999)], now: 5.5, until: 9)
            #expect(reused.count == 1 && reused[0] != 3, "a page whose spans are over is taken, not one still on screen")
            #expect(epoxy_glGetError() == GLenum(GL_NO_ERROR))
        }
    }
}
