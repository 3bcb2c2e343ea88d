/// A quantity asked for, as a sum of products of named numbers, so that a refusal can show
/// where it came from: `classic.fireworks × classic.sparkCount = 1,000 × 4,194,304 = 4.2e9 sparks`.
package struct Demand: Sendable, CustomStringConvertible {
    package struct Factor: Sendable {
        package var name: String
        package var value: Double

        package init(_ name: String, _ value: Double) {
            self.name = name
            self.value = value
        }

        package init(_ name: String, _ value: Int) {
            self.init(name, Double(value))
        }
    }

    /// Added together; each term's factors multiplied. Doubles, so no product overflows.
    package var terms: [[Factor]]
    package var unit: String

    package init(_ terms: [[Factor]], _ unit: String) {
        self.terms = terms
        self.unit = unit
    }

    package var total: Double {
        terms.reduce(0) { sum, term in sum + term.reduce(1) { $0 * $1.value } }
    }

    /// Every term multiplied by `factor`, written first or last.
    package func times(_ factor: Factor, last: Bool = false) -> Demand {
        Demand(terms.map { last ? $0 + [factor] : [factor] + $0 }, unit)
    }

    package func withUnit(_ unit: String) -> Demand {
        Demand(terms, unit)
    }

    /// The total with its unit: "4.2e9 sparks", what a verdict states first.
    package var totalText: String {
        Budget.format(total) + (unit.isEmpty ? "" : " " + unit)
    }

    /// The names that multiplied up, then their values: "classic.fireworks × classic.sparkCount =
    /// 1,000 × 4,194,304". A sum of many terms (a show of 200 shells) keeps the terms that fit in
    /// about `limit` characters and says how many more there were, so a message that ends with it
    /// still fits on a line whole.
    package func termsText(limit: Int = 300) -> String {
        func names(_ term: [Factor]) -> String { term.map(\.name).joined(separator: " × ") }
        func values(_ term: [Factor]) -> String { term.map { Budget.format($0.value) }.joined(separator: " × ") }
        var kept = 0, length = 0
        for term in terms {
            let cost = names(term).count + values(term).count + 6
            if kept > 0, length + cost > limit { break }
            kept += 1
            length += cost
        }
        let more = terms.count - kept
        let tail = more > 0 ? " + … (\(Budget.format(more)) more terms)" : ""
        let shown = terms.prefix(kept)
        return shown.map(names).joined(separator: " + ") + tail + " = " + shown.map(values).joined(separator: " + ") + tail
    }

    package var description: String {
        if terms.count == 1 && terms[0].count == 1 { return "\(terms[0][0].name) = \(totalText)" }
        return "\(termsText()) = \(totalText)"
    }
}
