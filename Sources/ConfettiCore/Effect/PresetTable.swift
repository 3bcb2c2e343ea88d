extension Effect {
    /// The README's preset table (Markdown), from the registry `presets`: each preset's name,
    /// its effect kind and its one-line summary, in the order `confetti presets` lists them.
    package static var presetTable: String {
        let rows = presets.map { preset in
            "| `\(preset.name)` | \(preset.effect.kind.rawValue) | \(preset.summary.replacing("|", with: "\\|")) |"
        }
        return (["| preset | effect kind | what it plays |", "| --- | --- | --- |"] + rows).joined(separator: "\n")
    }
}
