import Foundation

/// Effect files: JSON through Codable, read strictly. Every field is checked where it is read,
/// and a bad one stops the load with its path, its value and what is allowed. Unknown fields are
/// errors too, with the closest known name.
///
/// ```
/// { "kind": "confetti" | "classic" | "fountain" | "celebration",
///   "confetti": { ... }, "classic": { ... }, "fountain": { ... } }
/// ```
/// `confetti presets NAME` prints a complete file to start from.
public enum EffectFile {
    public static func decode(_ data: Data, file: String?) throws -> Effect {
        do {
            return try JSONDecoder().decode(Effect.self, from: data)
        } catch var error as EffectError {
            error.file = file
            throw error
        } catch let error as DecodingError {
            if case .dataCorrupted(let context) = error, context.codingPath.isEmpty {
                throw EffectError(file: file, path: "", message: malformed(data))
            }
            throw describe(error, file: file)
        }
    }

    /// What is wrong with text that is not JSON, and where. JSONDecoder says only that it is
    /// not valid; JSONSerialization says why.
    static func malformed(_ data: Data) -> String {
        var detail = "not valid JSON"
        do {
            _ = try JSONSerialization.jsonObject(with: data)
        } catch {
            detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? detail
        }
        let text = String(decoding: data, as: UTF8.self)
        func lineAndColumn(_ offset: Int) -> String {
            let prefix = text.prefix(offset)
            let line = prefix.filter { $0 == "\n" }.count + 1
            let column = prefix.count - (prefix.lastIndex(of: "\n").map { prefix.distance(from: prefix.startIndex, to: $0) + 1 } ?? 0) + 1
            return "line \(line), column \(column)"
        }
        // "Number 1e400 is not representable in Swift.": name the field it was given for.
        if detail.hasPrefix("Number "), let number = detail.split(separator: " ").dropFirst().first,
           let range = text.range(of: String(number)) {
            let before = text[..<range.lowerBound]
            let key = before.split(separator: "\"").dropLast().last.map(String.init) ?? "?"
            return "\(key): \(number) is not a number a double can hold (\(lineAndColumn(text.distance(from: text.startIndex, to: range.lowerBound))))"
        }
        // "Invalid value around character 13."
        if let last = detail.split(separator: " ").last, let offset = Int(last.trimmingCharacters(in: CharacterSet(charactersIn: "."))) {
            return "not valid JSON: \(detail) (\(lineAndColumn(offset)))"
        }
        return "not valid JSON: \(detail)"
    }

    public static func encode(_ effect: Effect) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(effect), as: UTF8.self)
    }

    static func pathText(_ path: [any CodingKey]) -> String {
        path.reduce("") { text, key in
            if let index = key.intValue { return text + "[\(index)]" }
            return text.isEmpty ? key.stringValue : text + "." + key.stringValue
        }
    }

    static func describe(_ error: DecodingError, file: String?) -> EffectError {
        switch error {
        case .typeMismatch(let type, let context):
            return EffectError(file: file, path: pathText(context.codingPath), message: "wrong type: expected \(typeName(type))")
        case .valueNotFound(let type, let context):
            return EffectError(file: file, path: pathText(context.codingPath), message: "null where \(typeName(type)) is required")
        case .keyNotFound(let key, let context):
            return EffectError(file: file, path: pathText(context.codingPath + [key]), message: "missing")
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                let detail = (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
                    ?? context.underlyingError.map { "\($0)" } ?? context.debugDescription
                return EffectError(file: file, path: "", message: "not valid JSON: \(detail)")
            }
            return EffectError(file: file, path: pathText(context.codingPath), message: context.debugDescription)
        @unknown default:
            return EffectError(file: file, path: "", message: "\(error)")
        }
    }

    static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is Double.Type, is Int.Type: "a number"
        case is String.Type: "a string"
        case is [Double].Type, is [String].Type, is [[Double]].Type, is [[[Double]]].Type: "an array"
        default: "\(type)".lowercased().contains("dictionary") ? "an object" : "\(type)"
        }
    }
}

/// Any JSON key.
struct FieldKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// One JSON object of an effect file, read field by field with checks.
struct Fields {
    let container: KeyedDecodingContainer<FieldKey>

