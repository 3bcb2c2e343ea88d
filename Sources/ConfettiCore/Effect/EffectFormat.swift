/// The effect file format, described once: one table of fields per section. Reading,
/// validation, writing and the README's field reference all come from these tables.
///
/// ```
/// { "kind": "confetti" | "classic" | "fountain" | "celebration",
///   "confetti": { ... }, "classic": { ... }, "fountain": { ... } }
/// ```
/// A section may leave fields out; they keep the preset's values. Units: points (pt), seconds
/// (s), degrees (deg), radians (rad).
enum EffectFormat {
    nonisolated(unsafe) static let confetti = EffectSection<ConfettiBurst>(key: "confetti", title: "Confetti", standard: .standard, fields: [
        .number("gravity", \.physics.gravity, -100_000...100_000, "downward acceleration, pt/s²"),
        .number("drag", \.physics.drag, 0...100, open: true, "air drag: velocity decays as exp(−drag·t), 1/s"),
        .number("lifetime", \.physics.lifetime, 0...60, open: true, "seconds a piece lives"),
        .number("fadeOutDuration", \.physics.fadeOutDuration, 0...60, "seconds of linear fade before death, at most the lifetime"),
        .number("windSpeed", \.physics.wind.mean, -100_000...100_000, "steady wind drag pulls the pieces towards, pt/s, positive to the right"),
        .gusts("windGusts", \.physics.wind.gusts, "gusts added to the wind on the burst's clock, each [amplitude pt/s, frequency rad/s, phase rad]"),
        .whole("trailGhosts", \.physics.trail.ghosts, 0...Trail.maxGhosts, "fading ghosts behind each piece (0: no trail)"),
        .number("trailSpacing", \.physics.trail.spacing, 0...1, open: true, "seconds between ghosts"),
        .number("trailTaper", \.physics.trail.taper, 0...1, "size the ghosts lose towards the end of the trail, fraction"),
        .rampStops("colorRamp", \.physics.colorRamp.stops, "colour over life: stops [\"#rrggbb\", fraction of the lifetime]"),
        .choice("colorRampMode", \.physics.colorRamp.mode, "whether the ramp replaces or multiplies each piece's colour"),
        .number("sizeAtDeath", \.physics.sizeAtDeath, 0...100, "size at death as a multiple of the size at birth, linear in between"),
        .whole("count", \.count, 1...ConfettiLimits.maxParticlesPerBurst, "pieces per burst"),
        .interval("launchX", \.launchX, -1...2, "launch x, as a fraction of the viewport width"),
        .number("launchBelowBottom", \.launchBelowBottom, -100_000...100_000, "launch y, in pt below the bottom edge"),
        .interval("horizontalSpeed", \.horizontalSpeed, -100...100, "horizontal speed, in viewport widths per second"),
        .number("upwardSpeed", \.upwardSpeed, -100...100, "upward speed, in viewport heights per second"),
        .interval("upwardSpeedJitter", \.upwardSpeedJitter, 0...100, "factor the upward speed is multiplied by"),
        .interval("initialRotation", \.initialRotation, -36_000...36_000, "rotation at launch, deg"),
        .interval("rotationSpeed", \.rotationSpeed, -36_000...36_000, "spin, deg/s"),
        .interval("flutterAmplitude", \.flutterAmplitude, 0...10_000, "sideways flutter, pt"),
        .interval("flutterFrequency", \.flutterFrequency, 0...1_000, "flutter, rad/s"),
        .interval("flipFrequency", \.flipFrequency, 0...1_000, "3D flip (apparent width), rad/s"),
        .interval("spreadStrength", \.spreadStrength, 0...100_000, "outward push growing with t², pt/s²"),
        .sizes("sizes", \.sizes, "piece sizes [width, height], equally likely, pt"),
        .colors("colors", \.colors, "piece colours, equally likely"),
        .shapes("shapes", \.shapes, "piece shapes, equally likely"),
    ], finish: { section, given in
        // The fade defaults to the preset's, shortened to a shorter lifetime.
        let lifetime = section.physics.lifetime
        if let fade = given["fadeOutDuration"] {
            guard section.physics.fadeOutDuration <= lifetime else {
                throw fade.fail("\(fade.text) is not allowed: at most the lifetime (\(lifetime.compactText) s)")
            }
        } else {
            section.physics.fadeOutDuration = min(section.physics.fadeOutDuration, lifetime)
        }
    })

