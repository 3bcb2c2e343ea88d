import ConfettiGL
import Foundation
import GLTestSupport
import Testing
import TestSupport

/// `confetti verify`: the tests' own parity check and pixel proof, as a command on the GPU at
/// hand. It passes here, and fails, naming what and where, for a wrong shader. (A wrong CPU
/// evaluator is VerifyTests'.)
@Suite struct VerifyCommandTests {
    @Test func everyPresetPassesOnThisGPUAndTheTableAndJSONSaySo() async throws {
        let scratch = try Scratch("verify")
        let json = scratch.path("verify.json")
        // Thirty presets proven by a debug build on llvmpipe: minutes on a busy machine, so the
        // guard against a hang is generous.
        let outcome = try await ConfettiBinary.run(["verify", "--launches", "1", "--json", json], timeout: 1200)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let rows = outcome.stdout.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        for preset in Effect.presets.map(\.name) {
            let row = try #require(rows.first { $0.first == preset }, "no row for \(preset): \(outcome.stdout)")
            #expect(row.last == "pass", "\(row)")
        }
        #expect(outcome.stdout.contains("all \(Effect.presets.count) effects pass"))
        let report = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])
        let effects = try #require(report["effects"] as? [[String: Any]])
        #expect(effects.count == Effect.presets.count && effects.allSatisfy { $0["passed"] as? Bool == true })
        let fields = try #require(effects.first?["fields"] as? [String: [String: Double]])
        #expect(fields["x"].map { $0["shareOfTolerance"]! > 0 && $0["shareOfTolerance"]! < 1 } == true, "\(fields)")
    }

    /// Long pieces spinning 100 turns a second, in both spin modes: the pixel proof's reference
    /// evaluates them at the age the GPU sees (its float time), so a correct GPU passes (before,
    /// 999 pixels were "beyond their bound": the reference drew another instant).
    @Test(arguments: ["flip", "tumble"])
    func aLongPieceSpinningFastPassesOnACorrectGPU(_ mode: String) async throws {
        let scratch = try Scratch("verify-spin")
        let file = scratch.path("spin.json")
        try #"{"kind": "confetti", "confetti": {"rotationSpeed": [36000, 36000], "sizes": [[1, 255], [255, 1]], "spinMode": "\#(mode)"}}"#
            .write(toFile: file, atomically: true, encoding: .utf8)
        let outcome = try await ConfettiBinary.run(["verify", "--effect", file, "--launches", "2"])
        #expect(outcome.status == 0, "\(outcome.stderr.prefix(2000))")
    }

    @Test func aShaderThatDiffersFailsNamingTheEffectFieldParticleAndTime() async throws {
        let scratch = try Scratch("verify-shader")
        let shaders = scratch.url.appendingPathComponent("shaders")
        try SharedGL.writeShaders(of: ShaderLibrary.embedded, to: shaders)
        // Gravity a tenth stronger on the GPU only.
        let vertex = shaders.appendingPathComponent("confetti.vert.glsl")
        let text = try String(contentsOf: vertex, encoding: .utf8)
        let wrong = text.replacingOccurrences(of: "float terminal = gravity / drag;", with: "float terminal = 1.1 * gravity / drag;")
        #expect(wrong != text)
        try wrong.write(to: vertex, atomically: true, encoding: .utf8)

        let outcome = try await ConfettiBinary.run(["verify", "--effect", "confetti", "--launches", "1", "--shader-dir", shaders.path])
        #expect(outcome.status == 1, "\(outcome.status): \(outcome.stderr)")
        #expect(outcome.stdout.contains("FAIL") && outcome.stdout.contains("1 of 1 effects fail"), "\(outcome.stdout)")
        let first = try #require(outcome.stderr.split(separator: "\n").first.map(String.init))
        #expect(first.hasPrefix("confetti: verify: confetti: launch 1 (seed "), "\(first)")
        #expect(first.contains(" of particle ") && first.contains(" at age ") && first.contains("GPU ") && first.contains("CPU "), "\(first)")
        #expect(first.contains(": y of particle") || first.contains("vertex position"), "the field gravity moves: \(first)")
    }
}