    init(_ container: KeyedDecodingContainer<FieldKey>, allowed: [String]) throws {
        self.container = container
        for key in container.allKeys where !allowed.contains(key.stringValue) {
            let hint = closest(key.stringValue, in: allowed).map { " Did you mean '\($0)'?" } ?? ""
            throw fail(key.stringValue, "unknown field.\(hint) Known fields: \(allowed.joined(separator: ", ")).")
        }
    }

    func path(_ key: String) -> String {
        EffectFile.pathText(container.codingPath + [FieldKey(key)])
    }

    func fail(_ key: String, _ message: String) -> EffectError {
        EffectError(file: nil, path: path(key), message: message)
    }

    func has(_ key: String) -> Bool { container.contains(FieldKey(key)) }

    private func show(_ v: Double) -> String {
        v.isFinite && v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : "\(v)"
    }

    func number(_ key: String, _ allowed: ClosedRange<Double>, or fallback: Double, open: Bool = false) throws -> Double {
        guard has(key) else { return fallback }
        let v = try container.decode(Double.self, forKey: FieldKey(key))
        guard v.isFinite, allowed.contains(v), !(open && v == allowed.lowerBound) else {
            let bound = open ? "greater than \(show(allowed.lowerBound)) and at most \(show(allowed.upperBound))" : "from \(show(allowed.lowerBound)) to \(show(allowed.upperBound))"
            throw fail(key, "\(show(v)) is out of range: allowed \(bound)")
        }
        return v
    }

    func integer(_ key: String, _ allowed: ClosedRange<Int>, or fallback: Int) throws -> Int {
        guard has(key) else { return fallback }
        let v = try container.decode(Double.self, forKey: FieldKey(key))
        guard v.isFinite, v == v.rounded(), v >= Double(allowed.lowerBound), v <= Double(allowed.upperBound) else {
            throw fail(key, "\(show(v)) is not allowed: a whole number from \(allowed.lowerBound) to \(allowed.upperBound)")
        }
        return Int(v)
    }

    /// `[low, high]` with low ≤ high, both inside `allowed`.
    func interval(_ key: String, _ allowed: ClosedRange<Double>, or fallback: ClosedRange<Double>) throws -> ClosedRange<Double> {
        guard has(key) else { return fallback }
        let v = try container.decode([Double].self, forKey: FieldKey(key))
        guard v.count == 2, v.allSatisfy({ $0.isFinite && allowed.contains($0) }), v[0] <= v[1] else {
            throw fail(key, "\(v.map(show)) is not allowed: [low, high] with low ≤ high, each from \(show(allowed.lowerBound)) to \(show(allowed.upperBound))")
        }
        return v[0]...v[1]
    }

    func integerInterval(_ key: String, _ allowed: ClosedRange<Int>, or fallback: ClosedRange<Int>) throws -> ClosedRange<Int> {
        let r = try interval(key, Double(allowed.lowerBound)...Double(allowed.upperBound), or: Double(fallback.lowerBound)...Double(fallback.upperBound))
        guard r.lowerBound == r.lowerBound.rounded(), r.upperBound == r.upperBound.rounded() else {
            throw fail(key, "[\(show(r.lowerBound)), \(show(r.upperBound))] is not allowed: whole numbers")
        }
        return Int(r.lowerBound)...Int(r.upperBound)
    }

    func numbers(_ key: String, count: ClosedRange<Int>, _ allowed: ClosedRange<Double>, or fallback: [Double]) throws -> [Double] {
        guard has(key) else { return fallback }
        let v = try container.decode([Double].self, forKey: FieldKey(key))
        guard count.contains(v.count), v.allSatisfy({ $0.isFinite && allowed.contains($0) }) else {
            throw fail(key, "\(v.map(show)) is not allowed: \(count.lowerBound == count.upperBound ? "\(count.lowerBound)" : "\(count.lowerBound) to \(count.upperBound)") numbers, each from \(show(allowed.lowerBound)) to \(show(allowed.upperBound))")
        }
        return v
    }

