/// The effect-file fields of wind, trails and colour ramps: lists that may be empty (no gusts,
/// no ramp), with every entry checked and named by its index.
extension EffectField {
    /// 0 to `Wind.maxGusts` gusts, each [amplitude pt/s, frequency rad/s, phase rad].
    static func gusts(_ name: String, _ key: WritableKeyPath<Section, [Wind.Gust]>, _ meaning: String) -> EffectField {
        let each = "each [amplitude, frequency, phase] with amplitude from -100000 to 100000 pt/s, frequency greater than 0 and at most 1000 rad/s, phase from -1000 to 1000 rad"
        let allowed = "0 to \(Wind.maxGusts) gusts, \(each)"
        let amplitude = FieldUnit.speed, frequency = FieldUnit.frequency, phase = FieldUnit.angle
        return EffectField(name: name, meaning: meaning, allowed: allowed, unit: .tuple([amplitude, frequency, phase]), read: { section, field in
            let items = try field.array()
            guard items.count <= Wind.maxGusts else {
                throw field.fail("\(items.count) gusts: give 0 to \(Wind.maxGusts), \(each)")
            }
            section[keyPath: key] = try items.map { item in
                let parts = try item.array()
                let v = try parts.map { try $0.number() }
                guard v.count == 3, abs(v[0]) <= 100_000, v[1] > 0, v[1] <= 1_000, abs(v[2]) <= 1_000 else {
                    throw item.fail("\(FieldValue.listText(parts)) is not a gust: [amplitude, frequency, phase], amplitude from -100000 to 100000 pt/s, frequency greater than 0 and at most 1000 rad/s, phase from -1000 to 1000 rad")
                }
                return Wind.Gust(amplitude: v[0], frequency: v[1], phase: v[2])
            }
        }, write: { .array($0[keyPath: key].map { .array([.number($0.amplitude), .number($0.frequency), .number($0.phase)]) }) }, slow: { section, s in
            section[keyPath: key] = section[keyPath: key].map {
                Wind.Gust(amplitude: amplitude.slowed($0.amplitude, by: s), frequency: frequency.slowed($0.frequency, by: s), phase: phase.slowed($0.phase, by: s))
            }
        })
    }

    /// No stops, or 2 to `ColorRamp.maxStops`, each ["#rrggbb", fraction], fractions strictly increasing from 0 to 1.
    static func rampStops(_ name: String, _ key: WritableKeyPath<Section, [ColorRamp.Stop]>, _ meaning: String) -> EffectField {
        let rule = "none, or 2 to \(ColorRamp.maxStops) stops [\"#rrggbb\", fraction of the lifetime] with fractions strictly increasing from 0 to 1"
        return EffectField(name: name, meaning: meaning, allowed: rule, unit: .tuple([.notAQuantity, .ratio]), read: { section, field in
            let items = try field.array()
            guard items.isEmpty || (2...ColorRamp.maxStops).contains(items.count) else {
                throw field.fail("\(items.count) stop\(items.count == 1 ? "" : "s"): give \(rule)")
            }
            var stops: [ColorRamp.Stop] = []
            for item in items {
                let parts = try item.array()
                guard parts.count == 2 else { throw item.fail("not a stop: [\"#rrggbb\", fraction], fraction from 0 to 1") }
                let text = try parts[0].string()
                let hex = text.hasPrefix("#") ? String(text.dropFirst()) : ""
                guard hex.count == 6, hex.allSatisfy(\.isHexDigit), let value = UInt32(hex, radix: 16) else {
                    throw parts[0].fail("\(parts[0].text) is not a colour: write \"#rrggbb\", for example \"#ff3b30\"")
                }
                let at = try parts[1].number()
                guard (0...1).contains(at) else { throw parts[1].fail("\(parts[1].text) is out of range: a fraction of the lifetime from 0 to 1") }
                if let previous = stops.last, at <= previous.at {
                    throw parts[1].fail("\(parts[1].text) is not allowed: fractions must increase strictly (the stop before is at \(previous.at.compactText))")
                }
                stops.append(ColorRamp.Stop(RGB(hex: value), at: at))
            }
            section[keyPath: key] = stops
        }, write: { .array($0[keyPath: key].map { .array([.string($0.color.hex), .number($0.at)]) }) })
    }
}
