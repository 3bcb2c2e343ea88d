import CGLFW
import ConfettiApp
import ConfettiGL
import Foundation
import GLTestSupport
import Testing
import TestSupport

/// The viewer never exits on its own input: what cannot fit is refused in the title and on
/// stderr, and the viewer goes on drawing. Driven in-process, in a real window on Xvfb.
@Suite struct ViewerInputTests {
    /// Writes `text` to `url` with its modification time moved forward, so a watcher sees it.
    static func edit(_ url: URL, _ text: String, step: inout Double) throws {
        // Written beside it, given its time, then renamed over it: the viewer, which polls the
        // time, sees one change with the new text. (Written in place and then given a time, a
        // poll between the two saw two changes and reloaded the text twice.)
        let edited = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).edited")
        try text.write(to: edited, atomically: false, encoding: .utf8)
        step += 10
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(step)], ofItemAtPath: edited.path)
        guard rename(edited.path, url.path) == 0 else { throw TestFailure("could not rename \(edited.path) over \(url.path): errno \(errno)") }
    }

    static func key(_ key: Int32) -> WindowEvent { .key(Int(key), repeated: false) }

    @Test func stressLevelsBurstsClicksAndReloadsThatCannotFitAreRefusedAndTheViewerGoesOn() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("confetti-viewer-input-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let effectFile = dir.appendingPathComponent("effect.json")
        try EffectFile.encode(.celebration).write(to: effectFile, atomically: true, encoding: .utf8)
        let shaderDir = dir.appendingPathComponent("shaders")
        try FileManager.default.createDirectory(at: shaderDir, withIntermediateDirectories: true)
        try SharedGL.writeShaders(of: ShaderLibrary.application, to: shaderDir)

        try await SharedGL.withDisplay {
            var options = Viewer.Options()
            options.width = 320
            options.height = 180
            options.vsync = false
            options.capacity = 2_000
            options.effectFile = effectFile.path
            options.shaderDirectory = shaderDir.path
            let viewer = try Viewer(options: options)
            defer { viewer.close() }
            var notices: [String] = []
            viewer.notice = { notices.append($0) }
            var step = 0.0

            // Key 6 asks for a million pieces alive in a ring of 2,000: refused, said, no stress.
            #expect(viewer.handle(Self.key(GLFW_KEY_6)))
            #expect(viewer.stress == nil)
            #expect(viewer.window.title.contains("refused") && viewer.window.title.contains("does not fit"), "\(viewer.window.title)")
            #expect(notices.last?.contains("key 6 (stress 1,000,000)") == true, "\(notices)")
            #expect(notices.last?.contains("--capacity") == true)
            // …and the viewer goes on: Space fires and the frame draws it; the refusal is cleared.
            viewer.handle(Self.key(GLFW_KEY_SPACE))
            viewer.advance(wall: 0.2)
            #expect(viewer.renderFrame().instances == 30)
            #expect(viewer.refusal == nil && !viewer.window.title.contains("refused"))
            // Key 1, a thousand, fits: 16 launches of 67.
            viewer.handle(Self.key(GLFW_KEY_1))
            #expect(viewer.stress == 1_000)

            // A reloaded effect that asks for more pieces than the ring holds is refused like at
            // start-up (before, Space then killed the viewer).
            try Self.edit(effectFile, #"{"kind": "confetti", "confetti": {"count": 5000}}"#, step: &step)
            viewer.reloadChangedFiles()
            #expect(viewer.reloadError?.contains("a launch of 5,000 confetti pieces does not fit in the confetti ring of 2,000 (--capacity): confetti.count = 5,000") == true, "\(viewer.reloadError ?? "nil")")
            #expect(viewer.reloadError?.contains(effectFile.path) == true)
            #expect(viewer.window.title.contains("reload failed"))
            #expect(viewer.effect.confetti.count == 30 && viewer.effect.kind == .celebration, "the last good effect stays")
            viewer.handle(Self.key(GLFW_KEY_R))
            viewer.handle(Self.key(GLFW_KEY_0))
            viewer.handle(Self.key(GLFW_KEY_SPACE))
            #expect(viewer.renderer.celebration.renderer(of: ConfettiKind.self).ring.spans.map(\.count) == [30])

            // 1,000 fireworks of a million sparks: refused before spawning (SIGABRT before);
            // a click on the button still fires the last good celebration.
            try Self.edit(effectFile, #"{"kind": "classic", "classic": {"fireworks": 1000, "sparkCount": 1000000}}"#, step: &step)
            viewer.reloadChangedFiles()
            #expect(viewer.reloadError?.contains("classic.fireworks × classic.sparkCount") == true, "\(viewer.reloadError ?? "nil")")
            #expect(viewer.reloadError?.contains("particles per launch") == true)
            let button = viewer.button.frame
            #expect(viewer.handle(.click(x: button.midX, y: button.minY + button.height / 2)))
            #expect(viewer.renderer.celebration.renderer(of: SparkKind.self).ring.spans.reduce(0) { $0 + $1.count } == 16)
            #expect(viewer.refusal == nil)

            // With stress on, a reload whose lifetime would need more room than the ring has is
            // refused too, naming the stress level.
            viewer.handle(Self.key(GLFW_KEY_1))
            try Self.edit(effectFile, #"{"kind": "confetti", "confetti": {"lifetime": 0.001, "fadeOutDuration": 0}}"#, step: &step)
            viewer.reloadChangedFiles()
            #expect(viewer.reloadError?.contains("key 1 (stress 1,000)") == true, "\(viewer.reloadError ?? "nil")")
            #expect(viewer.effect.confetti.physics.lifetime == 1.5)
            // A good edit is taken and clears the message.
            try Self.edit(effectFile, #"{"kind": "confetti", "confetti": {"count": 40}}"#, step: &step)
            viewer.reloadChangedFiles()
            #expect(viewer.reloadError == nil && viewer.effect.confetti.count == 40)

            // A shader reloaded with a uniform of another type is refused by the interface
            // check after linking (before, a GL error killed the viewer, blamed on an upload).
            let vertex = shaderDir.appendingPathComponent("confetti.vert.glsl")
            let good = try String(contentsOf: vertex, encoding: .utf8)
            try Self.edit(vertex, good.replacingOccurrences(of: "uniform float uTime;", with: "uniform int uTime;"), step: &step)
            viewer.reloadChangedFiles()
            #expect(viewer.reloadError?.contains("the uniform 'uTime' is declared as int, but the renderer sets a float") == true, "\(viewer.reloadError ?? "nil")")
            viewer.handle(Self.key(GLFW_KEY_SPACE))
            #expect(viewer.refusal == nil)

            // The loop itself: stress launches keep coming and every frame draws, no GL error.
            let start = viewer.framesDrawn
            var live: [Int] = []
            viewer.afterFrame = { v in
                live.append(v.lastFrame.instances)
                if v.framesDrawn - start >= 60 { v.window.shouldClose = true }
            }
            try viewer.run()
            #expect(viewer.framesDrawn - start >= 60)
            #expect(live.allSatisfy { $0 > 0 }, "every frame drew something")
            #expect(viewer.stress == 1_000)
            print("viewer input: \(notices.count) notices, e.g. \(notices.first ?? "")")
        }
    }
}
