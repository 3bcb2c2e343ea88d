@preconcurrency import CEpoxy
import ConfettiGL
import GLTestSupport
import Testing

/// GL errors an app left pending are the app's: the Swift `Celebration` fails no call on them
/// and hands them back, as the C library does (`AppGLErrors`, their one home).
@Suite(.tags(.library)) struct CelebrationAppGLErrorsTests {
    /// The errors GL holds now, oldest first (GL keeps one flag per kind; Mesa keeps one in all).
    static func pending() -> [GLenum] {
        var errors: [GLenum] = []
        while errors.count < 8 {
            let error = epoxy_glGetError()
            if error == GLenum(GL_NO_ERROR) { break }
            errors.append(error)
        }
        return errors
    }

    @Test func anErrorTheAppLeftBeforeInitFireDrawOrDeleteFailsNothingAndIsStillPendingAfter() async throws {
        let viewport = Size(width: 160, height: 90)
        try await SharedGL.run {
            #expect(Self.pending().isEmpty, "the test starts with no error pending")
            let target = try OffscreenTarget(width: 160, height: 90)
            defer { target.delete() }
            target.bind()
            epoxy_glClearColor(0, 0, 0, 0)
            epoxy_glClear(GLbitfield(GL_COLOR_BUFFER_BIT))

            // The app's own mistakes, one before each call: an unknown enum, a negative count,
            // a vertex array that does not exist.
            func appInvalidEnum() { var v: GLint = 0; epoxy_glGetIntegerv(0, &v) }
            func appInvalidValue() { epoxy_glDeleteBuffers(-1, nil) }
            func appInvalidOperation() { epoxy_glBindVertexArray(0x7fff_fff0) }

            appInvalidEnum()
            let celebration = try Celebration(capacity: 4_096, seed: 3)
            #expect(Self.pending() == [GLenum(GL_INVALID_ENUM)], "init hands the app's error back")

            appInvalidValue()
            try celebration.fire("confetti", at: 0, in: viewport)
            #expect(Self.pending() == [GLenum(GL_INVALID_VALUE)], "fire hands the app's error back")

            appInvalidOperation()
            let stats = celebration.draw(at: 0.4, viewport: viewport, pixelsPerPoint: 1)
            #expect(Self.pending() == [GLenum(GL_INVALID_OPERATION)], "draw hands the app's error back")
            let image = try target.readPixels()
            let drawn = stride(from: 3, to: image.pixels.count, by: 4).filter { image.pixels[$0] > 0 }.count
            #expect(drawn > 0 && stats.instances > 0, "the draw drew: \(drawn) pixels, \(stats.instances) instances")

            appInvalidEnum()
            celebration.delete()
            #expect(Self.pending() == [GLenum(GL_INVALID_ENUM)], "delete hands the app's error back")
            #expect(Self.pending().isEmpty)

            // What the debug log heard is the app's calls and the calls that raise them again,
            // nothing of the library's own.
            let heard = GLDebugLog.drain()
            let expected = ["glGetIntegerv", "glDeleteBuffers", "glBindVertexArray", "glEndQuery"]
            let foreign = heard.filter { message in !expected.contains { message.contains($0) } }
            #expect(foreign.isEmpty, "GL errors not the app's: \(foreign)")
        }
    }
}
