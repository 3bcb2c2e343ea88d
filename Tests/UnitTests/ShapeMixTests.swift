import ConfettiCore
import Foundation
import Testing
import TestSupport

/// Shapes mixed by weight, two-sided paper and the shape presets: spawning, the evaluator and
/// the effect file.
@Suite(.tags(.math)) struct ShapeMixTests {
    let viewport = Size(width: 1280, height: 720)

    @Test func shapesAreDrawnInProportionToTheirWeights() {
        var burst = ConfettiSection.standard
        burst.count = 30_000
        burst.shapes = [.star, .rectangle, .ribbon, .heart]
        burst.shapeWeights = [3, 1, 0, 2]
        let pieces = burst.spawn(in: viewport, seed: 5)
        for (shape, weight) in zip(burst.shapes, burst.shapeWeights!) {
            let share = Double(pieces.filter { $0.shape == shape }.count) / Double(pieces.count)
            let p = weight / 6
            // Four standard deviations of a binomial share.
            #expect(abs(share - p) <= 4 * (p * (1 - p) / Double(pieces.count)).squareRoot() + 1e-12, "\(shape): \(share) vs \(p)")
        }
    }

    @Test func equalWeightsDrawTheSamePiecesAsTheUnweightedList() {
        var plain = ConfettiSection.mixedShapes
        plain.shapes = [.circle, .star, .triangle]
        var weighted = plain
        weighted.shapeWeights = [2, 2, 2]
        #expect(plain.spawn(in: viewport, seed: 11) == weighted.spawn(in: viewport, seed: 11))
    }

    @Test func aPieceShowingItsBackIsShadedAndTheDefaultPaperIsOneSided() {
        let piece = ConfettiSection.standard.spawn(in: viewport, seed: 3)[0]
        var physics = ConfettiPhysics.standard
        #expect(physics.backShade == 1)
        physics.backShade = 0.6
        var backs = 0
        for t in stride(from: 0.0, to: 1.5, by: 0.01) {
            let s = physics.evaluate(piece, at: t)
            #expect(abs(s.facing - cos(piece.flipFrequency * t + piece.flipPhase)) < 1e-12)
            let colour = SIMD3(s.red, s.green, s.blue)
            #expect(s.shown == colour * (s.facing < 0 ? Double(Float(0.6)) : 1))
            #expect(ConfettiPhysics.standard.evaluate(piece, at: t).shown == colour)
            let quad = ConfettiKind.drawn(piece, s)
            let front = DrawnQuad.premultiplied(piece.color, opacity: s.opacity)
            let ratio = s.facing < 0 ? Double(Float(0.6)) : 1
            #expect(abs(quad.color.x - front.x * ratio) < 1e-12 && quad.color.w == front.w)
            if s.facing < 0 { backs += 1 }
        }
        #expect(backs > 10, "the piece turns over within its life")
    }

    @Test func onlyRibbonsWave() {
        var burst = ConfettiSection.standard
        burst.shapes = ConfettiShape.allCases
        for piece in burst.spawn(in: viewport, seed: 8) {
            let s = ConfettiPhysics.standard.evaluate(piece, at: 0.4)
            let wave = RibbonWave.standard
            if piece.shape == .ribbon {
                #expect(s.wave == SIMD3(wave.amplitude, 2 * .pi / wave.wavelength, piece.flutterPhase - wave.angularSpeed * 0.4))
            } else {
                #expect(s.wave == .zero)
            }
        }
    }

    func decode(_ confetti: String) throws -> Effect {
        try EffectFile.decode(Data(#"{"kind": "confetti", "confetti": {\#(confetti)}}"#.utf8), file: "e.json")
    }

    func message(_ confetti: String) -> String {
        do {
            _ = try decode(confetti)
            return "accepted"
        } catch {
            return "\(error)"
        }
    }

    @Test func anEffectFileMixesShapesByWeightOrByList() throws {
        let weighted = try decode(#""shapes": {"star": 2, "rectangle": 1, "ribbon": 0.5}, "backShade": 0.6"#)
        #expect(weighted.confetti.shapes == [.star, .rectangle, .ribbon])
        #expect(weighted.confetti.shapeWeights == [2, 1, 0.5])
        #expect(weighted.confetti.physics.backShade == 0.6)
        let listed = try decode(#""shapes": ["heart", "triangle"]"#)
        #expect(listed.confetti.shapes == [.heart, .triangle] && listed.confetti.shapeWeights == nil)
        // A list replaces a preset's weights: every shape it names is equally likely.
        #expect(Effect.hearts.confetti.shapeWeights != nil)
        // What is written reads back as the same effect.
        for effect in [weighted, listed, Effect.star, Effect.ribbon, Effect.hearts] {
            let again = try EffectFile.decode(Data(EffectFile.encode(effect).utf8), file: nil)
            #expect(again.confetti == effect.confetti)
        }
        #expect(EffectFile.encode(weighted).contains(#""star": 2"#))
        #expect(EffectFile.encode(listed).contains(#""shapes": ["heart", "triangle"]"#))
    }

    @Test func badShapeMixesAndPaperFieldsAreRefusedWithOneClearMessage() {
        let cases: [(String, [String])] = [
            (#""shapes": {"stra": 1}"#, ["e.json: confetti.shapes.stra", "not a shape", "Did you mean 'star'?"]),
            (#""shapes": {"star": -1}"#, ["confetti.shapes.star", "-1 is out of range", "from 0 to 1000"]),
            (#""shapes": {"star": "big"}"#, ["confetti.shapes.star", "expected a number"]),
            (#""shapes": {"star": 0, "heart": 0}"#, ["confetti.shapes", "every weight is 0"]),
            (#""shapes": {}"#, ["confetti.shapes", "empty"]),
            (#""shapes": ["ribon"]"#, ["confetti.shapes[0]", "Did you mean 'ribbon'?"]),
            (#""backShade": 1.5"#, ["confetti.backShade", "out of range", "from 0 to 1"]),
            (#""ribbonWavelength": 0"#, ["confetti.ribbonWavelength", "out of range"]),
            (#""ribbonAmplitude": -2"#, ["confetti.ribbonAmplitude", "out of range"]),
            (#""spinMode": "tumbel""#, ["confetti.spinMode", "one of \"flip\", \"tumble\"", "Did you mean 'tumble'?"]),
            (#""shading": true"#, ["confetti.shading", "expected a string"]),
            (#""shading": "metal""#, ["confetti.shading", "one of \"none\", \"matte\", \"foil\""]),
            (##""backColors": ["#fff"]"##, ["confetti.backColors[0]", "not a colour"]),
            (##""backColors": ["#111111", "#111111", "#111111", "#111111", "#111111", "#111111", "#111111", "#111111", "#111111"]"##, ["confetti.backColors", "9 colours: give 0 to 8"]),
        ]
        for (fields, mentions) in cases {
            let text = message(fields)
            for word in mentions {
                #expect(text.contains(word), "\(fields): \(text)")
            }
            #expect(!text.contains("\n"), "one line: \(text)")
        }
    }

    @Test func paperInThreeDRoundTripsThroughAnEffectFile() throws {
        let effect = try EffectFile.decode(Data(##"{"kind": "confetti", "confetti": {"spinMode": "tumble", "shading": "foil", "backColors": ["#c9ced6", "#2e9e6b"]}}"##.utf8), file: nil)
        let physics = effect.confetti.physics
        #expect(physics.spinMode == .tumble && physics.shading == .foil)
        #expect(physics.backColors == [RGB(hex: 0xC9CED6), RGB(hex: 0x2E9E6B)])
        let again = try EffectFile.decode(Data(EffectFile.encode(effect).utf8), file: nil)
        #expect(again.confetti == effect.confetti)
        let none = try EffectFile.decode(Data(##"{"kind": "confetti", "confetti": {"backColors": []}}"##.utf8), file: nil)
        #expect(none.confetti.physics.backColors.isEmpty && none.confetti.physics.spinMode == .flip && none.confetti.physics.shading == .none)
    }

    @Test func theShapePresetsAreRegisteredTwoSidedAndMixed() throws {
        for name in ["star", "ribbon", "hearts"] {
            let entry = try #require(Effect.presets.first { $0.name == name })
            #expect(!entry.summary.isEmpty && !entry.summary.contains("\n"))
            #expect(entry.effect.confetti.physics.backShade < 1)
        }
        #expect(Effect.star.confetti.shapes.first == .star && (Effect.star.confetti.shapeWeights?.count ?? 0) > 1)
        #expect(Effect.ribbon.confetti.shapes == [.ribbon])
        #expect(Effect.hearts.confetti.shapes.first == .heart && (Effect.hearts.confetti.shapeWeights?.count ?? 0) > 1)
    }
}
