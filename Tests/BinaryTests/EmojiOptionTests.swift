import Foundation
import Testing
import TestSupport

/// `--emoji` on render, view and overlay, through the real binary: what it refuses, before any
/// picture is made or any window opens. (Drawing with it needs the emoji rasteriser.)
@Suite struct EmojiOptionTests {
    @Test func anEmptyEmojiListIsRefusedInOneLine() async throws {
        for command in ["render", "view", "overlay"] {
            let outcome = try await ConfettiBinary.run([command, "--emoji", " \t "])
            #expect(outcome.status == 2 && outcome.exitedNormally, "\(command): \(outcome.stderr)")
            let lines = outcome.stderr.split(separator: "\n")
            // The message, then (as for every option the parser refuses) the command's usage.
            #expect(lines.first == "confetti: --emoji needs at least one emoji", "\(command): \(outcome.stderr)")
            #expect(lines.dropFirst().allSatisfy { !$0.hasPrefix("confetti:") }, "\(command): \(outcome.stderr)")
        }
    }

    @Test func moreEmojiThanSpritesAreRefusedWithTheNumbers() async throws {
        let outcome = try await ConfettiBinary.run(["render", "--emoji", String(repeating: "🎉 ", count: 33)])
        #expect(outcome.status == 2)
        #expect(outcome.stderr.hasPrefix("confetti: --emoji gives 33 emoji; at most 32"), "\(outcome.stderr)")
    }

    @Test func anEffectKindWithNoParticlesToDressIsRefusedByName() async throws {
        for (command, effect) in [("render", "rocket"), ("overlay", "show"), ("view", "finale")] {
            let outcome = try await ConfettiBinary.run([command, "--effect", effect, "--emoji", "🎉"])
            #expect(outcome.status == 2 && outcome.exitedNormally, "\(command) \(effect): \(outcome.stderr)")
            let kind = effect == "show" ? "show" : "rocket"
            #expect(outcome.stderr.hasPrefix("confetti: --emoji 🎉 draws particles as emoji, but \(effect) is a \(kind) effect"), "\(outcome.stderr)")
            #expect(outcome.stderr.contains("confetti, classic, fountain, celebration or shell"), "\(outcome.stderr)")
            #expect(outcome.stderr.split(separator: "\n").count == 1, "\(outcome.stderr)")
        }
    }

    @Test func everyCommandThatDrawsExplainsEmojiInItsHelp() async throws {
        for command in ["render", "view", "overlay"] {
            let outcome = try await ConfettiBinary.run([command, "--help"])
            #expect(outcome.stdout.contains("--emoji <emoji>") && outcome.stdout.contains("Draw the particles as these emoji"), "\(command) --help: \(outcome.stdout)")
        }
    }

    /// The option's pictures are made by the kind's sprites or refused by the emoji's own
    /// message, prefixed with the option: either way never a crash or a bare error.
    @Test func anEmojiIsDrawnOrRefusedByItsOwnMessage() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("confetti-emoji-\(UUID())")
        defer { try? FileManager.default.removeItem(at: dir) }
        let outcome = try await ConfettiBinary.run(["render", "--effect", "confetti", "--emoji", "🎉🎊", "--size", "64x36", "--frames", "1", "--out", dir.path])
        #expect(outcome.exitedNormally)
        if outcome.status != 0 {
            #expect(outcome.status == 2 && outcome.stderr.hasPrefix("confetti: --emoji: "), "\(outcome.stderr)")
        }
    }
}
