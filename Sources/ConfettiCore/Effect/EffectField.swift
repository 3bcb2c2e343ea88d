/// One field of an effect file: its name, what it means (with its unit), what it measures, what
/// is allowed, and how it is read from and written to a section value. The tables in
/// `EffectFormat` are made of these, and drive reading, validation, writing, the field reference
/// in docs/effect-files.md and reduced motion alike.
struct EffectField<Section> {
    let name: String
    let meaning: String
    let allowed: String
    /// What the field measures: how reduced motion scales it (`slow`).
    let unit: FieldUnit
    let read: (inout Section, FieldValue) throws -> Void
    let write: (Section) -> JSONText
    let domain: FieldDomain
    /// The field of a section slowed down in time by s, as its unit says: × s^(−n) for a unit
    /// of secondsⁿ. Nothing for a unit time does not enter.
    let slow: (inout Section, Double) -> Void
    /// Each sprite of a field of sprites replaced by what `transform` makes of it (picture paths
    /// made absolute); nothing for any other field.
    let sprites: (inout Section, (Sprite) -> Sprite) -> Void

    /// `slow` may be left out only for a unit time does not enter: a field measured in time
    /// that could not be slowed down would be missed by reduced motion.
    init(name: String, meaning: String, allowed: String, unit: FieldUnit, read: @escaping (inout Section, FieldValue) throws -> Void,
         write: @escaping (Section) -> JSONText, domain: FieldDomain = .other, slow: ((inout Section, Double) -> Void)? = nil,
         sprites: ((inout Section, (Sprite) -> Sprite) -> Void)? = nil) {
        precondition(slow != nil || unit.isTimeless, "\(name) is measured in \(unit), which reduced motion scales, but has no way to be slowed down")
        self.name = name
        self.meaning = meaning
        self.allowed = allowed
        self.unit = unit
        self.read = read
        self.write = write
        self.domain = domain
        self.slow = slow ?? { _, _ in }
        self.sprites = sprites ?? { _, _ in }
    }
}

extension Sequence {
    /// `value` slowed down in time by `s`: every field by its unit.
    func slowedDown<Section>(_ value: Section, by s: Double) -> Section where Element == EffectField<Section> {
        reduce(into: value) { value, field in field.slow(&value, s) }
    }
}

/// What a field measures, as far as time is concerned: how it changes when an effect is slowed
/// down in time by a factor s (reduced motion, docs/effects.md). A closed form x(t) played at
/// s·t is the same formula with every quantity in secondsⁿ multiplied by s⁻ⁿ: durations ÷ s,
/// speeds and frequencies × s, accelerations × s², and nothing else changes.
package enum FieldUnit: Hashable, Sendable, CustomStringConvertible {
    /// s: a lifetime, fade, delay, interval, period, or the spacing of trail ghosts (they are
    /// spaced in time). ÷ s.
    case duration
    /// Distance per second: pt/s, viewport widths or heights per second. × s.
    case speed
    /// Per second: an oscillation's rad/s, steps or pieces per second, drag's 1/s. × s.
    case frequency
    /// Turning, deg/s or rad/s: a spin, the phase of a travelling wave. × s.
    case angularSpeed
    /// pt/s². × s².
    case acceleration
    /// How many: pieces, sparks, ghosts, layers. Time does not enter; reduced motion halves
    /// the pieces and sparks of its own accord (`Effect.reducedMotion`).
    case count
    /// pt, or a share of the viewport: a size, distance or position.
    case length
    /// deg or rad.
    case angle
    /// A pure number: a fraction, share, factor, or eased progress.
    case ratio
    /// Not a number: a colour, a name, a choice, a switch.
    case notAQuantity
    /// Entries of several numbers, component i of each in `units[i]`: a wind gust's
    /// [amplitude, frequency, phase].
    case tuple([FieldUnit])

    /// The power of seconds in the unit: 1 for a duration, −1 for anything per second, −2 for
    /// an acceleration, 0 where time does not enter; nil for a tuple, whose components have
    /// their own.
    package var secondsPower: Int? {
        switch self {
        case .duration: 1
        case .speed, .frequency, .angularSpeed: -1
        case .acceleration: -2
        case .count, .length, .angle, .ratio, .notAQuantity: 0
        case .tuple: nil
        }
    }

    /// Whether slowing an effect down leaves values of this unit as they are.
    package var isTimeless: Bool {
        if case .tuple(let units) = self { return units.allSatisfy(\.isTimeless) }
        return secondsPower == 0
    }

    /// `value`, of this (scalar) unit, in an effect slowed down in time by `s`: value × s⁻ⁿ.
    package func slowed(_ value: Double, by s: Double) -> Double {
        guard let n = secondsPower else { preconditionFailure("a tuple is slowed down component by component") }
        let power = (0..<abs(n)).reduce(1.0) { product, _ in product * s }
        return n > 0 ? value / power : value * power
    }

    package var description: String {
        switch self {
        case .duration: "duration"
        case .speed: "speed"
        case .frequency: "frequency"
        case .angularSpeed: "angular speed"
        case .acceleration: "acceleration"
        case .count: "count"
        case .length: "length"
        case .angle: "angle"
        case .ratio: "ratio"
        case .notAQuantity: "not a quantity"
        case .tuple(let units): "[" + units.map(\.description).joined(separator: ", ") + "]"
        }
    }
}