    func colors(_ key: String, or fallback: [RGB]) throws -> [RGB] {
        guard has(key) else { return fallback }
        let v = try container.decode([String].self, forKey: FieldKey(key))
        guard (1...64).contains(v.count) else {
            throw fail(key, "\(v.count) colours: give 1 to 64, as \"#rrggbb\"")
        }
        return try v.enumerated().map { i, text in
            let hex = text.hasPrefix("#") ? String(text.dropFirst()) : ""
            guard hex.count == 6, hex.allSatisfy(\.isHexDigit), let value = UInt32(hex, radix: 16) else {
                throw EffectError(file: nil, path: path(key) + "[\(i)]", message: "'\(text)' is not a colour: write \"#rrggbb\", for example \"#ff3b30\"")
            }
            return RGB(hex: value)
        }
    }

    func sizes(_ key: String, or fallback: [Size]) throws -> [Size] {
        guard has(key) else { return fallback }
        let v = try container.decode([[Double]].self, forKey: FieldKey(key))
        guard (1...64).contains(v.count) else { throw fail(key, "\(v.count) sizes: give 1 to 64, each [width, height]") }
        return try v.enumerated().map { i, pair in
            guard pair.count == 2, pair.allSatisfy({ $0 == $0.rounded() && (1...255).contains($0) }) else {
                throw EffectError(file: nil, path: path(key) + "[\(i)]", message: "\(pair.map(show)) is not a size: [width, height], whole points from 1 to 255")
            }
            return Size(width: pair[0], height: pair[1])
        }
    }

    func shapes(_ key: String, or fallback: [ConfettiShape]) throws -> [ConfettiShape] {
        guard has(key) else { return fallback }
        let v = try container.decode([String].self, forKey: FieldKey(key))
        let names = ["rectangle", "circle"]
        guard !v.isEmpty else { throw fail(key, "empty: give \"rectangle\", \"circle\" or both") }
        return try v.enumerated().map { i, name in
            guard let index = names.firstIndex(of: name) else {
                let hint = closest(name, in: names).map { " Did you mean '\($0)'?" } ?? ""
                throw EffectError(file: nil, path: path(key) + "[\(i)]", message: "'\(name)' is not a shape: \"rectangle\" or \"circle\".\(hint)")
            }
            return index == 0 ? .rectangle : .circle
        }
    }

    func curves(_ key: String, or fallback: [[Point]]) throws -> [[Point]] {
        guard has(key) else { return fallback }
        let v = try container.decode([[[Double]]].self, forKey: FieldKey(key))
        guard (1...64).contains(v.count) else { throw fail(key, "\(v.count) curves: give 1 to 64, each [[x1, y1], [x2, y2], [x3, y3]]") }
        return try v.enumerated().map { i, curve in
            guard curve.count == 3, curve.allSatisfy({ $0.count == 2 && $0.allSatisfy { $0.isFinite && abs($0) <= 10 } }) else {
                throw EffectError(file: nil, path: path(key) + "[\(i)]", message: "not a curve: three points [x, y] after P0 = (0, 0), coordinates from -10 to 10")
            }
            return curve.map { Point($0[0], $0[1]) }
        }
    }

    func section(_ key: String, allowed: [String]) throws -> Fields? {
        guard has(key) else { return nil }
        return try Fields(container.nestedContainer(keyedBy: FieldKey.self, forKey: FieldKey(key)), allowed: allowed)
    }
}

extension RGB {
    var hex: String {
        let (r, g, b, _) = rgba8
        return String(format: "#%02x%02x%02x", r, g, b)
    }
}

extension Effect: Codable {
    static let confettiFields = [
        "gravity", "drag", "lifetime", "fadeOutDuration", "count", "launchX", "launchBelowBottom",
        "horizontalSpeed", "upwardSpeed", "upwardSpeedJitter", "initialRotation", "rotationSpeed",
        "flutterAmplitude", "flutterFrequency", "flipFrequency", "spreadStrength", "sizes", "colors", "shapes",
    ]
    static let sparkTimingFields = ["duration", "scaleKeyTimes", "fadeStart", "fadeEnd", "easing"]
    static let classicFields = ["fireworks", "maxOriginJitter", "sparkCount", "scale", "sparkSize", "maxJitter",
                                "colors", "maxScaleSteps", "minScaleSteps", "topRight", "bottomRight"] + sparkTimingFields
    static let fountainFields = ["sparkCount", "scale", "sparkSize", "delayStep", "offsetY", "colors",
                                 "startScaleTenths", "peakScaleTenths", "endScale"] + sparkTimingFields

