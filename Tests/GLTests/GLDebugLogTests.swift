@preconcurrency import CEpoxy
import ConfettiApp
import ConfettiGL
import Foundation
import GLTestSupport
import Testing
import TestSupport

@Suite(.tags(.library)) struct GLDebugLogTests {
    @Test func driverErrorsReachTheDebugLogWithTheirMessage() async throws {
        try await SharedGL.run {
            // A deliberate error: an enum glEnable does not know.
            epoxy_glEnable(GLenum(0x1234_5678 & 0xFFFF))
            let errors = GLDebugLog.drain()
            #expect(errors.count == 1, "reported: \(errors)")
            _ = epoxy_glGetError()  // clear the flag the error also set
        }
    }

    /// A program that never drains the log (the viewer in a debug build) keeps at most
    /// `keptErrors` messages, however many frames fail.
    @Test func theLogKeepsABoundedNumberOfErrors() async throws {
        try await SharedGL.run {
            for _ in 0..<(GLDebugLog.keptErrors + 500) {
                epoxy_glEnable(GLenum(0x5678))
            }
            _ = epoxy_glGetError()
            let errors = GLDebugLog.drain()
            #expect(errors.count == GLDebugLog.keptErrors + 1)
            #expect(errors.last == "… and 500 more GL errors")
            #expect(GLDebugLog.drain().isEmpty)
        }
    }
}
