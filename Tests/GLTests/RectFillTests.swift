@preconcurrency import CEpoxy
import ConfettiApp
import ConfettiCore
import ConfettiGL
import GLTestSupport
import Testing
import TestSupport

/// The overlays' fill of a frame's many rectangles (`RectFill`) leaves what a scissored clear of
/// each leaves, byte for byte, both where it sets them in place (a texture: the shm presenter's
/// framebuffer) and where it draws them (a renderbuffer, as a window's framebuffer takes the
/// draw), and no other pixel changes; the caller's GL state is put back, a program it deleted
/// meanwhile left unbound.
@Suite struct RectFillTests {
    static let width = 97, height = 61

    /// Seeded rectangles, overlapping, touching the edges, one pixel wide, and an empty one.
    static func rects(seed: UInt64) -> [PixelRect] {
        var random = SeededGenerator(seed: seed)
        var rects = (0..<40).map { _ in
            let x = random.index(below: width), y = random.index(below: height)
            return PixelRect(x: x, y: y, width: 1 + random.index(below: width - x), height: 1 + random.index(below: min(12, height - y)))
        }
        rects += [PixelRect(x: 0, y: 0, width: 1, height: height), PixelRect(x: width - 3, y: height - 2, width: 3, height: 2),
                  PixelRect(x: 5, y: 5, width: 0, height: 4)]
        return rects
    }

    /// A framebuffer of `width` × `height` with its colour in a texture or a renderbuffer,
    /// bound for drawing and reading; `delete` frees it.
    final class Target {
        var framebuffer: GLuint = 0, texture: GLuint = 0, renderbuffer: GLuint = 0

        init(texture inTexture: Bool) {
            epoxy_glGenFramebuffers(1, &framebuffer)
            epoxy_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
            if inTexture {
                epoxy_glGenTextures(1, &texture)
                epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), texture)
                epoxy_glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA, GLsizei(RectFillTests.width), GLsizei(RectFillTests.height), 0,
                                   GLenum(GL_BGRA), GLenum(GL_UNSIGNED_BYTE), nil)
                epoxy_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_NEAREST)
                epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), 0)
                epoxy_glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), texture, 0)
            } else {
                epoxy_glGenRenderbuffers(1, &renderbuffer)
                epoxy_glBindRenderbuffer(GLenum(GL_RENDERBUFFER), renderbuffer)
                epoxy_glRenderbufferStorage(GLenum(GL_RENDERBUFFER), GLenum(GL_RGBA8), GLsizei(RectFillTests.width), GLsizei(RectFillTests.height))
                epoxy_glFramebufferRenderbuffer(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_RENDERBUFFER), renderbuffer)
            }
            epoxy_glViewport(0, 0, GLsizei(RectFillTests.width), GLsizei(RectFillTests.height))
        }

        var isComplete: Bool { epoxy_glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER)) == GLenum(GL_FRAMEBUFFER_COMPLETE) }

        /// Something to clear: a colour of every channel, and a band of another. Each channel is
        /// a quarter of a step above a byte's value, so it is that byte whether the driver rounds
        /// or truncates (Mesa's llvmpipe does either, by the path a clear takes: 127.5 became
        /// 128 or 127 in consecutive clears).
        func paint() {
            func clearColour(_ r: Int, _ g: Int, _ b: Int, _ a: Int) {
                let byte = { (value: Int) in (Float(value) + 0.25) / 255 }
                epoxy_glClearColor(byte(r), byte(g), byte(b), byte(a))
            }
            clearColour(51, 153, 204, 230)
            epoxy_glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
            epoxy_glEnable(GLenum(GL_SCISSOR_TEST))
            epoxy_glScissor(10, 20, 60, 15)
            clearColour(255, 77, 26, 128)
            epoxy_glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
            epoxy_glDisable(GLenum(GL_SCISSOR_TEST))
        }

        func read() -> [UInt8] {
            var bytes = [UInt8](repeating: 0, count: RectFillTests.width * RectFillTests.height * 4)
            epoxy_glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
            epoxy_glReadPixels(0, 0, GLsizei(RectFillTests.width), GLsizei(RectFillTests.height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), &bytes)
            return bytes
        }

        func delete() {
            epoxy_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
            epoxy_glDeleteFramebuffers(1, &framebuffer)
            if texture != 0 { epoxy_glDeleteTextures(1, &texture) }
            if renderbuffer != 0 { epoxy_glDeleteRenderbuffers(1, &renderbuffer) }
        }
    }

    @Test(arguments: [true, false])
    func fillingRectanglesLeavesWhatClearingEachLeaves(inTexture: Bool) async throws {
        let failures = try await SharedGL.run { () -> [String] in
            let fill = try RectFill(shaders: SharedGL.shaders())
            let target = Target(texture: inTexture)
            defer { fill.delete(); target.delete() }
            var failures: [String] = []
            if !target.isComplete { return ["the framebuffer could not be made"] }
            // Which way it fills: in place exactly where the colour is a texture.
            if (fill.boundTexture() != nil) != inTexture { failures.append("filled in place: \(fill.boundTexture() != nil)") }
            // A program the caller deleted while it was in use is not bound again (an error).
            let other = try RectFill(shaders: SharedGL.shaders())
            other.program.use()
            other.delete()
            for seed: UInt64 in 1...4 {
                let rects = Self.rects(seed: seed)
                target.paint()
                let painted = target.read()
                fill.fill(rects, with: (0, 0, 0, 0), width: Self.width, height: Self.height)
                let filled = target.read()
                target.paint()
                epoxy_glEnable(GLenum(GL_SCISSOR_TEST))
                epoxy_glClearColor(0, 0, 0, 0)
                for rect in rects where !rect.isEmpty {
                    epoxy_glScissor(GLint(rect.x), GLint(rect.y), GLsizei(rect.width), GLsizei(rect.height))
                    epoxy_glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
                }
                epoxy_glDisable(GLenum(GL_SCISSOR_TEST))
                let cleared = target.read()
                if filled == painted { failures.append("seed \(seed): nothing was filled") }
                if filled != cleared {
                    let first = zip(filled, cleared).enumerated().first { $0.element.0 != $0.element.1 }!.offset / 4
                    failures.append("seed \(seed): pixel (\(first % Self.width), \(first / Self.width)) differs from a clear's")
                }
            }
            return failures
        }
        #expect(failures.isEmpty, "\(inTexture ? "texture" : "renderbuffer"): \(failures.joined(separator: "; "))")
    }
}