    nonisolated(unsafe) static let classic = EffectSection<FireworkLaunch>(key: "classic", title: "Classic fireworks", standard: .standard, fields: [
        .whole("fireworks", \.count, 1...1_000, "fireworks per launch, each at a corner of the button"),
        .number("maxOriginJitter", \.maxOriginJitter, 0...10_000, "each firework moves up to this far from its corner per axis, pt"),
        .whole("sparkCount", \.firework.sparkCount, 1...ConfettiLimits.maxParticlesPerBurst, "sparks per firework"),
        .number("scale", \.firework.scale, 0...10_000, open: true, "pt per unit of the normalized curves"),
        .whole("sparkSize", \.firework.sparkSize, 1...255, "spark diameter before scaling, pt"),
        .whole("maxJitter", \.firework.maxJitter, 0...10_000, "each spark's origin moves 0…maxJitter whole pt outwards per axis"),
        .colors("colors", \.firework.colors, "spark colours, spark k takes colour k mod count"),
        .interval("maxScaleSteps", \.firework.maxScaleSteps, 0...100, "peak scale 1 + a/10, a drawn from this range"),
        .interval("minScaleSteps", \.firework.minScaleSteps, 0...100, "final scale 0.5 + b/10, b drawn from this range"),
        .curves("topRight", \.firework.topRight, "normalized curves of the top quarters, P1 P2 P3 after P0 = (0, 0), y down"),
        .curves("bottomRight", \.firework.bottomRight, "normalized curves of the bottom quarters"),
    ] + timingFields(\.firework.timing), finish: { section, given in
        try finishTiming(&section.firework.timing, given)
    })

    nonisolated(unsafe) static let fountain = EffectSection<FountainFirework>(key: "fountain", title: "Fountain", standard: .standard, fields: [
        .whole("sparkCount", \.sparkCount, 1...ConfettiLimits.maxParticlesPerBurst, "sparks, one every delayStep"),
        .number("scale", \.scale, 0...10_000, open: true, "pt per unit of the curves"),
        .whole("sparkSize", \.sparkSize, 1...255, "spark diameter before scaling, pt"),
        .number("delayStep", \.delayStep, 0...10, "seconds between sparks; spark k appears after (k + 1) × delayStep"),
        .number("offsetY", \.offsetY, -100_000...100_000, "pt above the top centre of the button the sparks rise from"),
        .colors("colors", \.colors, "spark colours, spark k takes colour k mod count"),
        .interval("startScaleTenths", \.startScaleTenths, 0...100, "first scale keyframe, in tenths, drawn from this range"),
        .interval("peakScaleTenths", \.peakScaleTenths, 0...100, "peak scale keyframes, in tenths, drawn from this range"),
        .number("endScale", \.endScale, 0...10, "last scale keyframe"),
    ] + timingFields(\.timing), finish: { section, given in
        try finishTiming(&section.timing, given)
    })

    /// The timing every spark of a firework shares, in the classic and fountain sections.
    static func timingFields<Section>(_ timing: WritableKeyPath<Section, SparkTiming>) -> [EffectField<Section>] {
        [
            .number("duration", timing.appending(path: \.duration), 0...60, open: true, "seconds from a spark's appearing to its end"),
            .numbers("scaleKeyTimes", timing.appending(path: \.scaleKeyTimes), count: nil, 0...1, "eased progress of each scale keyframe: increasing, first 0, last 1"),
            .number("fadeStart", timing.appending(path: \.fadeStart), 0...1, "opacity starts falling at this fraction of the duration"),
            .number("fadeEnd", timing.appending(path: \.fadeEnd), 0...1, "opacity reaches 0 at this fraction of the duration, after fadeStart"),
            .numbers("easing", timing.appending(path: \.easing.controlPoints), count: 4, -10...10, "timing curve [x1, y1, x2, y2] of the scale animation, x1 and x2 from 0 to 1"),
        ]
    }

