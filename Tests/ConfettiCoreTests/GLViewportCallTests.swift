import Foundation
import Testing
import TestSupport

/// ConfettiApp sets the GL viewport only through `setGLViewport` (Scene/GLViewport.swift): the
/// compiler refuses a direct reference to epoxy's function pointer in some of the module's files,
/// and which ones changes with how the files are batched, so one file that builds is no proof
/// for another.
@Suite(.tags(.library)) struct GLViewportCallTests {
    static let wrapper = "Scene/GLViewport.swift"

    /// Files under `folder` (relative to it) that call epoxy's glViewport themselves.
    static func directCallers(under folder: String) throws -> [String] {
        let root = Repository.file(folder)
        guard let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else {
            throw TestFailure("cannot list \(root.path)")
        }
        var found: [String] = []
        for case let file as URL in files where file.pathExtension == "swift" {
            let text = try String(contentsOf: file, encoding: .utf8)
            if text.contains("epoxy_glViewport(") { found.append(String(file.path.dropFirst(root.path.count + 1))) }
        }
        return found.sorted()
    }

    @Test func onlyTheWrapperCallsGLViewport() throws {
        let callers = try Self.directCallers(under: "Sources/ConfettiApp")
        #expect(callers == [Self.wrapper], "call setGLViewport instead of epoxy_glViewport in \(callers.filter { $0 != Self.wrapper })")
    }
}
