import ConfettiApp
import ConfettiCore
import ConfettiGL
import Foundation
import Testing
import TestSupport

/// A `--shader-dir` is checked for every file the scene's programs are built from before
/// `render` makes anything: the particle kinds' shaders (from the registry), the glow's and the
/// button's. A folder missing one is refused in one line, exit 2, with no output folder made.
@Suite struct ShaderDirectoryTests {
    /// A copy of the project's `Shaders/` (with `app/`) without `missing`.
    static func shaders(without missing: String, in scratch: Scratch) throws -> String {
        let copy = scratch.url.appendingPathComponent("shaders")
        try FileManager.default.copyItem(at: Repository.file("Shaders"), to: copy)
        try FileManager.default.removeItem(at: copy.appendingPathComponent(missing))
        return copy.path
    }

    @Test(arguments: [
        // The shells' stars: the check takes every registered particle kind's files, not only paper's and sparks'.
        (missing: "star.vert.glsl", effect: "peony"),
        (missing: "light.frag.glsl", effect: "peony"),
        (missing: "spark.vert.glsl", effect: "classic"),
        // The glow's passes: the viewer can turn the glow on at any time.
        (missing: "bloom-composite.frag.glsl", effect: "confetti"),
        (missing: "app/button.frag.glsl", effect: "celebration"),
    ])
    func aShaderFolderWithoutAFileIsRefusedBeforeRenderMakesAnything(missing: String, effect: String) async throws {
        let scratch = try Scratch("shader-dir")
        let shaders = try Self.shaders(without: missing, in: scratch)
        let out = scratch.path("out")
        let outcome = try await ConfettiBinary.run(["render", "--effect", effect, "--shader-dir", shaders, "--frames", "1", "--size", "64x36", "--out", out])
        #expect(outcome.status == 2 && outcome.exitedNormally, "exit \(outcome.status): \(outcome.stderr)")
        let lines = outcome.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].hasPrefix("confetti: "), "one line: \(outcome.stderr.debugDescription)")
        #expect(outcome.stderr.contains(missing) && outcome.stderr.contains("--shader-dir"), "names the file and the option: \(outcome.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out), "\(out) was made before the refusal")
    }

    /// The list the check reads comes from the owners of the programs: every registered
    /// particle kind's pair, the glow's passes and the button's.
    @Test func theCheckedFilesAreEveryProgramsOfTheScene() {
        let files = Set(SceneRenderer.programFiles)
        for kind in ParticleKinds.all {
            #expect(files.contains(kind.vertexShader) && files.contains(kind.fragmentShader), "\(kind.plural)")
        }
        #expect(files.isSuperset(of: BloomPass.programFiles) && files.isSuperset(of: ButtonRenderer.programFiles))
        #expect(SceneRenderer.programFiles.count == files.count, "each file once: \(SceneRenderer.programFiles)")
    }
}
