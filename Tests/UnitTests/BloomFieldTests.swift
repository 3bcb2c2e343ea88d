import ConfettiCore
import Foundation
import Testing
import TestSupport

/// The effect file's `bloom` section: read, checked, written, and off in every preset.
@Suite(.tags(.fileFormat)) struct BloomFieldTests {
    func decode(_ text: String) throws -> Effect {
        try EffectFile.decode(Data(text.utf8), file: "glow.json")
    }

    @Test func everyKindReadsTheBloomSectionAndItsNumbers() throws {
        for kind in EffectKindName.allCases {
            let effect = try decode(#"{"kind": "\#(kind.rawValue)", "bloom": {"enabled": true, "threshold": 0.6, "radius": 8, "strength": 1.5}}"#)
            #expect(effect.bloom == Bloom(isEnabled: true, threshold: 0.6, radius: 8, strength: 1.5), "\(kind)")
        }
        // Fields left out keep the standard's.
        let partial = try decode(#"{"kind": "classic", "bloom": {"enabled": true}}"#)
        #expect(partial.bloom == Bloom(isEnabled: true))
    }

    @Test func badBloomFieldsAreRefusedNamingTheFieldAndWhatIsAllowed() throws {
        let cases = [
            (#""threshold": 1.5"#, "bloom.threshold: 1.5 is out of range: allowed from 0 to 1"),
            (#""radius": 0.25"#, "bloom.radius: 0.25 is out of range: allowed from 0.5 to 32"),
            (#""strength": -1"#, "bloom.strength: -1 is out of range: allowed from 0 to 4"),
            (#""enabled": 1"#, "bloom.enabled: 1 is not allowed: true or false"),
            (#""enabled": "yes""#, "bloom.enabled: 'yes' is not allowed: true or false"),
            (#""glow": 1"#, "bloom.glow: unknown field."),
        ]
        for (field, message) in cases {
            do {
                _ = try decode(#"{"kind": "rocket", "bloom": {\#(field)}}"#)
                Issue.record("\(field) was accepted")
            } catch let error as EffectError {
                #expect("\(error)".contains(message), "\(field): \(error)")
                #expect("\(error)".hasPrefix("glow.json: "), "\(error)")
            }
        }
    }

    @Test func thePresetsHaveNoBloomAndTheirFilesDoNotMentionIt() throws {
        for preset in Effect.presets {
            #expect(preset.effect.bloom == .standard && !preset.effect.bloom.isEnabled, "\(preset.name)")
            #expect(!EffectFile.encode(preset.effect).contains("bloom"), "\(preset.name)")
        }
    }

    @Test func aBloomThatDiffersFromTheStandardIsWrittenAndReadsBack() throws {
        var effect = Effect.finale
        effect.bloom.isEnabled = true
        effect.bloom.radius = 20
        let file = EffectFile.encode(effect)
        #expect(file.contains(#""enabled": true"#) && file.contains(#""radius": 20"#), "\(file)")
        #expect(try decode(file).bloom == effect.bloom)
        #expect(EffectFile.encode(try decode(file)) == file)
    }
}