/// The numbers a field accepts, for tests that sweep every field across its whole range.
package enum FieldDomain: Sendable {
    /// A number; `open` excludes the lower bound.
    case number(ClosedRange<Double>, open: Bool)
    case whole(ClosedRange<Int>)
    /// `[low, high]`.
    case interval(ClosedRange<Double>)
    case wholeInterval(ClosedRange<Int>)
    case other
}

/// One field of one section, as `EffectFile.fields` lists them.
package struct EffectFieldInfo: Sendable {
    package var section: String
    package var name: String
    package var domain: FieldDomain
    /// What it measures, in time's terms.
    package var unit: FieldUnit
    /// What it means, with its unit, as the field reference says.
    package var meaning: String
    /// The effect kinds that read the section.
    package var kinds: Set<EffectKindName>
}

/// The JSON value given for one field, with its path for messages.
struct FieldValue {
    /// A list as a message shows it: its first 8 items, then how many it has, so a refusal of
    /// 10,000 numbers stays one short line.
    static func listText(_ items: [FieldValue]) -> String {
        "[" + items.prefix(8).map(\.text).joined(separator: ", ") + (items.count > 8 ? ", … (\(items.count) in all)" : "") + "]"
    }

    let value: JSONValue
    /// `confetti.colors[2]`.
    let path: String
    /// The folder of the effect file the value was read from: a path the file gives (a
    /// sprite's image) is relative to the file, not to wherever the command was run, so the
    /// file can be moved with its pictures. nil (standard input, tests): the current directory.
    /// Every value made from this one carries it on (`element`, `member`).
    let directory: String?

    func fail(_ message: String) -> EffectError {
        EffectError(file: nil, path: path, message: "\(message) (\(value.position))")
    }

    func element(_ index: Int, _ value: JSONValue) -> FieldValue {
        FieldValue(value: value, path: "\(path)[\(index)]", directory: directory)
    }

    /// The member `key` of this object, at `path.key` (`key` alone at the top).
    func member(_ key: String, _ value: JSONValue) -> FieldValue {
        FieldValue(value: value, path: path.isEmpty ? key : path + "." + key, directory: directory)
    }

