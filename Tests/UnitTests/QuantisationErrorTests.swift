import ConfettiCore
import ConfettiProof
import Foundation
import Testing
import TestSupport

/// The compact record's quantisation error against its derivation (docs/effects.md, Compact
/// record): the piece the record holds, evaluated, stays within `poseError` of the piece as
/// spawned, over seeded launches across every confetti field's whole range.
@Suite(.tags(.math)) struct QuantisationErrorTests {
    struct Worst: CustomStringConvertible {
        var ratio: [String: Double] = [:]
        var bound: [String: Double] = [:]
        var samples = 0

        mutating func note(_ name: String, _ error: Double, _ bound: Double) {
            ratio[name] = max(ratio[name] ?? 0, bound > 0 ? error / bound : 0)
            self.bound[name] = max(self.bound[name] ?? 0, bound)
        }

        var description: String {
            ratio.keys.sorted().map { String(format: "%@ bound up to %.3g, error up to %.0f%% of it", $0, bound[$0]!, 100 * ratio[$0]!) }.joined(separator: "; ")
        }
    }

    /// Every piece of `pieces` at clock times across its life: the stored piece at its own
    /// age, against the spawned one at its own. Double rounding of the two evaluations is
    /// allowed for (a few units in the last place of each term's size), nothing else.
    static func check(_ pieces: [ConfettiParticle], _ given: ConfettiPhysics, clocks: [Double], into worst: inout Worst, _ what: String) {
        let physics = ConfettiKind.fitted(given, to: pieces)
        let q = physics.quantisation
        for p in pieces {
            let stored = ConfettiKind.stored(p, uniforms: physics)
            for clock in clocks {
                let t = clock - p.birth, ts = clock - stored.birth
                // Ages before birth are traced but never drawn; the bound is for the drawn life
                // and the formulas' continuation just after it.
                guard t >= 0, ts >= 0 else { continue }
                let a = physics.evaluate(p, at: t), b = physics.evaluate(stored, at: ts)
                let bound = q.poseError(p, physics: physics, age: t)
                let roundoff = 16 * Double.ulpOfOne
                for (name, error, limit, scale) in [
                    ("x", abs(a.x - b.x), bound.x, a.scales.x + b.scales.x),
                    ("y", abs(a.y - b.y), bound.y, a.scales.y + b.scales.y),
                    ("rotation", abs(a.rotation - b.rotation), bound.rotation, a.scales.rotation + b.scales.rotation),
                    ("apparentWidth", abs(a.apparentWidth - b.apparentWidth), bound.apparentWidth, a.scales.apparentWidth + b.scales.apparentWidth),
                ] {
                    let allowed = limit + roundoff * scale
                    #expect(error <= allowed, "\(what): \(name) moved \(error) by quantisation, derived bound \(limit) (t = \(t), \(p))")
                    worst.note(name, error, limit)
                }
                worst.samples += 1
            }
        }
    }

    /// JSON values across a field's domain: both ends and two values between.
    static func values(_ domain: FieldDomain, using rng: inout SeededGenerator) -> [String] {
        switch domain {
        case .number(let range, let open):
            let low = open ? range.lowerBound + (range.upperBound - range.lowerBound) * 1e-3 : range.lowerBound
            return [low, range.upperBound, rng.uniform(low, range.upperBound), rng.uniform(low, range.upperBound)].map(\.compactText)
        case .whole(let range):
            let high = min(range.upperBound, 64)
            return ["\(range.lowerBound)", "\(high)"]
        case .interval(let range):
            let a = rng.uniform(range), b = rng.uniform(range)
            return [[range.lowerBound, range.lowerBound], [range.upperBound, range.upperBound], [range.lowerBound, range.upperBound], [min(a, b), max(a, b)]]
                .map { "[\($0[0].compactText), \($0[1].compactText)]" }
        case .wholeInterval, .other:
            return []
        }
    }

    /// Launches of `effect` in random viewports, some with births spread over twice the lifetime
    /// (as an emitter would give them), checked at clock times across their lives.
    static func sweep(_ effect: Effect, _ what: String, launches: Int, using rng: inout SeededGenerator, into worst: inout Worst) {
        var confetti = effect.confetti
        confetti.count = min(confetti.count, 64)
        let lifetime = confetti.physics.lifetime
        for k in 0..<launches {
            let viewport = Size(width: rng.uniform(1, 8192).rounded(), height: rng.uniform(1, 8192).rounded())
            var pieces = confetti.spawn(in: viewport, using: &rng)
            if k % 2 == 1 {
                for i in pieces.indices { pieces[i].birth = rng.uniform(0, 2 * lifetime) }
            }
            let last = pieces.map(\.birth).max()!
            let clocks = [0, lifetime * 0.999] + (0..<6).map { _ in rng.uniform(0, last + lifetime) }
            check(pieces, confetti.physics, clocks: clocks, into: &worst, "\(what), viewport \(viewport.width)x\(viewport.height)")
        }
    }

    @Test func storedPiecesStayWithinTheDerivedBoundAcrossEveryFieldsWholeRange() throws {
        var rng = SeededGenerator(seed: 12)
        var worst = Worst()
        var cases = 0
        for field in EffectFile.fields where field.section == "confetti" {
            for value in Self.values(field.domain, using: &rng) {
                let text = #"{"kind": "confetti", "confetti": {"\#(field.name)": \#(value)}}"#
                // Extremes that break a rule between fields are refused by the reader.
                guard let effect = try? EffectFile.decode(Data(text.utf8), file: nil) else { continue }
                Self.sweep(effect, "confetti.\(field.name) = \(value)", launches: 4, using: &rng, into: &worst)
                cases += 1
            }
        }
        #expect(cases >= 50, "the sweep reached \(cases) field values")
        #expect(worst.samples > 10_000)
        print("quantisation, every field's range: \(cases) field values, \(worst.samples) samples: \(worst)")
    }

    /// Every range at its widest at once: the grids' steps are largest, the bound with them.
    @Test func storedPiecesStayWithinTheDerivedBoundWithEveryRangeAtItsWidest() throws {
        var widest: [String] = []
        var rng = SeededGenerator(seed: 13)
        for field in EffectFile.fields where field.section == "confetti" {
            if case .interval(let range) = field.domain {
                widest.append(#""\#(field.name)": [\#(range.lowerBound.compactText), \#(range.upperBound.compactText)]"#)
            }
        }
        var worst = Worst()
        for (gravity, drag, lifetime) in [(100_000.0, 0.1, 60.0), (-100_000.0, 100.0, 1.5), (280.0, 1.6, 1.5)] {
            let text = #"{"kind": "confetti", "confetti": {"gravity": \#(gravity), "drag": \#(drag), "lifetime": \#(lifetime), "count": 64, \#(widest.joined(separator: ", "))}}"#
            let effect = try EffectFile.decode(Data(text.utf8), file: nil)
            Self.sweep(effect, "widest ranges, drag \(drag)", launches: 8, using: &rng, into: &worst)
        }
        #expect(worst.samples > 1_000)
        print("quantisation, widest ranges: \(worst.samples) samples: \(worst)")
    }

    /// The standard burst, as the viewer fires it, up to a 4K viewport: the bound over a whole
    /// life is far below a pixel (the numbers docs/architecture.md quotes for the compact record).
    @Test func theStandardBurstMovesByLessThanATenthOfAPoint() {
        var worst = Worst()
        for (width, height) in [(1280.0, 720.0), (3840.0, 2160.0)] {
            for seed in 0..<20 as Range<UInt64> {
                let pieces = ConfettiSection.standard.spawn(in: Size(width: width, height: height), seed: seed)
                let physics = ConfettiKind.fitted(.standard, to: pieces)
                for p in pieces {
                    let bound = physics.quantisation.poseError(p, physics: physics, age: physics.lifetime)
                    worst.note("x", 0, bound.x)
                    worst.note("y", 0, bound.y)
                    worst.note("rotation", 0, bound.rotation)
                    worst.note("apparentWidth", 0, bound.apparentWidth)
                }
                Self.check(pieces, .standard, clocks: (0..<16).map { Double($0) * 0.1 }, into: &worst, "standard, \(width)x\(height), seed \(seed)")
            }
        }
        #expect(worst.bound["x"]! < 0.1 && worst.bound["y"]! < 0.1 && worst.bound["apparentWidth"]! < 0.1, "\(worst)")
        #expect(worst.bound["rotation"]! < 0.02, "degrees: \(worst)")
        print("quantisation, standard burst at 1280x720 and 3840x2160: \(worst)")
    }
}
