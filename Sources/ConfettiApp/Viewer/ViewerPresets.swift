import ConfettiCore

/// N and B: stepping through the built-in presets. Enter fires the current one again
/// (`fireEffect`, with the other launches).
extension Viewer {
    /// The next or previous built-in preset (`Effect.presets`, wrapping round) becomes the
    /// effect the keys fire, and is fired once. The HUD names it.
    package func switchPreset(by step: Int) throws {
        let presets = Effect.presets
        let current = presets.firstIndex { $0.name == options.effectName } ?? (step > 0 ? -1 : 0)
        let index = ((current + step) % presets.count + presets.count) % presets.count
        options.effect = try admit(presets[index].effect)
        options.effectName = presets[index].name
        // A preset replaces the watched file.
        options.effectFile = nil
        effectWatcher = nil
        updateTitle()
        try fireEffect()
    }

    /// The effect's name as the HUD and title show it.
    package var effectName: String { options.effectName }
}
