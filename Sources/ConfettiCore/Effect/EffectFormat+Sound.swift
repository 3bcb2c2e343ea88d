extension EffectFormat {
    /// What the effect sounds like, which every kind reads. Written into a file only when it
    /// differs from `Sound.standard`, so a preset printed by `confetti presets` reads as before.
    nonisolated(unsafe) static let sound = EffectSection<Sound>(key: "sound", title: "Sound (any effect kind)", standard: .standard, fields: [
        .flag("enabled", \.isEnabled, "whether the effect makes sound; `--mute` silences it"),
        .number("volume", \.volume, Sound.volumes, reachesGPU: false, .ratio, "a factor on every sound's loudness, 0 silent to 1 full; the mix never peaks above -1 dBFS"),
        .choices("events", \.events, counts: 0...SoundEvent.Kind.allCases.count, "the sounds the effect makes, of those its kind lists: lift (a rocket's climb), burst (a shell bursting, louder and lower for larger shells), crackle, fizz (glitter), pop (a cannon, popper or classic firework), rustle (a confetti burst)"),
        .number("distance", \.distance, Sound.distances, reachesGPU: false, .length, "metres the viewport's height stands for: sound from a burst at height h arrives h × distance / 343 s after its light (0: at once)"),
    ], finish: { sound, given in
        // The repeat is shown where it stands, with the item it repeats.
        if let field = given["events"], let again = sound.events.indices.first(where: { sound.events[..<$0].contains(sound.events[$0]) }) {
            let first = sound.events.firstIndex(of: sound.events[again])!
            let shown = if case .array(let items) = field.value.kind, again < items.count { field.element(again, items[again]) } else { field }
            throw shown.fail("'\(sound.events[again].rawValue)' is not allowed: the sound is named already at \(field.path)[\(first)]; name each sound once")
        }
    })
}

extension EffectField {
    /// Several names of an enum's cases, each at most once.
    static func choices<Value: RawRepresentable & CaseIterable>(_ name: String, _ key: WritableKeyPath<Section, [Value]>, counts: ClosedRange<Int>, _ meaning: String) -> EffectField where Value.RawValue == String {
        let names = Value.allCases.map(\.rawValue)
        return list(name, key, counts: counts, noun: "names", allowed: "each one of " + names.map { "\"\($0)\"" }.joined(separator: ", "), unit: .notAQuantity, meaning, element: { field in
            let text = try field.string()
            guard let value = Value(rawValue: text) else {
                throw field.fail("\(field.text) is not allowed: one of \(names.joined(separator: ", ")).\(text.count <= 64 ? didYouMean(text, in: names) : "")")
            }
            return value
        }, write: { .string($0.rawValue) })
    }
}
