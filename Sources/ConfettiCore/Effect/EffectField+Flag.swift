extension EffectField {
    /// `true` or `false`, nothing else: a switch that a typo in its value must not turn on.
    static func flag(_ name: String, _ key: WritableKeyPath<Section, Bool>, _ meaning: String) -> EffectField {
        EffectField(name: name, meaning: meaning, allowed: "true or false", unit: .notAQuantity, read: { section, field in
            guard case .bool(let on) = field.value.kind else {
                throw field.fail("\(field.text) is not allowed: true or false")
            }
            section[keyPath: key] = on
        }, write: { .bool($0[keyPath: key]) })
    }
}
