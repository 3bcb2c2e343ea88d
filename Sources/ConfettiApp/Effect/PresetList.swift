import ConfettiCore

/// `confetti presets`: the built-in effects, listed or printed as effect files.
package enum PresetList {
    /// One line a preset: its name padded to a column, then what it is.
    package static var lines: [String] {
        let width = Effect.presets.map(\.name.count).max()! + 1
        return Effect.presets.map { "\(($0.name + String(repeating: " ", count: max(0, width - $0.name.count)))) \($0.summary)" }
    }

    /// The preset `name` as an effect file to start from, or a refusal listing the presets.
    package static func effectFile(_ name: String) throws -> String {
        guard let effect = Effect.preset(name) else {
            let names = Effect.presets.map(\.name)
            throw OptionRefusal("unknown preset '\(printable(name))': \(names.joined(separator: ", ")).\(name.count <= 64 ? didYouMean(name, in: names) : "")")
        }
        return EffectFile.encode(effect)
    }
}
