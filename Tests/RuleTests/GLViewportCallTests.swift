import Foundation
import Testing
import TestSupport

/// ConfettiApp sets the GL viewport and binds the window's framebuffer only through ConfettiGL
/// (`setGLViewport`, `bindWindowFramebuffer`): the compiler refuses ConfettiApp's direct
/// references to those two epoxy function pointers in some of its files, in a release build even
/// in a wrapper of its own, so one file that builds is no proof for another.
@Suite(.tags(.library)) struct GLViewportCallTests {
    /// Files under `folder` (relative to it) that call epoxy's glViewport or glBindFramebuffer themselves.
    static func directCallers(under folder: String) throws -> [String] {
        let root = Repository.file(folder)
        guard let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else {
            throw TestFailure("cannot list \(root.path)")
        }
        var found: [String] = []
        for case let file as URL in files where file.pathExtension == "swift" {
            let text = try String(contentsOf: file, encoding: .utf8)
            if text.contains("epoxy_glViewport(") || text.contains("epoxy_glBindFramebuffer(") { found.append(String(file.path.dropFirst(root.path.count + 1))) }
        }
        return found.sorted()
    }

    @Test func onlyConfettiGLCallsGLViewport() throws {
        let callers = try Self.directCallers(under: "Sources/ConfettiApp")
        #expect(callers.isEmpty, "call setGLViewport, bindWindowFramebuffer or bindGLFramebuffer instead of epoxy's pointer in \(callers)")
    }
}
