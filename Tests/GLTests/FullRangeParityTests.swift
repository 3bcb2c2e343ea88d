import ConfettiGL
import ConfettiProof
import Foundation
import Testing
import TestSupport

/// Parity over everything an effect file may say: every numeric field of the confetti, classic
/// and fountain sections at its minimum, its maximum and random values in between (one field
/// at a time, the rest at the preset's), through the one parity harness with its derived
/// tolerances. The fields and their ranges come from the tables the file reader uses.
@Suite(.tags(.math)) struct FullRangeParityTests {
    /// Fields whose size only multiplies the work, not the arithmetic: swept up to a sample size.
    static let counts: Set<String> = ["count", "sparkCount", "fireworks"]

    /// JSON values for a field: its bounds and two random values between them.
    static func values(_ field: EffectFieldInfo, using rng: inout SeededGenerator) -> [String] {
        func number(_ v: Double) -> String { v.compactText }
        switch field.domain {
        case .number(let range, let open):
            // An open lower bound has no minimum: the smallest value a user would plausibly
            // mean by "almost nothing", a thousandth of the range above it.
            let low = open ? range.lowerBound + (range.upperBound - range.lowerBound) * 1e-3 : range.lowerBound
            return [low, range.upperBound, rng.uniform(low, range.upperBound), rng.uniform(low, range.upperBound)].map(number)
        case .whole(let range):
            let high = counts.contains(field.name) ? min(range.upperBound, 64) : range.upperBound
            return [range.lowerBound, high, range.lowerBound + rng.index(below: high - range.lowerBound + 1)].map { "\($0)" }
        case .interval(let range):
            let a = rng.uniform(range), b = rng.uniform(range)
            return [[range.lowerBound, range.lowerBound], [range.upperBound, range.upperBound], [range.lowerBound, range.upperBound], [min(a, b), max(a, b)]]
                .map { "[\(number($0[0])), \(number($0[1]))]" }
        case .wholeInterval(let range):
            return [[range.lowerBound, range.lowerBound], [range.upperBound, range.upperBound], [range.lowerBound, range.upperBound]].map { "[\($0[0]), \($0[1])]" }
        case .other:
            return []
        }
    }

    struct Case {
        var field: String
        var value: String
        var effect: Effect
    }

    static func cases(kind: EffectKindName) -> [Case] {
        var rng = SeededGenerator(seed: 4_2 + UInt64(kind.rawValue.count))
        var result: [Case] = []
        for field in EffectFile.fields where field.kinds.contains(kind) && field.kinds.count == 2 {
            for value in values(field, using: &rng) {
                let text = #"{"kind": "\#(kind.rawValue)", "\#(field.section)": {"\#(field.name)": \#(value)}}"#
                // Some extremes break a rule between fields (a fade longer than the lifetime):
                // the file reader refuses those, so no effect can say them.
                guard let effect = try? EffectFile.decode(Data(text.utf8), file: nil) else { continue }
                result.append(Case(field: "\(field.section).\(field.name)", value: value, effect: effect))
            }
        }
        // The preset throws its pieces at once, so rate and duration alone give no stream:
        // streams across the range of both, whose births run from 0 to a minute.
        if kind == .confetti {
            for (rate, duration) in [(1.0, 60.0), (0.05, 60.0), (64.0, 1.0), (100_000.0, 0.0005), (rng.uniform(0.1, 2), rng.uniform(20, 60))] {
                let text = #"{"kind": "confetti", "confetti": {"rate": \#(rate.compactText), "duration": \#(duration.compactText)}}"#
                result.append(Case(field: "confetti.rate × duration", value: "\(rate.compactText) × \(duration.compactText)", effect: try! EffectFile.decode(Data(text.utf8), file: nil)))
            }
        }
        return result
    }

    /// Ages across a particle's whole life, its edges included, as floats.
    static func ages(lifetime: Double, using rng: inout SeededGenerator) -> [Double] {
        ([-0.01 * lifetime, 0, lifetime * 0.999] + (0..<5).map { _ in rng.uniform(0, lifetime) }).map { Double(Float($0)) }
    }

    /// Across the batch's whole life, and at the birth of two of its particles and midway
    /// through their lives (a stream's pieces are born over its duration).
    func check(_ batch: any ParticleBatch, viewport: Size, using rng: inout SeededGenerator) async throws -> ParityHarness.Report {
        try await check(batch.kind.feedbackSampling, batch, viewport: viewport, using: &rng)
    }

    func check<Kind: FeedbackSampling>(_: Kind.Type, _ batch: any ParticleBatch, viewport: Size, using rng: inout SeededGenerator) async throws -> ParityHarness.Report {
        let batch = try #require(batch.typed(Kind.self))
        let particles = batch.particles, uniforms = batch.uniforms
        let later = (0..<2).map { _ in particles[rng.index(below: particles.count)] }
        let times = Self.ages(lifetime: batch.duration, using: &rng) + later.flatMap { p -> [Double] in
            let birth = Kind.birth(of: p)
            return [birth, birth + Kind.lifetime(of: p, uniforms: uniforms) / 2].map { Double(Float($0)) }
        }
        return try await ParityHarness.check(Kind.self, particles: particles, uniforms: uniforms, epoch: 0, times: times, viewport: viewport)
    }

    func check(kind: EffectKindName) async throws {
        var worst = ParityHarness.Report()
        var checked = 0
        var rng = SeededGenerator(seed: 7)
        for item in Self.cases(kind: kind) {
            let viewport = Size(width: rng.uniform(320, 3840).rounded(), height: rng.uniform(240, 2160).rounded())
            var launch = SeededGenerator(seed: rng.next())
            for batch in item.effect.launch(around: Rect.button(centredIn: viewport), in: viewport, using: &launch).batches {
                let report = try await check(batch, viewport: viewport, using: &rng)
                for (field, ratio) in report.ratio where ratio > (worst.ratio[field] ?? 0) {
                    worst.ratio[field] = ratio
                    worst.error[field] = report.error[field]
                }
                worst.samples += report.samples
            }
            checked += 1
        }
        #expect(checked >= 20, "\(checked) field values of \(kind.rawValue)")
        print("full-range parity, \(kind.rawValue): \(checked) field values, \(worst.samples) samples: \(worst)")
    }

    @Test func confettiAgreesAcrossEveryFieldsWholeRange() async throws { try await check(kind: .confetti) }
    @Test func classicFireworksAgreeAcrossEveryFieldsWholeRange() async throws { try await check(kind: .classic) }
    @Test func fountainsAgreeAcrossEveryFieldsWholeRange() async throws { try await check(kind: .fountain) }
}
