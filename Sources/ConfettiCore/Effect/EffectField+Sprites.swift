extension EffectField {
    /// Pictures the particles are drawn as (`SpriteEntry`): an empty list draws none. Made
    /// once, when the file is read; not measured in time (a sprite's size is a length, which
    /// reduced motion leaves alone).
    static func sprites(_ name: String, _ key: WritableKeyPath<Section, [Sprite]>, _ meaning: String) -> EffectField {
        EffectField(name: name, meaning: meaning, allowed: SpriteEntry.allowed, unit: .notAQuantity, read: { section, field in
            section[keyPath: key] = try SpriteEntry.sprites(field)
        }, write: { .array($0[keyPath: key].map { SpriteEntry($0).json }) }, sprites: { section, transform in
            section[keyPath: key] = section[keyPath: key].map(transform)
        })
    }
}