    /// The value as the file wrote it, safe to print.
    var text: String {
        switch value.kind {
        case .number(_, let text): printable(text)
        case .string(let s): "'" + printable(s) + "'"
        case .bool(let b): b ? "true" : "false"
        case .null: "null"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// The number, refused where a double cannot hold it and, when it reaches the GPU, where a
    /// 32-bit float cannot.
    func number(reachesGPU: Bool = true) throws -> Double {
        switch value.kind {
        case .number(let v, let text):
            guard v.isFinite else { throw fail("\(printable(text)) is not a number a double can hold") }
            // The shaders take 32-bit floats, which hold nothing between 0 and 1.2e-38 (and the
            // GPU flushes their denormals to 0): such a value would be 0 on the GPU and not on
            // the CPU.
            guard !reachesGPU || v == 0 || abs(v) >= Double(Float.leastNormalMagnitude) else {
                throw fail("\(printable(text)) is too close to 0 for the GPU's 32-bit floats: give 0 or a number of magnitude at least 1.2e-38")
            }
            return v
        case .null: throw fail("null where a number is required")
        default: throw fail("wrong type: expected a number, found \(value.typeName)")
        }
    }

    func string() throws -> String {
        switch value.kind {
        case .string(let s): return s
        case .null: throw fail("null where a string is required")
        default: throw fail("wrong type: expected a string, found \(value.typeName)")
        }
    }

    /// A colour, `"#rrggbb"`.
    func color() throws -> RGB {
        let text = try string()
        let hex = text.hasPrefix("#") ? String(text.dropFirst()) : ""
        guard hex.count == 6, hex.allSatisfy(\.isHexDigit), let value = UInt32(hex, radix: 16) else {
            throw fail("\(self.text) is not a colour: write \"#rrggbb\", for example \"#ff3b30\"")
        }
        return RGB(hex: value)
    }

    func array() throws -> [FieldValue] {
        switch value.kind {
        case .array(let items): return items.enumerated().map { element($0, $1) }
        case .null: throw fail("null where an array is required")
        default: throw fail("wrong type: expected an array, found \(value.typeName)")
        }
    }
}

/// JSON as the effect writer produces it: numbers in their shortest form, arrays on one line
/// (with any object in them, a sprite, on that line too), objects one member per line in table
/// order. Also the resident overlay's protocol lines (`render(inline: true)`: one line).
package indirect enum JSONText: Sendable {
    case null
    case number(Double)
    case bool(Bool)
    case string(String)
    case array([JSONText])
    case object([(String, JSONText)])

    /// A value read by `JSON.parse`, to be written again (numbers in their shortest form).
    package init(_ value: JSONValue) {
        switch value.kind {
        case .null: self = .null
        case .bool(let b): self = .bool(b)
        case .number(let v, _): self = .number(v)
        case .string(let s): self = .string(s)
        case .array(let items): self = .array(items.map(JSONText.init))
        case .object(let members): self = .object(members.map { ($0.key, JSONText($0.value)) })
        }
    }

    package func render(indent: String = "", inline: Bool = false) -> String {
        switch self {
        case .null: return "null"
        case .number(let v): return v.compactText
        case .bool(let b): return b ? "true" : "false"
        case .string(let s): return Self.quoted(s)
        case .array(let items): return "[" + items.map { $0.render(inline: true) }.joined(separator: ", ") + "]"
        case .object(let members) where inline:
            return "{" + members.map { Self.quoted($0.0) + ": " + $0.1.render(inline: true) }.joined(separator: ", ") + "}"
        case .object(let members):
            let inner = indent + "  "
            return "{\n" + members.map { inner + "\"\($0.0)\": " + $0.1.render(indent: inner) }.joined(separator: ",\n") + "\n" + indent + "}"
        }
    }

    /// `s` as a JSON string the reader takes back: quotes and backslashes escaped, and control
    /// characters (a newline in a sprite's path data) too, which the reader refuses raw.
    package static func quoted(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

private func show(_ v: Double) -> String { v.compactText }

extension EffectField {
    /// A number in `range`; `open` excludes the lower bound; `least`: 0 or at least this, for a
    /// field whose 0 switches something off and whose smallest values the shader's 32-bit floats
    /// cannot resolve (a strobe's period against the age's rounding).
    /// `reachesGPU` false: a number only the CPU reads (the sound's), which a 32-bit float's
    /// least magnitude does not bound.
    static func number(_ name: String, _ key: WritableKeyPath<Section, Double>, _ range: ClosedRange<Double>, open: Bool = false, least: Double? = nil, reachesGPU: Bool = true, _ unit: FieldUnit, _ meaning: String) -> EffectField {
        var allowed = open ? "greater than \(show(range.lowerBound)) and at most \(show(range.upperBound))" : "from \(show(range.lowerBound)) to \(show(range.upperBound))"
        if let least { allowed = "0, or from \(show(least)) to \(show(range.upperBound))" }
        return EffectField(name: name, meaning: meaning, allowed: allowed, unit: unit, read: { section, field in
            let v = try field.number(reachesGPU: reachesGPU)
            guard range.contains(v), !(open && v == range.lowerBound), least.map({ v == 0 || v >= $0 }) ?? true else {
                throw field.fail("\(field.text) is out of range: allowed \(allowed)")
            }
            section[keyPath: key] = v
        }, write: { .number($0[keyPath: key]) }, domain: .number(range, open: open), slow: { section, s in
            section[keyPath: key] = unit.slowed(section[keyPath: key], by: s)
        })
    }

    /// A whole number in `range`, kept as an Int or (for sizes) a Double: a count or a size,
    /// never measured in time (slowed down, it would not stay whole).
    static func whole(_ name: String, _ key: WritableKeyPath<Section, Int>, _ range: ClosedRange<Int>, _ unit: FieldUnit, _ meaning: String) -> EffectField {
        wholeNumber(name, range, unit, meaning, set: { $0[keyPath: key] = $1 }, get: { $0[keyPath: key] })
    }

    static func whole(_ name: String, _ key: WritableKeyPath<Section, Double>, _ range: ClosedRange<Int>, _ unit: FieldUnit, _ meaning: String) -> EffectField {
        wholeNumber(name, range, unit, meaning, set: { $0[keyPath: key] = Double($1) }, get: { Int($0[keyPath: key]) })
    }

    private static func wholeNumber(_ name: String, _ range: ClosedRange<Int>, _ unit: FieldUnit, _ meaning: String, set: @escaping (inout Section, Int) -> Void, get: @escaping (Section) -> Int) -> EffectField {
        let allowed = "a whole number from \(range.lowerBound) to \(range.upperBound)"
        return EffectField(name: name, meaning: meaning, allowed: allowed, unit: unit, read: { section, field in
            let v = try field.number()
            guard v == v.rounded(), v >= Double(range.lowerBound), v <= Double(range.upperBound) else {
                throw field.fail("\(field.text) is not allowed: \(allowed)")
            }
            set(&section, Int(v))
        }, write: { .number(Double(get($0))) }, domain: .whole(range))
    }

    /// `[low, high]` with low ≤ high, both in `range` (whole numbers when `whole`).
    static func interval(_ name: String, _ key: WritableKeyPath<Section, ClosedRange<Double>>, _ range: ClosedRange<Double>, _ unit: FieldUnit, _ meaning: String) -> EffectField {
        let allowed = "[low, high] with low ≤ high, each from \(show(range.lowerBound)) to \(show(range.upperBound))"
        return EffectField(name: name, meaning: meaning, allowed: allowed, unit: unit, read: { section, field in
            section[keyPath: key] = try readInterval(field, range, whole: false, allowed: allowed)
        }, write: { .array([.number($0[keyPath: key].lowerBound), .number($0[keyPath: key].upperBound)]) }, domain: .interval(range), slow: { section, s in
            let r = section[keyPath: key]
            section[keyPath: key] = unit.slowed(r.lowerBound, by: s)...unit.slowed(r.upperBound, by: s)
        })
    }

    /// Whole numbers, never measured in time (see `whole`).
    static func interval(_ name: String, _ key: WritableKeyPath<Section, ClosedRange<Int>>, _ range: ClosedRange<Int>, _ unit: FieldUnit, _ meaning: String) -> EffectField {
        let allowed = "[low, high] with low ≤ high, whole numbers from \(range.lowerBound) to \(range.upperBound)"
        return EffectField(name: name, meaning: meaning, allowed: allowed, unit: unit, read: { section, field in
            let r = try readInterval(field, Double(range.lowerBound)...Double(range.upperBound), whole: true, allowed: allowed)
            section[keyPath: key] = Int(r.lowerBound)...Int(r.upperBound)
        }, write: { .array([.number(Double($0[keyPath: key].lowerBound)), .number(Double($0[keyPath: key].upperBound))]) }, domain: .wholeInterval(range))
    }

    private static func readInterval(_ field: FieldValue, _ range: ClosedRange<Double>, whole: Bool, allowed: String) throws -> ClosedRange<Double> {
        let items = try field.array()
        let values = try items.map { try $0.number() }
        guard values.count == 2, values.allSatisfy({ range.contains($0) && (!whole || $0 == $0.rounded()) }), values[0] <= values[1] else {
            throw field.fail("\(FieldValue.listText(items)) is not allowed: \(allowed)")
        }
        return values[0]...values[1]
    }

    /// `count` numbers (nil: as many as the default has), each in `range`.
    static func numbers(_ name: String, _ key: WritableKeyPath<Section, [Double]>, count: Int?, _ range: ClosedRange<Double>, _ unit: FieldUnit, _ meaning: String) -> EffectField {
        let each = "each from \(show(range.lowerBound)) to \(show(range.upperBound))"
        return EffectField(name: name, meaning: meaning, allowed: count.map { "\($0) numbers, \(each)" } ?? "as many numbers as the default, \(each)", unit: unit, read: { section, field in
            let items = try field.array()
            let values = try items.map { try $0.number() }
            let wanted = count ?? section[keyPath: key].count
            guard values.count == wanted, values.allSatisfy({ range.contains($0) }) else {
                throw field.fail("\(FieldValue.listText(items)) is not allowed: \(wanted) numbers, \(each)")
            }
            section[keyPath: key] = values
        }, write: { .array($0[keyPath: key].map(JSONText.number)) }, slow: { section, s in
            section[keyPath: key] = section[keyPath: key].map { unit.slowed($0, by: s) }
        })
    }

    /// `counts` entries (1 to 64 unless given), each read by `element` (its path carries the
    /// index): colours, names, sizes, shapes, curves, none of them measured in time.
    static func list<Element>(
        _ name: String, _ key: WritableKeyPath<Section, [Element]>, counts: ClosedRange<Int> = 1...64, noun: String, allowed: String, unit: FieldUnit, _ meaning: String,
        element: @escaping (FieldValue) throws -> Element, write: @escaping (Element) -> JSONText
    ) -> EffectField {
        let range = "\(counts.lowerBound) to \(counts.upperBound)"
        return EffectField(name: name, meaning: meaning, allowed: "\(range) \(noun), \(allowed)", unit: unit, read: { section, field in
            let items = try field.array()
            guard counts.contains(items.count) else {
                throw field.fail(items.isEmpty ? "empty: give \(range) \(noun), \(allowed)" : "\(items.count) \(noun): give \(range), \(allowed)")
            }
            section[keyPath: key] = try items.map(element)
        }, write: { .array($0[keyPath: key].map(write)) })
    }

    static func colors(_ name: String, _ key: WritableKeyPath<Section, [RGB]>, counts: ClosedRange<Int> = 1...64, _ meaning: String) -> EffectField {
        list(name, key, counts: counts, noun: "colours", allowed: "each \"#rrggbb\"", unit: .notAQuantity, meaning, element: { try $0.color() }, write: { .string($0.hex) })
    }

    /// One colour, `"#rrggbb"`.
    static func color(_ name: String, _ key: WritableKeyPath<Section, RGB>, _ meaning: String) -> EffectField {
        EffectField(name: name, meaning: meaning, allowed: "\"#rrggbb\"", unit: .notAQuantity, read: { section, field in
            section[keyPath: key] = try field.color()
        }, write: { .string($0[keyPath: key].hex) })
    }

    /// Names from `names`, 1 to 64 of them.
    static func names(_ name: String, _ key: WritableKeyPath<Section, [String]>, from names: @escaping () -> [String], _ meaning: String) -> EffectField {
        list(name, key, noun: "names", allowed: "each the name of a shell preset", unit: .notAQuantity, meaning, element: { field in
            let text = try field.string()
            let known = names()
            guard known.contains(text) else {
                throw field.fail("\(field.text) is not allowed: one of \(known.joined(separator: ", ")).\(text.count <= 64 ? didYouMean(text, in: known) : "")")
            }
            return text
        }, write: { .string($0) })
    }

    static func sizes(_ name: String, _ key: WritableKeyPath<Section, [Size]>, _ meaning: String) -> EffectField {
        list(name, key, noun: "sizes", allowed: "each [width, height] in whole points from 1 to 255", unit: .length, meaning, element: { field in
            let items = try field.array()
            let pair = try items.map { try $0.number() }
            guard pair.count == 2, pair.allSatisfy({ $0 == $0.rounded() && (1...255).contains($0) }) else {
                throw field.fail("\(FieldValue.listText(items)) is not a size: [width, height], whole points from 1 to 255")
            }
            return Size(width: pair[0], height: pair[1])
        }, write: { .array([.number($0.width), .number($0.height)]) })
    }

    static func shapes(_ name: String, _ key: WritableKeyPath<Section, [ConfettiShape]>, _ meaning: String) -> EffectField {
        let names = ConfettiShape.allCases.map(\.name)
        return list(name, key, noun: "shapes", allowed: "each one of \(names.map { "\"\($0)\"" }.joined(separator: ", "))", unit: .notAQuantity, meaning, element: { field in
            let text = try field.string()
            guard let shape = ConfettiShape.allCases.first(where: { $0.name == text }) else {
                throw field.fail("\(field.text) is not a shape: \(names.map { "\"\($0)\"" }.joined(separator: " or ")).\(didYouMean(text, in: names))")
            }
            return shape
        }, write: { .string($0.name) })
    }

