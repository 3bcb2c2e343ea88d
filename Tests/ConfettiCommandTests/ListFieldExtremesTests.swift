import ConfettiApp
import ConfettiCore
import ConfettiGL
import ConfettiProof
import Foundation
import Testing
import TestSupport

/// The fields that are not numbers (lists of colours, shapes, sizes, curves, ramps, sound
/// events, sprites; flags and choices), swept as `FieldExtremesTests` sweeps the numbers: every
/// such field of the format's table (`EffectFile.fields`, so a list field the table adds is
/// covered by construction) at hostile values of every JSON type, and every sprite list at
/// hostile pictures. Each is read or refused with one line naming the field, never a trap, and
/// what is read is within every command's budget or refused by it.
@Suite struct ListFieldExtremesTests {
    struct Case: CustomStringConvertible, Sendable {
        var field: String
        var value: String
        var json: String
        var description: String { "\(field) = \(value.prefix(80))" }
    }

    /// Values of every JSON type, empty and nested, and lists of extremes.
    static let hostile: [String] = [
        "null", "true", "0", "-1", "1e999", "\"\"", "\"x\"", "{}", "[]", "[null]", "[[]]", "[{}]", "[\"\"]",
        "[1e308, -1e308]", "[0, 0]", "[5e-324]", "[\"#zzzzzz\"]", "[[1e308, 1e308]]", "[{\"t\": 1e308, \"value\": -1e308}]",
        "[" + Array(repeating: "1", count: 10_000).joined(separator: ",") + "]",
    ]

    /// Pictures that trapped, drew nothing, or took unbounded memory, and their neighbours.
    static let hostileSprites: [String] = [
        #"[{"path": "M0 0 L1e-306 0 L0 1e-306 Z"}]"#,
        #"[{"path": "M0 0 L1e-7 0 L0 1e-7 Z"}]"#,
        #"[{"path": "M-1e6 -1e6 L1e6 -1e6 L1e6 -999999.999999 Z"}]"#,
        #"[{"path": "M0 0 L1 0 L0 1e-300 Z"}]"#,
        #"[{"text": "————————"}]"#,
        #"[{"text": "________________________________"}]"#,
        #"[{"emoji": "🇿🇿"}]"#,
        #"[{"emoji": "🎉", "size": 1e-300}]"#,
        #"[{"emoji": "🎉", "size": 255, "weight": 1e308}, {"emoji": "🎊", "weight": 5e-324}]"#,
        #"[{"image": "a\u0000.png"}]"#,
        #"[{"image": ""}]"#,
        #"[{"text": "W", "font": "/dev/zero"}]"#,
        ##"[{"emoji": "🎉", "tint": "#ffffff"}, {"path": "M0 0 H1 V1 Z", "tint": "#00000g"}]"##,
        "[" + Array(repeating: #"{"emoji": "🎉"}"#, count: 33).joined(separator: ",") + "]",
    ]

    static func kind(_ field: EffectFieldInfo) -> EffectName {
        EffectName(rawValue: field.section) ?? EffectName.allCases.first { field.kinds.contains($0) }!
    }

    /// Every field that is not a number, from the table.
    static let listFields = EffectFile.fields.filter { FieldExtremesTests.extremes($0.domain) == nil }

    static let cases: [Case] = listFields.flatMap { field in
        (hostile + (field.name == "sprites" ? hostileSprites : [])).map { value in
            Case(field: "\(field.section).\(field.name)", value: value,
                 json: #"{"kind": "\#(kind(field).rawValue)", "\#(field.section)": {"\#(field.name)": \#(value)}}"#)
        }
    }

    /// The table has list fields, and every sprite list is among them.
    @Test func theSweepCoversEveryFieldThatIsNotANumber() {
        #expect(Self.listFields.count >= 10, "\(Self.listFields.map(\.name))")
        #expect(Self.listFields.filter { $0.name == "sprites" }.count >= 4, "\(Self.listFields.map { "\($0.section).\($0.name)" })")
        #expect(Set(Self.cases.map(\.field)).count == Self.listFields.count)
    }

    @Test func everyHostileValueIsReadOrRefusedAndEveryCommandsBudgetAnswers() throws {
        var refused = 0
        for c in Self.cases {
            let effect: Effect
            do {
                effect = try EffectFile.decode(Data(c.json.utf8), file: "t.json")
            } catch let error as EffectError {
                #expect(!error.description.contains("\n") && error.description.count < 600, "\(c): \(error)")
                let name = String(c.field.split(separator: ".").last!)
                #expect(error.description.contains(name) || error.description.contains("above the limit"), "\(c): \(error)")
                refused += 1
                continue
            }
            func answers(_ command: String, _ check: () throws -> Void) {
                do { try check() } catch let error as BudgetError {
                    #expect(!error.description.contains("\n") && error.description.count < 600, "\(command), \(c): \(error)")
                } catch {
                    Issue.record("\(command), \(c): \(error)")
                }
            }
            let particles = Budget.particles(effect, .effect(effect.kind)).total
            #expect(particles.isFinite && particles <= Double(Budget.maxParticlesPerLaunch), "\(c): \(particles)")
            answers("render") {
                try Budget.render(.init(effect: effect, launches: nil, interval: 0.35, countGiven: false, width: 16, height: 16, fps: 30, frames: nil, duration: nil))
            }
            answers("trace") { try Budget.trace(effect, times: 7, gpu: true) }
            answers("view") { try Budget.view(effect, capacity: Celebration.defaultCapacity, stress: 1_000) }
            answers("verify") { try Budget.verify(effect) }
        }
        #expect(refused > 0 && refused < Self.cases.count, "\(refused) of \(Self.cases.count) refused")
    }
}
