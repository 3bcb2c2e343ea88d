extension EffectField {
    /// One of a few names, stored as an enum whose raw values are the names.
    static func choice<Value: RawRepresentable & CaseIterable>(_ name: String, _ key: WritableKeyPath<Section, Value>, _ meaning: String) -> EffectField where Value.RawValue == String {
        let names = Value.allCases.map(\.rawValue)
        let allowed = "one of " + names.map { "\"\($0)\"" }.joined(separator: ", ")
        return EffectField(name: name, meaning: meaning, allowed: allowed, unit: .notAQuantity, read: { section, field in
            let text = try field.string()
            guard let value = Value(rawValue: text) else {
                throw field.fail("\(field.text) is not allowed: \(allowed).\(text.count <= 64 ? didYouMean(text, in: names) : "")")
            }
            section[keyPath: key] = value
        }, write: { .string($0[keyPath: key].rawValue) })
    }
}
