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

    package var description: String {
        let names = terms.map { $0.map(\.name).joined(separator: " × ") }.joined(separator: " + ")
        let total = Budget.format(self.total) + (unit.isEmpty ? "" : " " + unit)
        if terms.count == 1 && terms[0].count == 1 { return "\(names) = \(total)" }
        let values = terms.map { $0.map { Budget.format($0.value) }.joined(separator: " × ") }.joined(separator: " + ")
        return "\(names) = \(values) = \(total)"
    }
}