    /// Shapes mixed by weight: a list of names, equally likely (written so when the weights are
    /// equal), or an object of names to relative weights, `{"star": 2, "rectangle": 1}`.
    static func shapeMix(_ name: String, _ key: WritableKeyPath<Section, [ConfettiShape]>, weights: WritableKeyPath<Section, [Double]?>, _ meaning: String) -> EffectField {
        let list = shapes(name, key, meaning)
        let names = ConfettiShape.allCases.map(\.name)
        let maxWeight = 1_000.0
        let byWeight = "an object of shape names to weights from 0 to \(maxWeight.compactText), at least one above 0"
        return EffectField(name: name, meaning: meaning, allowed: list.allowed + "; or " + byWeight, unit: .notAQuantity, read: { section, field in
            guard case .object(let members) = field.value.kind else {
                try list.read(&section, field)
                section[keyPath: weights] = nil
                return
            }
            guard !members.isEmpty else { throw field.fail("empty: give a list of shapes or \(byWeight)") }
            var mix: [(ConfettiShape, Double)] = []
            for member in members {
                let path = field.path + "." + printable(member.key)
                guard let shape = ConfettiShape.allCases.first(where: { $0.name == member.key }) else {
                    let hint = member.key.count <= 64 ? didYouMean(member.key, in: names) : ""
                    throw EffectError(file: nil, path: path, message: "not a shape: \(names.map { "\"\($0)\"" }.joined(separator: " or ")).\(hint) (\(member.keyPosition))")
                }
                let weight = FieldValue(value: member.value, path: path, directory: field.directory)
                let w = try weight.number()
                guard (0...maxWeight).contains(w) else { throw weight.fail("\(weight.text) is out of range: allowed a weight from 0 to \(maxWeight.compactText)") }
                mix.append((shape, w))
            }
            guard mix.contains(where: { $0.1 > 0 }) else { throw field.fail("every weight is 0: at least one shape needs a weight above 0") }
            section[keyPath: key] = mix.map(\.0)
            section[keyPath: weights] = mix.map(\.1)
        }, write: { section in
            guard let w = section[keyPath: weights], Set(w).count > 1 else { return list.write(section) }
            return .object(zip(section[keyPath: key], w).map { ($0.name, .number($1)) })
        })
    }

    static func curves(_ name: String, _ key: WritableKeyPath<Section, [[Point]]>, _ meaning: String) -> EffectField {
        list(name, key, noun: "curves", allowed: "each three points [x, y] after P0 = (0, 0), coordinates from -10 to 10", unit: .length, meaning, element: { field in
            let points = try field.array()
            guard points.count == 3 else {
                throw field.fail("not a curve: three points [x, y] after P0 = (0, 0), coordinates from -10 to 10")
            }
            return try points.map { point in
                let items = try point.array()
                let xy = try items.map { try $0.number() }
                guard xy.count == 2, xy.allSatisfy({ abs($0) <= 10 }) else {
                    throw point.fail("\(FieldValue.listText(items)) is not a point: [x, y], each from -10 to 10")
                }
                return Point(xy[0], xy[1])
            }
        }, write: { .array($0.map { .array([.number($0.x), .number($0.y)]) }) })
    }
}

extension ConfettiShape {
    /// The shape's name in effect files.
    package var name: String {
        switch self {
        case .rectangle: "rectangle"
        case .circle: "circle"
        case .star: "star"
        case .heart: "heart"
        case .triangle: "triangle"
        case .ribbon: "ribbon"
        }
    }
}

extension RGB {
    /// `#rrggbb`, as effect files write colours.
    package var hex: String {
        let (r, g, b, _) = rgba8
        func two(_ byte: UInt8) -> String { (byte < 16 ? "0" : "") + String(byte, radix: 16) }
        return "#" + two(r) + two(g) + two(b)
    }
}