    /// The rules between timing fields, and the fade's default following its start.
    static func finishTiming(_ timing: inout SparkTiming, _ given: [String: FieldValue]) throws {
        let times = timing.scaleKeyTimes
        if let field = given["scaleKeyTimes"] {
            guard times.first == 0, times.last == 1, zip(times, times.dropFirst()).allSatisfy({ $0 < $1 }) else {
                throw field.fail("\(field.text) is not allowed: increasing times, first 0, last 1")
            }
        }
        if let field = given["fadeEnd"] {
            guard timing.fadeEnd > timing.fadeStart else {
                throw field.fail("\(field.text) is not allowed: it must be greater than fadeStart (\(timing.fadeStart.compactText))")
            }
        } else {
            timing.fadeEnd = max(timing.fadeEnd, timing.fadeStart)
            if timing.fadeEnd == timing.fadeStart, let start = given["fadeStart"] {
                throw start.fail("\(start.text) is not allowed: it must be less than fadeEnd")
            }
        }
        if let field = given["easing"] {
            let e = timing.easing
            guard (0...1).contains(e.x1), (0...1).contains(e.x2) else {
                throw field.fail("\(field.text) is not allowed: [x1, y1, x2, y2] with x1 and x2 from 0 to 1")
            }
            // Near (x1, x2) = (1, 0) the curve's middle is flat to within rounding, and its eased
            // value is not reproducible even in Double; (1, 0) itself is solved exactly.
            let gap = (1 - e.x1) + e.x2
            guard gap == 0 || gap >= 1e-6 else {
                throw field.fail("\(field.text) is not allowed: with (1 - x1) + x2 below 0.000001 the middle of the curve is flat to within rounding, so its eased value cannot be reproduced; use x1 = 1 and x2 = 0 exactly")
            }
        }
    }

    /// The sections, and which effect kinds read each.
    // Written once at start-up and only read after: the tables are constants.
    nonisolated(unsafe) static let sections: [AnySection] = [
        AnySection(confetti, \.confetti, kinds: [.confetti, .celebration]),
        AnySection(classic, \.fireworks, kinds: [.classic, .celebration]),
        AnySection(fountain, \.fountain, kinds: [.fountain, .celebration]),
    ]
}

/// One section's table.
struct EffectSection<Section> {
    let key: String
    let title: String
    let standard: Section
    let fields: [EffectField<Section>]
    /// Rules between fields, run after every field is read; `given` holds the fields the file had.
    let finish: (inout Section, [String: FieldValue]) throws -> Void
}

/// A section of any type, bound to its place in `Effect`.
struct AnySection {
    let key: String
    let kinds: Set<EffectName>
    let fieldNames: [String]
    let fields: [EffectFieldInfo]
    let read: (inout Effect, FieldValue) throws -> Void
    let write: (Effect) -> JSONText
    let reference: String

    init<Section>(_ table: EffectSection<Section>, _ place: WritableKeyPath<Effect, Section>, kinds: Set<EffectName>) {
        key = table.key
        self.kinds = kinds
        fieldNames = table.fields.map(\.name)
        fields = table.fields.map { EffectFieldInfo(section: table.key, name: $0.name, domain: $0.domain, kinds: kinds) }
        read = { effect, object in
            guard case .object(let members) = object.value.kind else {
                throw object.fail("wrong type: expected an object, found \(object.value.typeName)")
            }
            let names = table.fields.map(\.name)
            var given: [String: FieldValue] = [:]
            for member in members {
                let field = FieldValue(value: member.value, path: object.path + "." + member.key)
                guard names.contains(member.key) else {
                    let hint = member.key.count <= 64 ? didYouMean(member.key, in: names) : ""
                    throw EffectError(file: nil, path: object.path + "." + printable(member.key),
                                      message: "unknown field.\(hint) Known fields: \(names.joined(separator: ", ")). (\(member.keyPosition))")
                }
                given[member.key] = field
            }
            var section = effect[keyPath: place]
            for field in table.fields {
                if let value = given[field.name] { try field.read(&section, value) }
            }
            try table.finish(&section, given)
            effect[keyPath: place] = section
        }
        write = { effect in .object(table.fields.map { ($0.name, $0.write(effect[keyPath: place])) }) }
        reference = (["#### `\(table.key)`: \(table.title)", "", "| field | default | allowed | meaning |", "| --- | --- | --- | --- |"]
            + table.fields.map { "| `\($0.name)` | `\($0.write(table.standard).render())` | \($0.allowed) | \($0.meaning) |" }).joined(separator: "\n")
    }
}

extension TimingCurve {
    /// [x1, y1, x2, y2], as effect files write the curve.
    var controlPoints: [Double] {
        get { [x1, y1, x2, y2] }
        set { (x1, y1, x2, y2) = (newValue[0], newValue[1], newValue[2], newValue[3]) }
    }
}
