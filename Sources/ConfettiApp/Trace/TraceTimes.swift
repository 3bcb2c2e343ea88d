import ConfettiCore

extension Trace {
    /// `--times 0,0.25,0.5`: 1 to 100000 finite ages in seconds, |t| ≤ 1e6.
    package static func times(_ text: String) throws -> [Double] {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        let values = try parts.map { part -> Double in
            let text = part.trimmed
            guard let value = Double(text), value.isFinite, abs(value) <= 1e6 else {
                throw OptionRefusal("--times takes comma-separated seconds (finite, |t| ≤ 1e6); '\(printable(text))' is not one")
            }
            return value
        }
        guard !values.isEmpty, values.count <= 100_000 else {
            throw OptionRefusal("--times needs 1 to 100000 values")
        }
        return values
    }
}