    public init(from decoder: any Decoder) throws {
        let top = try Fields(decoder.container(keyedBy: FieldKey.self), allowed: ["kind", "confetti", "classic", "fountain"])
        guard top.has("kind") else {
            throw top.fail("kind", "missing: give \"confetti\", \"classic\", \"fountain\" or \"celebration\"")
        }
        let kindName = try top.container.decode(String.self, forKey: FieldKey("kind"))
        guard let kind = EffectName(rawValue: kindName) else {
            let names = EffectName.allCases.map(\.rawValue)
            let hint = closest(kindName, in: names).map { " Did you mean '\($0)'?" } ?? ""
            throw top.fail("kind", "'\(kindName)' is not a kind: \(names.joined(separator: ", ")).\(hint)")
        }
        self.init(kind: kind)
        if let f = try top.section("confetti", allowed: Self.confettiFields) { confetti = try Self.readConfetti(f) }
        if let f = try top.section("classic", allowed: Self.classicFields) { fireworks = try Self.readClassic(f) }
        if let f = try top.section("fountain", allowed: Self.fountainFields) { fountain = try Self.readFountain(f) }
    }

    static func readConfetti(_ f: Fields) throws -> ConfettiBurst {
        var c = ConfettiBurst.standard
        let p = c.physics
        let lifetime = try f.number("lifetime", 0...60, or: p.lifetime, open: true)
        c.physics = ConfettiPhysics(
            gravity: try f.number("gravity", -100_000...100_000, or: p.gravity),
            drag: try f.number("drag", 0...100, or: p.drag, open: true),
            lifetime: lifetime,
            fadeOutDuration: try f.number("fadeOutDuration", 0...lifetime, or: min(p.fadeOutDuration, lifetime))
        )
        c.count = try f.integer("count", 1...ConfettiLimits.maxParticlesPerBurst, or: c.count)
        c.launchX = try f.interval("launchX", -1...2, or: c.launchX)
        c.launchBelowBottom = try f.number("launchBelowBottom", -100_000...100_000, or: c.launchBelowBottom)
        c.horizontalSpeed = try f.interval("horizontalSpeed", -100...100, or: c.horizontalSpeed)
        c.upwardSpeed = try f.number("upwardSpeed", -100...100, or: c.upwardSpeed)
        c.upwardSpeedJitter = try f.interval("upwardSpeedJitter", 0...100, or: c.upwardSpeedJitter)
        c.initialRotation = try f.interval("initialRotation", -36_000...36_000, or: c.initialRotation)
        c.rotationSpeed = try f.interval("rotationSpeed", -36_000...36_000, or: c.rotationSpeed)
        c.flutterAmplitude = try f.interval("flutterAmplitude", 0...10_000, or: c.flutterAmplitude)
        c.flutterFrequency = try f.interval("flutterFrequency", 0...1_000, or: c.flutterFrequency)
        c.flipFrequency = try f.interval("flipFrequency", 0...1_000, or: c.flipFrequency)
        c.spreadStrength = try f.interval("spreadStrength", 0...100_000, or: c.spreadStrength)
        c.sizes = try f.sizes("sizes", or: c.sizes)
        c.colors = try f.colors("colors", or: c.colors)
        c.shapes = try f.shapes("shapes", or: c.shapes)
        return c
    }

    static func readTiming(_ f: Fields, _ base: SparkTiming) throws -> SparkTiming {
        var t = base
        t.duration = try f.number("duration", 0...60, or: t.duration, open: true)
        let keyCount = base.scaleKeyTimes.count
        let times = try f.numbers("scaleKeyTimes", count: keyCount...keyCount, 0...1, or: t.scaleKeyTimes)
        guard times.first == 0, times.last == 1, zip(times, times.dropFirst()).allSatisfy({ $0 < $1 }) else {
            throw f.fail("scaleKeyTimes", "\(times) is not allowed: \(keyCount) increasing times from 0 to 1")
        }
        t.scaleKeyTimes = times
        t.fadeStart = try f.number("fadeStart", 0...1, or: t.fadeStart)
        t.fadeEnd = try f.number("fadeEnd", 0...1, or: max(t.fadeEnd, t.fadeStart))
        guard t.fadeEnd > t.fadeStart else {
            throw f.fail("fadeEnd", "\(t.fadeEnd) is not allowed: it must be greater than fadeStart (\(t.fadeStart))")
        }
        let e = try f.numbers("easing", count: 4...4, -10...10, or: [t.easing.x1, t.easing.y1, t.easing.x2, t.easing.y2])
        guard (0...1).contains(e[0]), (0...1).contains(e[2]) else {
            throw f.fail("easing", "\(e) is not allowed: [x1, y1, x2, y2] with x1 and x2 from 0 to 1")
        }
        t.easing = TimingCurve(e[0], e[1], e[2], e[3])
        return t
    }

