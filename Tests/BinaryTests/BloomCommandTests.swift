import ConfettiGL
import Foundation
import Testing
import TestSupport

/// `--bloom` and `--no-bloom` through the real binary.
@Suite struct BloomCommandTests {
    /// The PNG bytes of frame 0 of a small render of `effect` with `options`.
    func frame(_ effect: String, _ options: [String]) async throws -> Data {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("confetti-bloom-\(UUID())")
        defer { try? FileManager.default.removeItem(at: dir) }
        let outcome = try await ConfettiBinary.run(["render", "--effect", effect, "--size", "160x90", "--fps", "5", "--frames", "2", "--out", dir.path] + options)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        return try Data(contentsOf: dir.appendingPathComponent("frame-0001.png"))
    }

    @Test func renderGlowsWithBloomAndAFileCanTurnItOnOrNoBloomOff() async throws {
        let plain = try await frame("classic", [])
        let glowing = try await frame("classic", ["--bloom"])
        #expect(plain != glowing, "--bloom changed nothing")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("confetti-glow-\(UUID()).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try #"{"kind": "classic", "bloom": {"enabled": true}}"#.write(to: file, atomically: true, encoding: .utf8)
        #expect(try await frame(file.path, []) == glowing, "the file's bloom is --bloom's")
        #expect(try await frame(file.path, ["--no-bloom"]) == plain, "--no-bloom overrides the file")
    }

    @Test func everyCommandThatDrawsFramesDocumentsBloomInItsHelp() async throws {
        for command in ["render", "view", "overlay"] {
            let outcome = try await ConfettiBinary.run([command, "--help"])
            #expect(outcome.stdout.contains("--bloom") && outcome.stdout.contains("Glow"), "\(command) --help: \(outcome.stdout)")
        }
    }
}
