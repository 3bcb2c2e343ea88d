extension EffectFormat {
    /// What the effect sounds like, which every kind reads. Written into a file only when it
    /// differs from `Sound.standard`, so a preset printed by `confetti presets` reads as before.
    nonisolated(unsafe) static let sound = EffectSection<Sound>(key: "sound", title: "Sound (any effect kind)", standard: .standard, fields: [
        .flag("enabled", \.isEnabled, "whether the effect makes sound; `--mute` silences it"),
        .number("volume", \.volume, Sound.volumes, .ratio, "a factor on every sound's loudness, 0 silent to 1 full; the mix never peaks above -1 dBFS"),
        .choices("events", \.events, counts: 0...SoundEvent.Kind.allCases.count, "the sounds the effect makes, of those its kind lists: lift (a rocket's climb), burst (a shell bursting, louder and lower for larger shells), crackle, fizz (glitter), pop (a cannon, popper or classic firework), rustle (a confetti burst)"),
        .number("distance", \.distance, Sound.distances, .length, "metres the viewport's height stands for: sound from a burst at height h arrives h × distance / 343 s after its light (0: at once)"),
    ], finish: { sound, given in
        if let field = given["events"], Set(sound.events).count != sound.events.count {
            throw field.fail("\(field.text) is not allowed: a sound is named twice")
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
