import ConfettiApp
import ConfettiGL
import Foundation
import GLTestSupport
import Testing

@Suite struct HotReloadTests {
    /// A private copy of the shaders in use, to break and mend.
    static func copyShaders() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("confetti-shaders-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try SharedGL.writeShaders(of: ShaderLibrary.application, to: dir)
        return dir
    }

    @Test func brokenShaderIsRejectedAndThePreviousProgramKeepsDrawing() async throws {
        let dir = try Self.copyShaders()
        defer { try? FileManager.default.removeItem(at: dir) }
        let viewport = Size(width: 320, height: 180)
        let particles = ConfettiSection.standard.spawn(in: viewport, seed: 4)
        let fragment = dir.appendingPathComponent("particle.frag.glsl")
        let good = try String(contentsOf: fragment, encoding: .utf8)
        try await SharedGL.run {
            let scene = try SceneRenderer(shaders: .directory(dir), capacity: 64)
            let target = try OffscreenTarget(width: 320, height: 180)
            defer { scene.delete(); target.delete() }
            target.bind()
            try scene.celebration.add(Batch<ConfettiKind>(particles, .standard), at: 0)
            scene.render(at: 0.5, viewport: viewport, pixelsPerPoint: 1)
            let before = try target.readPixels()

            // A typo on line 22 of the fragment shader.
            try good.replacingOccurrences(of: "discard;", with: "discard").write(to: fragment, atomically: true, encoding: .utf8)
            do {
                try scene.reloadShaders()
                Issue.record("a broken shader was accepted")
            } catch let error as ShaderError {
                #expect(error.message.contains("particle.frag.glsl:"), "names the file and line: \(error.message)")
            }
            scene.render(at: 0.5, viewport: viewport, pixelsPerPoint: 1)
            #expect(try target.readPixels() == before, "the previous program keeps drawing")

            // A working edit is taken: every piece drawn at half strength.
            try good.replacingOccurrences(of: "fragColor = colour * coverage;", with: "fragColor = colour * coverage * 0.5;")
                .write(to: fragment, atomically: true, encoding: .utf8)
            try scene.reloadShaders()
            scene.render(at: 0.5, viewport: viewport, pixelsPerPoint: 1)
            #expect(try target.readPixels() != before, "the mended shader is in use")
        }
    }

    /// The overlays' rectangle fill is built with the scene, so a fill shader that does not build
    /// is refused by file and line before anything is shown, and a reload rebuilds it too.
    @Test func brokenFillShaderIsRefusedByFileAndLine() async throws {
        let dir = try Self.copyShaders()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fragment = dir.appendingPathComponent(RectFill.fragmentShader)
        let good = try String(contentsOf: fragment, encoding: .utf8)
        let broken = good.replacingOccurrences(of: "fragColor = uColor;", with: "fragColor = uColor")
        #expect(broken != good)
        try await SharedGL.run {
            let scene = try SceneRenderer(shaders: .directory(dir), capacity: 64)
            defer { scene.delete() }
            try scene.buildRectangleFill()
            #expect(scene.shaderFiles.contains { $0.hasSuffix(RectFill.fragmentShader) })
            try broken.write(to: fragment, atomically: true, encoding: .utf8)
            do {
                try scene.reloadShaders()
                Issue.record("a broken fill shader was accepted on reload")
            } catch let error as ShaderError {
                #expect(error.message.contains("fill.frag.glsl:"), "names the file and line: \(error.message)")
            }
            let fresh = try SceneRenderer(shaders: .directory(dir), capacity: 64)
            defer { fresh.delete() }
            do {
                try fresh.buildRectangleFill()
                Issue.record("a broken fill shader was built")
            } catch let error as ShaderError {
                #expect(error.message.contains("fill.frag.glsl:"), "names the file and line: \(error.message)")
            }
        }
    }

    @Test func watcherSeesAChangedFileOnce() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("confetti-watch-\(UUID()).json")
        try "{}".write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        var watcher = FileWatcher(paths: [file.path])
        let unchanged = watcher.changed()
        #expect(!unchanged)
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(5)], ofItemAtPath: file.path)
        let first = watcher.changed(), second = watcher.changed()
        #expect(first && !second)
    }
}
