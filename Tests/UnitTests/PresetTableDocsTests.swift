import ConfettiCore
import Testing
import TestSupport

/// The README's preset table is the preset registry's (`Effect.presets`): every preset, by its
/// name, effect kind and summary. `CONFETTI_UPDATE_DOCS=1 swift test --filter DocsTests` rewrites it.
@Suite struct PresetTableDocsTests {
    @Test func theReadmeNamesEveryPresetAsTheRegistryDoes() throws {
        try GeneratedSection.check("README.md", section: "presets", equals: Effect.presetTable)
    }

    /// The table cannot leave a preset out: each has its own row, in the registry's order.
    @Test func theTableHasARowPerPreset() {
        let rows = Effect.presetTable.split(separator: "\n").dropFirst(2)
        #expect(rows.count == Effect.presets.count)
        for (row, preset) in zip(rows, Effect.presets) {
            #expect(row.hasPrefix("| `\(preset.name)` | \(preset.effect.kind.rawValue) | "), "\(row)")
        }
        #expect(Effect.presets.map(\.name).contains("ducks") && Effect.presets.map(\.name).contains("hearts-svg"))
    }
}
