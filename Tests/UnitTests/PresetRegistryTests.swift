import ConfettiCore
import Foundation
import Testing
import TestSupport

/// The registry of built-in effects.
@Suite(.tags(.library)) struct PresetRegistryTests {
    @Test func atLeastTwelvePresetsEachNamedOnceWithOneLineAndEachRoundTripsThroughItsFile() throws {
        let presets = Effect.presets
        #expect(presets.count >= 12)
        #expect(Set(presets.map(\.name)).count == presets.count)
        for preset in presets {
            #expect(!preset.summary.isEmpty && !preset.summary.contains("\n"), "\(preset.name)")
            let file = EffectFile.encode(preset.effect)
            #expect(EffectFile.encode(try EffectFile.decode(Data(file.utf8), file: nil)) == file, "\(preset.name) round-trips")
        }
    }

    @Test func badEmissionAndRocketFieldsAreRefusedNamingTheField() {
        let cases: [(String, String, String)] = [
            (#"{"kind": "confetti", "confetti": {"emitter": "hose"}}"#, "confetti.emitter", "one of \"burst\", \"rain\", \"cannon\""),
            (#"{"kind": "confetti", "confetti": {"corner": "left"}}"#, "confetti.corner", "bottomLeft"),
            (#"{"kind": "confetti", "confetti": {"rate": 10, "duration": 0}}"#, "confetti.duration", "gives no piece"),
            (#"{"kind": "confetti", "confetti": {"rate": -1}}"#, "confetti.rate", "out of range"),
            (#"{"kind": "confetti", "confetti": {"angle": 91}}"#, "confetti.angle", "out of range"),
            (#"{"kind": "rocket", "rocket": {"crackles": 9, "sparkCount": 8}}"#, "rocket.crackles", "at most sparkCount"),
            (#"{"kind": "rocket", "rocket": {"crackles": 2, "crackleDelay": [0.5, 2]}}"#, "rocket.crackleDelay", "below sparkLifetime"),
            (#"{"kind": "rocket", "rocket": {"sparkFade": 3}}"#, "rocket.sparkFade", "at most sparkLifetime"),
            (#"{"kind": "rocket", "rocket": {"riseTime": [0, 1]}}"#, "rocket.riseTime", "each from 0.05 to 10"),
            (#"{"kind": "rocket", "confetti": {"count": 3}}"#, "confetti", "does not belong to a rocket effect"),
        ]
        for (text, path, words) in cases {
            do {
                _ = try EffectFile.decode(Data(text.utf8), file: "e.json")
                Issue.record("accepted: \(text)")
            } catch let error as EffectError {
                #expect(error.path == path && error.description.contains(words), "\(text): \(error)")
            } catch {
                Issue.record("\(text): \(error)")
            }
        }
    }
}
