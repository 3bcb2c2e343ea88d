import ConfettiCore
import ConfettiProof
import FoundationEssentials
import Glibc

extension Verification {
    /// Every effect through the parity check and the pixel proof on `headless`'s device, each
    /// within verify's budget before the first is checked (a refusal names the effect); with
    /// what drew them (GL_RENDERER, GL_VERSION and the EGL device).
    package func verify(_ effects: [(name: String, effect: Effect)], headless: HeadlessSetup) throws -> (renderer: String, results: [Result]) {
        for (name, effect) in effects {
            do { try Budget.verify(effect) } catch let error as BudgetError { throw OptionRefusal("\(printable(name, limit: 160)): \(error)") }
        }
        var renderer = ""
        let results = try headless.run { library, context in
            renderer = context.description
            return try effects.map { effect in
                do {
                    return try verify(effect.effect, name: effect.name, shaders: library)
                } catch let error as BudgetError {
                    throw OptionRefusal("\(printable(effect.name, limit: 160)): \(error)")
                }
            }
        }
        return (renderer, results)
    }

    /// The table `confetti verify` prints: per effect, the samples, the worst field as a share
    /// of its tolerance, the worst and mean pixel difference and pass or fail, each field under it.
    package static func table(_ results: [Verification.Result]) -> String {
        func pad(_ s: String, _ n: Int) -> String { s + String(repeating: " ", count: max(0, n - s.count)) }
        var lines = [[pad("effect", 12), pad("samples", 9), pad("worst field (share of its tolerance)", 40), pad("pixels worst / mean", 20), "result"].joined(separator: " ")]
        for r in results {
            let worst = r.parity.ratio.max { $0.value < $1.value }
            let field = worst.map { $0.key + String(printf: " %.1f%%", 100 * $0.value) } ?? "none"
            let pixels = String(printf: "%ld / %.3f", r.pixels.worst, r.pixels.mean)
            lines.append([pad(r.name, 12), pad("\(r.parity.samples)", 9), pad(field, 40), pad(pixels, 20), r.passed ? "pass" : "FAIL"].joined(separator: " "))
            // Every field, worst first, under its effect.
            for (name, ratio) in r.parity.ratio.sorted(by: { $0.value > $1.value }) {
                lines.append(pad("", 12) + " " + pad("", 9) + " " + "  \(name)" + String(printf: " %.1f%% (error %.3g)", 100 * ratio, r.parity.error[name] ?? 0))
            }
        }
        let failed = results.filter { !$0.passed }.count
        lines.append(failed == 0 ? "all \(results.count) effects pass" : "\(failed) of \(results.count) effects fail")
        return lines.joined(separator: "\n")
    }
}

/// What `verify --json` writes.
package struct VerifyReport: Encodable {
    struct Effect: Encodable {
        var name: String
        var passed: Bool
        var samples: Int
        var fields: [String: Field]
        var pixels: Pixels
        var failures: [String]
    }
    struct Field: Encodable {
        var error: Double
        var shareOfTolerance: Double
    }
    struct Pixels: Encodable {
        var worst: Int
        var mean: Double
        var drawn: Int
        var worstAt: String
    }
    var renderer: String
    var effects: [Effect]

    /// The report as `verify --json` writes it.
    package func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(self)
    }

    package init(renderer: String, results: [Verification.Result]) {
        self.renderer = renderer
        effects = results.map { r in
            Effect(name: r.name, passed: r.passed, samples: r.parity.samples,
                   fields: Dictionary(uniqueKeysWithValues: r.parity.error.keys.map { ($0, Field(error: r.parity.error[$0]!, shareOfTolerance: r.parity.ratio[$0] ?? 0)) }),
                   pixels: Pixels(worst: r.pixels.worst, mean: r.pixels.mean, drawn: r.pixels.inked, worstAt: r.pixelWhere),
                   failures: r.failures)
        }
    }
}