    static func readClassic(_ f: Fields) throws -> FireworkLaunch {
        var launch = FireworkLaunch.standard
        launch.count = try f.integer("fireworks", 1...1_000, or: launch.count)
        launch.maxOriginJitter = try f.number("maxOriginJitter", 0...10_000, or: launch.maxOriginJitter)
        var c = launch.firework
        c.sparkCount = try f.integer("sparkCount", 1...ConfettiLimits.maxParticlesPerBurst, or: c.sparkCount)
        c.scale = try f.number("scale", 0...10_000, or: c.scale, open: true)
        c.sparkSize = Double(try f.integer("sparkSize", 1...255, or: Int(c.sparkSize)))
        c.maxJitter = try f.integer("maxJitter", 0...10_000, or: c.maxJitter)
        c.colors = try f.colors("colors", or: c.colors)
        c.maxScaleSteps = try f.integerInterval("maxScaleSteps", 0...100, or: c.maxScaleSteps)
        c.minScaleSteps = try f.integerInterval("minScaleSteps", 0...100, or: c.minScaleSteps)
        c.topRight = try f.curves("topRight", or: c.topRight)
        c.bottomRight = try f.curves("bottomRight", or: c.bottomRight)
        c.timing = try readTiming(f, c.timing)
        launch.firework = c
        return launch
    }

    static func readFountain(_ f: Fields) throws -> FountainFirework {
        var c = FountainFirework.standard
        c.sparkCount = try f.integer("sparkCount", 1...ConfettiLimits.maxParticlesPerBurst, or: c.sparkCount)
        c.scale = try f.number("scale", 0...10_000, or: c.scale, open: true)
        c.sparkSize = Double(try f.integer("sparkSize", 1...255, or: Int(c.sparkSize)))
        c.delayStep = try f.number("delayStep", 0...10, or: c.delayStep)
        c.offsetY = try f.number("offsetY", -100_000...100_000, or: c.offsetY)
        c.colors = try f.colors("colors", or: c.colors)
        c.startScaleTenths = try f.integerInterval("startScaleTenths", 0...100, or: c.startScaleTenths)
        c.peakScaleTenths = try f.integerInterval("peakScaleTenths", 0...100, or: c.peakScaleTenths)
        c.endScale = try f.number("endScale", 0...10, or: c.endScale)
        c.timing = try readTiming(f, c.timing)
        return c
    }

