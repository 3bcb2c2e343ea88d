/// The effect file format, described once: one table of fields per section. Reading,
/// validation, writing and the field reference (docs/effect-files.md) all come from these tables.
///
/// ```
/// { "kind": "confetti" | "classic" | "fountain" | "celebration" | "rocket" | "shell" | "show",
///   "confetti": { ... }, "classic": { ... }, "fountain": { ... }, "rocket": { ... }, "shell": { ... }, "show": { ... } }
/// ```
/// A section may leave fields out; they keep the preset's values. Units: points (pt), seconds
/// (s), degrees (deg), radians (rad).
enum EffectFormat {
    nonisolated(unsafe) static let confetti = EffectSection<ConfettiSection>(key: "confetti", title: "Confetti", standard: .standard, fields: [
        .number("gravity", \.physics.gravity, -100_000...100_000, .acceleration, "downward acceleration, pt/s²"),
        // From 0.01, as the stars' and rockets' drag: the closed form divides by the drag, and in
        // the shader's 32-bit floats a smaller one cancels to nothing (1e-4 drew pieces 44
        // levels off the CPU's; a denormal one drew nothing the CPU could place).
        .number("drag", \.physics.drag, 0.01...100, .frequency, "air drag: velocity decays as exp(−drag·t), 1/s"),
        .number("lifetime", \.physics.lifetime, 0...60, open: true, .duration, "seconds a piece lives"),
        .number("fadeOutDuration", \.physics.fadeOutDuration, 0...60, .duration, "seconds of linear fade before death, at most the lifetime"),
        .number("windSpeed", \.physics.wind.mean, -100_000...100_000, .speed, "steady wind drag pulls the pieces towards, pt/s, positive to the right"),
        .gusts("windGusts", \.physics.wind.gusts, "gusts added to the wind on the launch's clock, each [amplitude pt/s, frequency rad/s, phase rad]"),
        .whole("trailGhosts", \.physics.trail.ghosts, 0...Trail.maxGhosts, .count, "fading ghosts behind each piece (0: no trail)"),
        .number("trailSpacing", \.physics.trail.spacing, Trail.leastSpacing...1, .duration, "seconds between ghosts"),
        .number("trailTaper", \.physics.trail.taper, 0...1, .ratio, "size the ghosts lose towards the end of the trail, fraction"),
        .rampStops("colorRamp", \.physics.colorRamp.stops, "colour over life: stops [\"#rrggbb\", fraction of the lifetime]"),
        .choice("colorRampMode", \.physics.colorRamp.mode, "whether the ramp replaces or multiplies each piece's colour"),
        .number("sizeAtDeath", \.physics.sizeAtDeath, 0...100, .ratio, "size at death as a multiple of the size at birth, linear in between"),
        .whole("count", \.count, 1...Budget.maxParticlesPerLaunch, .count, "pieces per burst"),
        .interval("launchX", \.launchX, -1...2, .length, "launch x, as a fraction of the viewport width"),
        .number("launchBelowBottom", \.launchBelowBottom, -100_000...100_000, .length, "launch y, in pt below the bottom edge"),
        .interval("horizontalSpeed", \.horizontalSpeed, -100...100, .speed, "horizontal speed, in viewport widths per second"),
        .number("upwardSpeed", \.upwardSpeed, -100...100, .speed, "upward speed, in viewport heights per second"),
        .interval("upwardSpeedJitter", \.upwardSpeedJitter, 0...100, .ratio, "factor the upward speed is multiplied by"),
        .interval("initialRotation", \.initialRotation, -36_000...36_000, .angle, "rotation at launch, deg"),
        .interval("rotationSpeed", \.rotationSpeed, -36_000...36_000, .angularSpeed, "spin, deg/s (about each piece's own axis when spinMode is tumble)"),
        .interval("flutterAmplitude", \.flutterAmplitude, 0...10_000, .length, "sideways flutter, pt"),
        .interval("flutterFrequency", \.flutterFrequency, 0...1_000, .frequency, "flutter, rad/s"),
        .interval("flipFrequency", \.flipFrequency, 0...1_000, .frequency, "3D flip (apparent width), rad/s; unused when spinMode is tumble"),
        .interval("spreadStrength", \.spreadStrength, 0...100_000, .acceleration, "outward push growing with t², pt/s²"),
        .sizes("sizes", \.sizes, "piece sizes [width, height], equally likely, pt"),
        .colors("colors", \.colors, "piece colours, equally likely"),
        .shapeMix("shapes", \.shapes, weights: \.shapeWeights, "piece shapes: a list is equally likely, an object gives each shape's relative weight"),
        .sprites("sprites", \.sprites, "pictures the pieces are drawn as instead of shapes, chosen by weight, each its own size (none: paper shapes)"),
        .number("backShade", \.physics.backShade, 0...1, .ratio, "two-sided paper: colour factor of a piece showing its back (its normal turned away from the viewer); 1 draws both faces alike"),
        .colors("backColors", \.physics.backColors, counts: 0...ConfettiPhysics.maxBackColors, "two-sided colours: each piece's back takes one of these, equally likely, lit as its front (none: the front's colour times backShade)"),
        .choice("spinMode", \.physics.spinMode, "how pieces turn: flip (spin in the screen's plane at rotationSpeed and flip at flipFrequency) or tumble (turn about each piece's own random axis at rotationSpeed, seen head-on)"),
        .choice("shading", \.physics.shading, "light on the paper, from the upper left: none, matte (brightest facing the light), foil (matte plus a white glint as a piece turns to face the light)"),
        .number("ribbonAmplitude", \.physics.ribbonWave.amplitude, 0...255, .length, "how far a ribbon's centreline swings sideways, pt"),
        .number("ribbonWavelength", \.physics.ribbonWave.wavelength, 1...10_000, .length, "length of one wave along a ribbon, pt"),
        .number("ribbonWaveSpeed", \.physics.ribbonWave.angularSpeed, -1_000...1_000, .angularSpeed, "how fast a ribbon's wave turns, rad/s (its crests travel along the strip)"),
        .choice("emitter", \.emission.emitter, "where pieces enter: burst (up from the bottom), rain (down from the top), cannon (from a corner)"),
        .number("rate", \.emission.rate, 0...100_000, .frequency, "pieces per second for `duration` seconds; 0 throws `count` pieces at once"),
        .number("duration", \.emission.duration, 0...60, .duration, "seconds of emission when rate is above 0, s"),
        .choice("corner", \.emission.corner, "the cannon's corner"),
        .number("angle", \.emission.angle, -90...90, .angle, "the cannon's aim above the horizontal (below it from a top corner), into the viewport, deg"),
        .number("spread", \.emission.spread, 0...360, .angle, "each piece's aim varies by up to half this either side of angle, deg"),
        .whole("depthLayers", \.depth.layers, 1...16, .count, "layers at different depths, piece i in layer i mod depthLayers, the farthest drawn first (1: no depth)"),
        .interval("depthScale", \.depth.scale, 0.05...10, .ratio, "size and speed of the farthest and the nearest layer, as multiples (layers in between evenly)"),
    ], finish: { section, given in
        // A stream needs a duration that gives at least one piece.
        if section.emission.rate > 0, section.emission.streamCount < 1 {
            let field = given["duration"] ?? given["rate"]!
            throw field.fail("\(field.text) is not allowed: rate × duration (\(section.emission.rate.compactText) × \(section.emission.duration.compactText)) gives no piece; give a duration above 0")
        }
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

    nonisolated(unsafe) static let classic = EffectSection<ClassicSection>(key: "classic", title: "Classic fireworks", standard: .standard, fields: [
        .whole("fireworks", \.count, 1...1_000, .count, "fireworks per launch, each at a corner of the button"),
        .number("maxOriginJitter", \.maxOriginJitter, 0...10_000, .length, "each firework moves up to this far from its corner per axis, pt"),
        .whole("sparkCount", \.firework.sparkCount, 1...Budget.maxParticlesPerLaunch, .count, "sparks per firework"),
        .number("scale", \.firework.scale, 0.01...10_000, .length, "pt per unit of the normalized curves"),
        .whole("sparkSize", \.firework.sparkSize, 1...255, .length, "spark diameter before scaling, pt"),
        .whole("maxJitter", \.firework.maxJitter, 0...10_000, .length, "each spark's origin moves 0…maxJitter whole pt outwards per axis"),
        .colors("colors", \.firework.colors, "spark colours, spark k takes colour k mod count"),
        .sprites("sprites", \.firework.sprites, "pictures the sparks are drawn as instead of circles, chosen by weight, facing along their paths, each its own size (none: circles of sparkSize)"),
        .interval("maxScaleSteps", \.firework.maxScaleSteps, 0...100, .ratio, "peak scale 1 + a/10, a drawn from this range"),
        .interval("minScaleSteps", \.firework.minScaleSteps, 0...100, .ratio, "final scale 0.5 + b/10, b drawn from this range"),
        .curves("topRight", \.firework.topRight, "normalized curves of the top quarters, P1 P2 P3 after P0 = (0, 0), y down"),
        .curves("bottomRight", \.firework.bottomRight, "normalized curves of the bottom quarters"),
    ] + timingFields(\.firework.timing), finish: { section, given in
        try finishTiming(&section.firework.timing, given)
    })

    nonisolated(unsafe) static let fountain = EffectSection<FountainFirework>(key: "fountain", title: "Fountain", standard: .standard, fields: [
        .whole("sparkCount", \.sparkCount, 1...Budget.maxParticlesPerLaunch, .count, "sparks, one every delayStep"),
        .number("scale", \.scale, 0.01...10_000, .length, "pt per unit of the curves"),
        .whole("sparkSize", \.sparkSize, 1...255, .length, "spark diameter before scaling, pt"),
        .number("delayStep", \.delayStep, 0...10, .duration, "seconds between sparks; spark k appears after (k + 1) × delayStep"),
        .number("offsetY", \.offsetY, -100_000...100_000, .length, "pt above the top centre of the button the sparks rise from"),
        .colors("colors", \.colors, "spark colours, spark k takes colour k mod count"),
        .sprites("sprites", \.sprites, "pictures the sparks are drawn as instead of circles, chosen by weight, facing along their paths, each its own size (none: circles of sparkSize)"),
        .interval("startScaleTenths", \.startScaleTenths, 0...100, .ratio, "first scale keyframe, in tenths, drawn from this range"),
        .interval("peakScaleTenths", \.peakScaleTenths, 0...100, .ratio, "peak scale keyframes, in tenths, drawn from this range"),
        .number("endScale", \.endScale, 0...10, .ratio, "last scale keyframe"),
    ] + timingFields(\.timing), finish: { section, given in
        try finishTiming(&section.timing, given)
    })

    nonisolated(unsafe) static let rocket = EffectSection<RocketSection>(key: "rocket", title: "Rockets", standard: .standard, fields: [
        .whole("rockets", \.rockets, 1...1_000, .count, "rockets per launch"),
        .number("stagger", \.stagger, 0...10, .duration, "seconds between one rocket's launch and the next"),
        .interval("launchX", \.launchX, -1...2, .length, "launch x, as a fraction of the viewport width"),
        .number("launchBelowBottom", \.launchBelowBottom, -100_000...100_000, .length, "launch y, in pt below the bottom edge"),
        .interval("apexHeight", \.apexHeight, 0.01...10, .length, "how far a rocket climbs before it bursts, in viewport heights"),
        .interval("riseTime", \.riseTime, 0.05...10, .duration, "seconds from a rocket's launch to its apex"),
        .number("drag", \.drag, 0.01...20, .frequency, "the rocket's air drag, 1/s; its gravity follows from apexHeight and riseTime"),
        .interval("drift", \.drift, -10...10, .speed, "the rocket's horizontal speed, in viewport widths per second"),
        .whole("rocketSize", \.rocketSize, 1...255, .length, "rocket diameter, pt"),
        .colors("rocketColors", \.rocketColors, "each rocket takes one of these colours"),
        .whole("sparkCount", \.sparkCount, 1...(Budget.maxParticlesPerLaunch - 1), .count, "sparks each rocket bursts into at its apex"),
        .interval("sparkSpeed", \.sparkSpeed, 0...100, .speed, "spark speed at the burst, in viewport heights per second"),
        .number("sparkGravity", \.sparkGravity, -100_000...100_000, .acceleration, "downward acceleration of sparks, pt/s²"),
        .number("sparkDrag", \.sparkDrag, 0.01...100, .frequency, "sparks' air drag, 1/s"),
        .number("sparkLifetime", \.sparkLifetime, 0...60, open: true, .duration, "seconds a spark lives"),
        .number("sparkFade", \.sparkFade, 0...60, open: true, .duration, "seconds of linear fade before a spark dies, at most sparkLifetime"),
        .whole("sparkSize", \.sparkSize, 1...255, .length, "spark diameter, pt"),
        .colors("colors", \.colors, "each rocket's sparks take one of these colours"),
        .whole("crackles", \.crackles, 0...Budget.maxParticlesPerLaunch, .count, "sparks per rocket that crackle into a secondary burst, at most sparkCount"),
        .whole("crackleSparks", \.crackleSparks, 1...1_000, .count, "sparks in each secondary burst"),
        .interval("crackleDelay", \.crackleDelay, 0...60, .duration, "seconds after the main burst when a crackle bursts, below sparkLifetime"),
        .interval("crackleSpeed", \.crackleSpeed, 0...100, .speed, "crackle spark speed, in viewport heights per second"),
        .number("crackleLifetime", \.crackleLifetime, 0...60, open: true, .duration, "seconds a crackle spark lives, fading all the while"),
        .whole("rocketTrailGhosts", \.rocketTrail.ghosts, 0...Trail.maxGhosts, .count, "fading ghosts behind each rocket as it climbs (0: no trail)"),
        .number("rocketTrailSpacing", \.rocketTrail.spacing, Trail.leastSpacing...1, .duration, "seconds between a rocket's ghosts"),
        .number("rocketTrailTaper", \.rocketTrail.taper, 0...1, .ratio, "size a rocket's ghosts lose towards the end of its trail, fraction"),
        .whole("sparkTrailGhosts", \.sparkTrail.ghosts, 0...Trail.maxGhosts, .count, "fading ghosts behind each spark and crackle (0: no trail)"),
        .number("sparkTrailSpacing", \.sparkTrail.spacing, Trail.leastSpacing...1, .duration, "seconds between a spark's ghosts"),
        .number("sparkTrailTaper", \.sparkTrail.taper, 0...1, .ratio, "size a spark's ghosts lose towards the end of its trail, fraction"),
        .rampStops("sparkColorRamp", \.sparkColorRamp.stops, "sparks' colour over life: stops [\"#rrggbb\", fraction of the lifetime]"),
        .choice("sparkColorRampMode", \.sparkColorRamp.mode, "whether the sparks' ramp replaces or multiplies each spark's colour"),
    ], finish: { section, given in
        if section.sparkFade > section.sparkLifetime {
            let field = given["sparkFade"] ?? given["sparkLifetime"]!
            throw field.fail("\(field.text) is not allowed: sparkFade (\(section.sparkFade.compactText) s) must be at most sparkLifetime (\(section.sparkLifetime.compactText) s)")
        }
        if section.crackles > section.sparkCount {
            let field = given["crackles"] ?? given["sparkCount"]!
            throw field.fail("\(field.text) is not allowed: crackles (\(section.crackles)) must be at most sparkCount (\(section.sparkCount))")
        }
        if section.crackles > 0, section.crackleDelay.upperBound >= section.sparkLifetime {
            let field = given["crackleDelay"] ?? given["sparkLifetime"] ?? given["crackles"]!
            throw field.fail("\(field.text) is not allowed: a crackle must burst while its spark lives, so crackleDelay must stay below sparkLifetime (\(section.sparkLifetime.compactText) s)")
        }
    })

    nonisolated(unsafe) static let shell = EffectSection<ShellSection>(key: "shell", title: "Shells", standard: .peony, fields: [
        .whole("rockets", \.rockets, 1...1_000, .count, "rockets per launch, each carrying a shell"),
        .number("stagger", \.stagger, 0...10, .duration, "seconds between one rocket's launch and the next"),
        .interval("launchX", \.launchX, -1...2, .length, "launch x, as a fraction of the viewport width"),
        .interval("apexHeight", \.apexHeight, 0.01...10, .length, "burst height above the bottom edge, in viewport heights"),
        .interval("riseTime", \.riseTime, 0.05...10, .duration, "seconds from a rocket's launch to its burst"),
        .number("drag", \.drag, 0.01...20, .frequency, "the rocket's air drag, 1/s; its gravity follows from apexHeight and riseTime"),
        .number("rocketRadius", \.rocketRadius, 0.5...255, .length, "the rocket's glow radius, pt"),
        .color("rocketColor", \.rocketColor, "the rocket's colour"),
        .whole("trunkGhosts", \.trunk.ghosts, 0...Trail.maxGhosts, .count, "segments of the ribbon the rocket leaves as it climbs (0: none)"),
        .number("trunkSpacing", \.trunk.spacing, Trail.leastSpacing...1, .duration, "seconds between the trunk's segments"),
        .number("trunkTaper", \.trunk.taper, 0...1, .ratio, "width the trunk loses towards its end, fraction"),
    ] + shellFields(\.shell), finish: { section, given in
        try finishShell(section.shell, given)
    })

    /// What a shell bursts into: its stars, their light and what they shed.
    static func shellFields<Section>(_ shell: WritableKeyPath<Section, FireworkShell>) -> [EffectField<Section>] {
        func p<Value>(_ path: WritableKeyPath<FireworkShell, Value>) -> WritableKeyPath<Section, Value> { shell.appending(path: path) }
        return [
            .choice("pattern", p(\.pattern), "sphere: directions uniform on a sphere, seen from the side; ring: a tilted circle"),
            // A launch holds the rocket besides its stars, and a star besides the pistil: the
            // largest of each that fits in one launch (more, such as glitter, is the budget's).
            .whole("stars", p(\.stars), 1...(Budget.maxParticlesPerLaunch - 1), .count, "stars per shell"),
            .number("speed", p(\.speed), 0...100, .speed, "the stars' burst speed, in viewport heights per second"),
            .number("speedJitter", p(\.speedJitter), 0...1, .ratio, "the least share of the speed a star gets"),
            .number("lifetime", p(\.lifetime), 0...60, open: true, .duration, "seconds a star burns, at most"),
            .number("lifetimeJitter", p(\.lifetimeJitter), 0...1, open: true, .ratio, "the least share of the lifetime a star gets"),
            .number("radius", p(\.radius), 0.5...255, .length, "a star's glow radius, pt"),
            .colors("colors", p(\.colors), "each shell's stars take one of these colours"),
            .colors("changeColors", p(\.changeColors), "and turn to one of these at colorChange"),
            .sprites("sprites", p(\.sprites), "pictures the stars are drawn as instead of light, chosen by weight, facing the way they fly, each its own size (none: light); what they shed stays light"),
        ] + starPhysicsFields(p(\.physics)) + [
            .number("glitterInterval", p(\.stages.glitter.interval), 0...10, .duration, "each star sheds a glitter spark every this many seconds (0: none)"),
            .number("glitterInherit", p(\.stages.glitter.inherit), 0...1, .ratio, "share of the star's velocity a glitter spark keeps"),
            .number("glitterRadius", p(\.stages.glitter.radius), 0.5...255, .length, "a glitter spark's glow radius, pt"),
            .color("glitterColor", p(\.stages.glitter.color), "the glitter's colour"),
            .number("glitterLifetime", p(\.stages.glitter.lifetime), 0...10, open: true, .duration, "seconds a glitter spark lives, at most"),
            .whole("crossette", p(\.stages.crossette.count), 0...16, .count, "stars each star splits into at its death (0: none)"),
            .number("crossetteSpeed", p(\.stages.crossette.speed), 0...100, .speed, "their speed apart, in viewport heights per second"),
            .number("crossetteLifetime", p(\.stages.crossette.lifetime), 0...10, open: true, .duration, "seconds they burn"),
            .whole("crackle", p(\.stages.crackle.count), 0...1_000, .count, "sparks each star crackles into at its death (0: none)"),
            .number("crackleSpeed", p(\.stages.crackle.speed), 0...100, .speed, "their speed, in viewport heights per second"),
            .number("crackleLifetime", p(\.stages.crackle.lifetime), 0...10, open: true, .duration, "seconds a crackle spark lives, at most"),
            .color("crackleColor", p(\.stages.crackle.color), "the crackle's colour"),
            .whole("pistil", p(\.stages.pistil.count), 0...(Budget.maxParticlesPerLaunch - 2), .count, "stars of an inner shell (0: none)"),
            .number("pistilSpeed", p(\.stages.pistil.speed), 0...1, .ratio, "the inner shell's speed, as a share of speed"),
            .color("pistilColor", p(\.stages.pistil.color), "the inner shell's colour"),
            .number("flashRadius", p(\.stages.flash.radius), 0...2_000, .length, "radius of the burst's flash, pt (0: none)"),
            .number("flashSeconds", p(\.stages.flash.seconds), 0...2, open: true, .duration, "seconds the flash lasts"),
            .number("ringTilt", p(\.ringTilt), 0...90, .angle, "a ring's largest tilt out of the screen, deg"),
        ]
    }

    /// A star's physics, as the shell's stars have it; reduced motion slows the glitter's, which
    /// no field holds, by these same fields (`StarPhysics.reducedMotion`).
    static func starPhysicsFields<Section>(_ physics: WritableKeyPath<Section, StarPhysics>) -> [EffectField<Section>] {
        func q<Value>(_ path: WritableKeyPath<StarPhysics, Value>) -> WritableKeyPath<Section, Value> { physics.appending(path: path) }
        return [
            .number("colorChange", q(\.colorChange), 0...1, .ratio, "share of a star's life at which it turns to its second colour (1: never)"),
            .number("colorChangeSpan", q(\.colorChangeSpan), 0...1, open: true, .ratio, "share of its life the change takes"),
            .number("gravity", q(\.gravity), -100_000...100_000, .acceleration, "the stars' downward acceleration, pt/s²"),
            .number("starDrag", q(\.drag), 0.01...20, .frequency, "the stars' air drag, 1/s: heavy drag droops them like a willow"),
            .number("fade", q(\.fade), 0...60, open: true, .duration, "seconds of linear fade before a star dies"),
            .number("core", q(\.glow.core), 0...1, .ratio, "the white-hot core's radius, as a share of the glow's"),
            .number("whiteness", q(\.glow.whiteness), 0...1, .ratio, "how white the core burns"),
            .number("light", q(\.glow.light), 0...1, .ratio, "share of its alpha a star gives up: 1 adds light only, 0 covers like paint"),
            .number("hot", q(\.temperature.hot), 0...1, .ratio, "share of the life by which a star's white start has gone (0: none)"),
            .number("cool", q(\.temperature.cool), 0...1, .ratio, "share of the life from which it cools to ember (1: never)"),
            .color("ember", q(\.temperature.ember), "the colour it cools to"),
            .number("flicker", q(\.flicker.amount), 0...1, least: 0.001, .ratio, "how deep the brightness flickers"),
            .number("flickerRate", q(\.flicker.rate), 0...1_000, open: true, .frequency, "flicker steps per second"),
            .number("strobePeriod", q(\.strobe.period), 0...10, least: 0.01, .duration, "seconds of one blink (0: no strobe)"),
            .number("strobeDuty", q(\.strobe.duty), 0...1, open: true, .ratio, "share of the period a star is on"),
            .number("strobeEdge", q(\.strobe.edge), 0...0.5, open: true, .ratio, "share of the period each of a blink's ramps takes, at most strobeDuty / 2"),
            .whole("trailGhosts", q(\.trail.ghosts), 0...Trail.maxGhosts, .count, "ghosts (or ribbon segments) behind each star (0: none)"),
            .number("trailSpacing", q(\.trail.spacing), Trail.leastSpacing...1, .duration, "seconds between ghosts"),
            .number("trailTaper", q(\.trail.taper), 0...1, .ratio, "size the trail loses towards its end, fraction"),
            .flag("ribbon", q(\.ribbon), "draw the trail as a ribbon through the ghosts rather than as dots"),
            .number("streak", q(\.streak), 0...1, least: 0.001, .duration, "seconds of velocity a star's glow is stretched over (0: round)"),
        ]
    }

    /// The rules between a shell's fields.
    static func finishShell(_ shell: FireworkShell, _ given: [String: FieldValue]) throws {
        let strobe = shell.physics.strobe
        if strobe.edge > strobe.duty / 2 {
            let field = given["strobeEdge"] ?? given["strobeDuty"]!
            throw field.fail("\(field.text) is not allowed: strobeEdge (\(strobe.edge.compactText)) must be at most strobeDuty / 2 (\((strobe.duty / 2).compactText))")
        }
        let t = shell.physics.temperature
        if t.hot > 0, t.cool < t.hot {
            let field = given["cool"] ?? given["hot"]!
            throw field.fail("\(field.text) is not allowed: cool (\(t.cool.compactText)) must not come before hot (\(t.hot.compactText))")
        }
        if shell.physics.colorChange < 1, shell.physics.colorChange + shell.physics.colorChangeSpan > 1 + 1e-9, let field = given["colorChangeSpan"] ?? given["colorChange"] {
            throw field.fail("\(field.text) is not allowed: colorChange + colorChangeSpan must be at most 1")
        }
    }

    nonisolated(unsafe) static let show = EffectSection<FireworkShow>(key: "show", title: "Shows", standard: .standard, fields: [
        .names("shells", \.shells, from: { Effect.shellPresets.keys.sorted() }, "the shell presets the show launches, in turn"),
        .whole("count", \.count, 1...200, .count, "shells in the show"),
        .number("seconds", \.seconds, 0...600, .duration, "seconds over which they are launched"),
    ], finish: { _, _ in })

    /// The timing every spark of a firework shares, in the classic and fountain sections.
    static func timingFields<Section>(_ timing: WritableKeyPath<Section, SparkTiming>) -> [EffectField<Section>] {
        [
            .number("duration", timing.appending(path: \.duration), 0...60, open: true, .duration, "seconds from a spark's appearing to its end"),
            .numbers("scaleKeyTimes", timing.appending(path: \.scaleKeyTimes), count: nil, 0...1, .ratio, "eased progress of each scale keyframe: increasing, first 0, last 1"),
            .number("fadeStart", timing.appending(path: \.fadeStart), 0...1, .ratio, "opacity starts falling at this fraction of the duration"),
            .number("fadeEnd", timing.appending(path: \.fadeEnd), 0...1, .ratio, "opacity reaches 0 at this fraction of the duration, after fadeStart"),
            .numbers("easing", timing.appending(path: \.easing.controlPoints), count: 4, -10...10, .ratio, "timing curve [x1, y1, x2, y2] of the scale animation, x1 and x2 from 0 to 1"),
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
        AnySection(classic, \.classic, kinds: [.classic, .celebration]),
        AnySection(fountain, \.fountain, kinds: [.fountain, .celebration]),
        AnySection(rocket, \.rocket, kinds: [.rocket]),
        AnySection(shell, \.shell, kinds: [.shell]),
        AnySection(show, \.show, kinds: [.show]),
        AnySection(bloom, \.bloom, kinds: Set(EffectKindName.allCases), writtenWhenStandard: false),
        AnySection(sound, \.sound, kinds: Set(EffectKindName.allCases), writtenWhenStandard: false),
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

    /// `section` slowed down in time by `s`: every field by its unit.
    func slowedDown(_ section: Section, by s: Double) -> Section { fields.slowedDown(section, by: s) }
}

/// A section of any type, bound to its place in `Effect`.
struct AnySection {
    let key: String
    let kinds: Set<EffectKindName>
    let fieldNames: [String]
    let fields: [EffectFieldInfo]
    let read: (inout Effect, FieldValue) throws -> Void
    let write: (Effect) -> JSONText
    /// Slows the section of an effect down in time by s, every field by its unit.
    let slowDown: (inout Effect, Double) -> Void
    /// Replaces each sprite of the section's fields of sprites by what the function makes of it.
    let mapSprites: (inout Effect, (Sprite) -> Sprite) -> Void
    /// Whether a complete file of `effect` holds this section.
    let isWritten: (Effect) -> Bool
    let reference: String

    /// `writtenWhenStandard` false: a file holds the section only when it differs from the
    /// table's standard (an optional extra that would otherwise lengthen every printed preset).
    init<Section>(_ table: EffectSection<Section>, _ place: WritableKeyPath<Effect, Section>, kinds: Set<EffectKindName>, writtenWhenStandard: Bool = true) {
        key = table.key
        self.kinds = kinds
        fieldNames = table.fields.map(\.name)
        fields = table.fields.map { EffectFieldInfo(section: table.key, name: $0.name, domain: $0.domain, unit: $0.unit, meaning: $0.meaning, kinds: kinds) }
        read = { effect, object in
            guard case .object(let members) = object.value.kind else {
                throw object.fail("wrong type: expected an object, found \(object.value.typeName)")
            }
            let names = table.fields.map(\.name)
            var given: [String: FieldValue] = [:]
            for member in members {
                let field = object.member(member.key, member.value)
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
        slowDown = { effect, s in effect[keyPath: place] = table.slowedDown(effect[keyPath: place], by: s) }
        mapSprites = { effect, transform in
            for field in table.fields { field.sprites(&effect[keyPath: place], transform) }
        }
        isWritten = { effect in
            writtenWhenStandard || table.fields.contains { $0.write(effect[keyPath: place]).render() != $0.write(table.standard).render() }
        }
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