    public func encode(to encoder: any Encoder) throws {
        var top = encoder.container(keyedBy: FieldKey.self)
        try top.encode(kind.rawValue, forKey: FieldKey("kind"))
        func interval(_ r: ClosedRange<Double>) -> [Double] { [r.lowerBound, r.upperBound] }
        func timing(_ t: SparkTiming, into c: inout KeyedEncodingContainer<FieldKey>) throws {
            try c.encode(t.duration, forKey: FieldKey("duration"))
            try c.encode(t.scaleKeyTimes, forKey: FieldKey("scaleKeyTimes"))
            try c.encode(t.fadeStart, forKey: FieldKey("fadeStart"))
            try c.encode(t.fadeEnd, forKey: FieldKey("fadeEnd"))
            try c.encode([t.easing.x1, t.easing.y1, t.easing.x2, t.easing.y2], forKey: FieldKey("easing"))
        }
        if kind == .confetti || kind == .celebration {
            var c = top.nestedContainer(keyedBy: FieldKey.self, forKey: FieldKey("confetti"))
            let b = confetti
            try c.encode(b.physics.gravity, forKey: FieldKey("gravity"))
            try c.encode(b.physics.drag, forKey: FieldKey("drag"))
            try c.encode(b.physics.lifetime, forKey: FieldKey("lifetime"))
            try c.encode(b.physics.fadeOutDuration, forKey: FieldKey("fadeOutDuration"))
            try c.encode(b.count, forKey: FieldKey("count"))
            try c.encode(interval(b.launchX), forKey: FieldKey("launchX"))
            try c.encode(b.launchBelowBottom, forKey: FieldKey("launchBelowBottom"))
            try c.encode(interval(b.horizontalSpeed), forKey: FieldKey("horizontalSpeed"))
            try c.encode(b.upwardSpeed, forKey: FieldKey("upwardSpeed"))
            try c.encode(interval(b.upwardSpeedJitter), forKey: FieldKey("upwardSpeedJitter"))
            try c.encode(interval(b.initialRotation), forKey: FieldKey("initialRotation"))
            try c.encode(interval(b.rotationSpeed), forKey: FieldKey("rotationSpeed"))
            try c.encode(interval(b.flutterAmplitude), forKey: FieldKey("flutterAmplitude"))
            try c.encode(interval(b.flutterFrequency), forKey: FieldKey("flutterFrequency"))
            try c.encode(interval(b.flipFrequency), forKey: FieldKey("flipFrequency"))
            try c.encode(interval(b.spreadStrength), forKey: FieldKey("spreadStrength"))
            try c.encode(b.sizes.map { [$0.width, $0.height] }, forKey: FieldKey("sizes"))
            try c.encode(b.colors.map(\.hex), forKey: FieldKey("colors"))
            try c.encode(b.shapes.map { $0 == .circle ? "circle" : "rectangle" }, forKey: FieldKey("shapes"))
        }
        if kind == .classic || kind == .celebration {
            var c = top.nestedContainer(keyedBy: FieldKey.self, forKey: FieldKey("classic"))
            let f = fireworks.firework
            try c.encode(fireworks.count, forKey: FieldKey("fireworks"))
            try c.encode(fireworks.maxOriginJitter, forKey: FieldKey("maxOriginJitter"))
            try c.encode(f.sparkCount, forKey: FieldKey("sparkCount"))
            try c.encode(f.scale, forKey: FieldKey("scale"))
            try c.encode(f.sparkSize, forKey: FieldKey("sparkSize"))
            try c.encode(f.maxJitter, forKey: FieldKey("maxJitter"))
            try c.encode(f.colors.map(\.hex), forKey: FieldKey("colors"))
            try c.encode([f.maxScaleSteps.lowerBound, f.maxScaleSteps.upperBound], forKey: FieldKey("maxScaleSteps"))
            try c.encode([f.minScaleSteps.lowerBound, f.minScaleSteps.upperBound], forKey: FieldKey("minScaleSteps"))
            try c.encode(f.topRight.map { $0.map { [$0.x, $0.y] } }, forKey: FieldKey("topRight"))
            try c.encode(f.bottomRight.map { $0.map { [$0.x, $0.y] } }, forKey: FieldKey("bottomRight"))
            try timing(f.timing, into: &c)
        }
        if kind == .fountain {
            var c = top.nestedContainer(keyedBy: FieldKey.self, forKey: FieldKey("fountain"))
            let f = fountain
            try c.encode(f.sparkCount, forKey: FieldKey("sparkCount"))
            try c.encode(f.scale, forKey: FieldKey("scale"))
            try c.encode(f.sparkSize, forKey: FieldKey("sparkSize"))
            try c.encode(f.delayStep, forKey: FieldKey("delayStep"))
            try c.encode(f.offsetY, forKey: FieldKey("offsetY"))
            try c.encode(f.colors.map(\.hex), forKey: FieldKey("colors"))
            try c.encode([f.startScaleTenths.lowerBound, f.startScaleTenths.upperBound], forKey: FieldKey("startScaleTenths"))
            try c.encode([f.peakScaleTenths.lowerBound, f.peakScaleTenths.upperBound], forKey: FieldKey("peakScaleTenths"))
            try c.encode(f.endScale, forKey: FieldKey("endScale"))
            try timing(f.timing, into: &c)
        }
    }
}

/// Bounds every front end shares.
public enum ConfettiLimits {
    /// Particles in one burst or firework.
    public static let maxParticlesPerBurst = 1 << 22
}
