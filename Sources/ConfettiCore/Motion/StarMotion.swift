import FoundationEssentials
import Glibc

/// One star of a firework shell (or a rocket, a glitter spark, a flash): a point of light under
/// gravity and drag, fixed at spawn. Everything it does afterwards is a closed form of these
/// constants and its age (`StarPhysics.evaluate`, `Shaders/star.vert.glsl`).
package struct Star: Hashable, Sendable {
    /// pt, where it is born.
    package var position: Point
    /// pt/s at birth.
    package var velocity: SIMD2<Double>
    /// Seconds after its launch when it appears.
    package var birth: Double
    /// Seconds it burns: each star its own, so a shell's stars die apart.
    package var lifetime: Double
    /// Radius of its glow at birth, pt.
    package var radius: Double
    /// Its colour, and the colour it changes to (`StarPhysics.colorChange`).
    package var color: RGB
    package var secondColor: RGB
    /// Picks its flicker and its strobe phase: a whole number below 2²⁴, so float holds it exactly.
    package var seed: UInt32
    /// The picture it is drawn as instead of its glow, facing the way it flies, its longer side
    /// the diameter; nil for light.
    package var sprite: SpriteChoice?

    package init(position: Point, velocity: SIMD2<Double>, birth: Double, lifetime: Double, radius: Double, color: RGB, secondColor: RGB? = nil, seed: UInt32) {
        self.position = position
        self.velocity = velocity
        self.birth = birth
        self.lifetime = lifetime
        self.radius = radius
        self.color = color
        self.secondColor = secondColor ?? color
        self.seed = seed & 0xFF_FFFF
    }
}

/// What every star of one spawn shares: its motion, its light and its trail, set per draw as
/// uniforms (docs/effects.md, Stars).
public struct StarPhysics: Hashable, Sendable {
    /// pt/s², downwards.
    public var gravity: Double
    /// 1/s: velocity relaxes as e^(−drag·t) towards the fall speed gravity/drag. Heavy drag
    /// (3–5/s) is the willow's droop.
    public var drag: Double
    /// Seconds of linear fade before a star dies.
    public var fade: Double
    /// How the glow is drawn.
    public var glow: Glow
    /// Colour over life: white-hot, the star's colour, then ember.
    public var temperature: Temperature
    /// Where in its life (0…1) a star turns from its colour to its second one, over `colorChangeSpan`; 1 or more: never.
    public var colorChange: Double
    public var colorChangeSpan: Double
    /// Brightness over time.
    public var flicker: Flicker
    public var strobe: Strobe
    /// What it leaves behind: ghost dots, or a ribbon through its past positions.
    public var trail: Trail
    /// Whether the trail is drawn as connected segments (a ribbon) rather than as dots.
    public var ribbon: Bool
    /// Seconds of velocity the glow is stretched over, along the direction of motion (0: round).
    public var streak: Double
    /// Colour over life after the temperature, as confetti's (`Shaders/life.glsl`); none by default.
    public var colorRamp: ColorRamp

    public init(gravity: Double, drag: Double, fade: Double, glow: Glow = .star, temperature: Temperature = .none,
                colorChange: Double = 1, colorChangeSpan: Double = 0.08, flicker: Flicker = .none, strobe: Strobe = .none,
                trail: Trail = .none, ribbon: Bool = false, streak: Double = 0, colorRamp: ColorRamp = .none) {
        self.gravity = gravity
        self.drag = drag
        self.fade = fade
        self.glow = glow
        self.temperature = temperature
        self.colorChange = colorChange
        self.colorChangeSpan = colorChangeSpan
        self.flicker = flicker
        self.strobe = strobe
        self.trail = trail
        self.ribbon = ribbon
        self.streak = streak
        self.colorRamp = colorRamp
    }

    /// A soft sprite: a white-hot core inside a halo that falls off smoothly to nothing at the
    /// star's radius, blended as light.
    public struct Glow: Hashable, Sendable {
        /// The core's radius as a share of the star's radius, 0…1.
        public var core: Double
        /// How white the core burns, 0 (the star's colour) … 1 (white).
        public var whiteness: Double
        /// The share of its alpha a star gives up, 0…1: at 1 its colour only adds (pure light,
        /// invisible over white); at 0 it covers like paint. Stars keep half by default, so
        /// that overlapping stars add up to brighter light over a dark sky while a star still
        /// darkens a light desktop under it by half its strength and stays visible there.
        public var light: Double

        public init(core: Double, whiteness: Double, light: Double) {
            self.core = core
            self.whiteness = whiteness
            self.light = light
        }

        public static let star = Glow(core: 0.3, whiteness: 0.85, light: 0.5)
    }

    /// Colour over a star's life u = age/lifetime: white turning to the star's colour by `hot`,
    /// its colour until `cool`, then towards `ember` at death (the fade takes it out).
    public struct Temperature: Hashable, Sendable {
        /// Share of the life by which the white has gone, 0…1 (0: no white start).
        public var hot: Double
        /// Share of the life from which it cools, 0…1 (1: never).
        public var cool: Double
        public var ember: RGB

        public init(hot: Double, cool: Double, ember: RGB) {
            self.hot = hot
            self.cool = cool
            self.ember = ember
        }

        public static let none = Temperature(hot: 0, cool: 1, ember: RGB(0, 0, 0))
        /// White for the first tenth, ember red over the last third.
        public static let burning = Temperature(hot: 0.1, cool: 0.65, ember: RGB(hex: 0xB33A12))
    }

    /// Brightness × (1 − amount·n), n a value noise of the star's seed and its age·rate: a hash
    /// per time step, joined linearly so that it is continuous.
    public struct Flicker: Hashable, Sendable {
        /// 0…1.
        public var amount: Double
        /// Steps per second.
        public var rate: Double

        public init(amount: Double, rate: Double) {
            self.amount = amount
            self.rate = rate
        }

        public static let none = Flicker(amount: 0, rate: 20)
    }

    /// Blinking: on for `duty` of each `period`, with ramps `edge` of a period long, each star
    /// at its own phase.
    public struct Strobe: Hashable, Sendable {
        /// Seconds; 0: no strobe.
        public var period: Double
        /// Share of the period a star is on, 0…1 (1/3: on, off, off).
        public var duty: Double
        /// Share of the period each ramp takes, more than 0 and at most duty/2.
        public var edge: Double

        public init(period: Double, duty: Double, edge: Double) {
            self.period = period
            self.duty = duty
            self.edge = edge
        }

        public static let none = Strobe(period: 0, duty: 1.0 / 3, edge: 0.04)
    }

    /// Seconds a record keeps drawing after its star dies: its trail's last ghost's lag.
    package var trailDuration: Double { trail.duration }
}

/// Where a star is and how fast it goes, with the float32 error scale of each (pt, pt/s).
package struct StarState: Sendable {
    package var p: SIMD2<Double>
    package var v: SIMD2<Double>
    package var pScale: SIMD2<Double>
    package var vScale: SIMD2<Double>
}

/// A star at one age: what the trace prints and the shader computes.
package struct StarSample: ParticleSample, Hashable {
    package var t: Double
    package var alive: Bool
    /// pt: the star (a ghost: where it was).
    package var x: Double
    package var y: Double
    /// pt/s.
    package var vx: Double
    package var vy: Double
    /// For a ribbon segment (ghost k ≥ 1 with `ribbon`): where the next-newer ghost is, pt;
    /// else the star itself.
    package var headX: Double
    package var headY: Double
    /// Glow radius, pt (a ghost's tapered).
    package var radius: Double
    /// 0 when not drawn; a ghost's includes its fade.
    package var opacity: Double
    /// Flicker × strobe, 0…1.
    package var brightness: Double
    /// Straight colour over life.
    package var red = 0.0, green = 0.0, blue = 0.0
    /// Drawn, not traced: whether it is a ribbon segment (else a glow), the seconds of velocity
    /// its glow is stretched over, and how the glow is filled.
    package var segment = false
    package var streak = 0.0
    package var look = DrawnQuad.Light(core: 0, whiteness: 0, keptAlpha: 1)
    package var scales = Scales()

    package init(t: Double, alive: Bool, x: Double, y: Double, vx: Double, vy: Double, headX: Double, headY: Double,
                 radius: Double, opacity: Double, brightness: Double) {
        (self.t, self.alive, self.x, self.y, self.vx, self.vy) = (t, alive, x, y, vx, vy)
        (self.headX, self.headY, self.radius, self.opacity, self.brightness) = (headX, headY, radius, opacity, brightness)
    }

    package struct Scales: Hashable, Sendable {
        package var x = 0.0, y = 0.0, vx = 0.0, vy = 0.0, headX = 0.0, headY = 0.0, radius = 0.0, opacity = 0.0, brightness = 0.0, color = 0.0
    }

    enum CodingKeys: String, CodingKey {
        case t, alive, x, y, vx, vy, radius, opacity, brightness, red, green, blue
    }

    package var fields: [SampleField] {
        [
            SampleField("x", x, scale: scales.x),
            SampleField("y", y, scale: scales.y),
            SampleField("vx", vx, scale: scales.vx),
            SampleField("vy", vy, scale: scales.vy),
            SampleField("headX", headX, scale: scales.headX),
            SampleField("headY", headY, scale: scales.headY),
            SampleField("radius", radius, scale: scales.radius),
            SampleField("opacity", opacity, scale: scales.opacity),
            SampleField("brightness", brightness, scale: scales.brightness),
            SampleField("red", red, scale: scales.color),
            SampleField("green", green, scale: scales.color),
            SampleField("blue", blue, scale: scales.color),
        ]
    }
}

extension StarPhysics {
    /// Position and velocity at age t ≥ 0 (before birth a star waits where it is born): the
    /// linear-drag solution, x = x₀ + (v₀/k)·d and y adding (g/k)(t − d/k), with d = 1 − e^(−kt)
    /// and v = v₀e^(−kt) + (g/k)·d downwards. Error scales are the magnitudes of the terms,
    /// exp's error growing with its argument kt.
    package func motion(_ s: Star, at age: Double) -> StarState {
        let t = max(age, 0)
        let a = drag * t
        let d = -expm1(-a)
        let e = 1 - d
        let fall = gravity / drag
        let p = SIMD2(s.position.x + s.velocity.x / drag * d, s.position.y + s.velocity.y / drag * d + fall * (t - d / drag))
        let v = SIMD2(s.velocity.x * e, s.velocity.y * e + fall * d)
        let dScale = 2 * d + a * e
        let scaleP = SIMD2(abs(s.position.x) + abs(s.velocity.x) / drag * dScale,
                           abs(s.position.y) + abs(s.velocity.y) / drag * dScale + abs(fall) * (t + dScale / drag))
        // The shader's e^(−kt) is 1 − d: it carries d's absolute error, however small it is.
        let scaleV = SIMD2(abs(s.velocity.x) * (e + dScale), abs(s.velocity.y) * (e + dScale) + abs(fall) * dScale)
        return StarState(p: p, v: v, pScale: scaleP, vScale: scaleV)
    }

    /// An integer hash of a star's seed and a step, as `Shaders/light.glsl` computes it in
    /// 32-bit unsigned arithmetic: exact on both sides. Its top 24 bits, as a fraction in [0, 1).
    package static func hash(_ seed: UInt32, _ step: UInt32) -> Double {
        var h = (seed &* 0x9E37_79B1) ^ (step &* 0x85EB_CA77)
        h ^= h >> 15
        h = h &* 0x2C1B_3C6D
        h ^= h >> 12
        h = h &* 0x297A_2D39
        h ^= h >> 15
        return Double(h >> 8) / 16_777_216
    }

    /// Flicker × strobe at age t (see `Flicker`, `Strobe`), and its error scale.
    package func brightness(_ s: Star, at age: Double) -> (value: Double, scale: Double) {
        let t = max(age, 0)
        var value = 1.0, scale = 0.0
        if flicker.amount > 0 {
            let w = t * flicker.rate
            let n = w.rounded(.down)
            let h0 = Self.hash(s.seed, UInt32(truncatingIfNeeded: Int64(n))), h1 = Self.hash(s.seed, UInt32(truncatingIfNeeded: Int64(n) + 1))
            value = 1 - flicker.amount * (h0 + (h1 - h0) * (w - n))
            scale += flicker.amount * (2 * abs(w) + 4)
        }
        if strobe.period > 0 {
            let phase = Self.hash(s.seed, 0xFFFF_FFFF)
            let w = t / strobe.period + phase
            let f = w - w.rounded(.down)
            let on = min(max(min(f, strobe.duty - f) / strobe.edge, 0), 1)
            scale = scale * on + value * (2 * abs(w) + 4 + strobe.duty) / strobe.edge
            value *= on
        }
        return (value, scale)
    }

    /// Straight colour at u = age/lifetime (`Temperature`, `colorChange`, then `colorRamp`), and its error scale.
    package func color(_ s: Star, at u: Double) -> (rgb: SIMD3<Double>, scale: Double) {
        func straight(_ c: RGB) -> SIMD3<Double> {
            let (r, g, b, _) = c.rgba8
            return SIMD3(Double(r), Double(g), Double(b)) / 255
        }
        let first = straight(s.color), second = straight(s.secondColor)
        let change = min(max((u - colorChange) / colorChangeSpan, 0), 1)
        var rgb = first + (second - first) * change
        var scale = 4 + (abs(u) + abs(colorChange) + 1) / colorChangeSpan
        let white = temperature.hot > 0 ? min(max(1 - u / temperature.hot, 0), 1) : 0
        rgb += (SIMD3(1, 1, 1) - rgb) * white
        if temperature.hot > 0 { scale += 2 + (abs(u) + 1) / temperature.hot }
        let ember = temperature.cool < 1 ? min(max((u - temperature.cool) / (1 - temperature.cool), 0), 1) : 0
        rgb += (straight(temperature.ember) - rgb) * ember
        if temperature.cool < 1 { scale += 2 + (abs(u) + 2) / (1 - temperature.cool) }
        let ramped = colorRamp.color(piece: rgb, at: u)
        return (ramped.rgb, scale + ramped.scale)
    }

    /// The CPU reference for `Shaders/star.vert.glsl` at the star's own age; ghost k of its
    /// trail is the star k spacings earlier, fainter and tapered, and in a ribbon also the
    /// segment to ghost k − 1 (docs/effects.md, Stars).
    package func evaluate(_ s: Star, at age: Double, ghost k: Int = 0) -> StarSample {
        let now = motion(s, at: age)
        // The shader adds the spacing to the float age: the head's age carries that rounding too.
        var head = now
        if k > 0 && ribbon {
            head = motion(s, at: min(age + trail.spacing, s.lifetime))
            head.pScale += SIMD2(abs(head.v.x), abs(head.v.y)) * (abs(age) + trail.spacing)
        }
        let alive = age >= 0 && age < s.lifetime
        let remaining = s.lifetime - age
        let fading = remaining < fade ? remaining / fade : 1
        let (bright, brightScale) = brightness(s, at: age)
        let u = age / s.lifetime
        let (rgb, colorScale) = color(s, at: u)
        let taper = trail.size(k)
        var sample = StarSample(
            t: age, alive: alive, x: now.p.x, y: now.p.y, vx: now.v.x, vy: now.v.y, headX: head.p.x, headY: head.p.y,
            radius: s.radius * taper, opacity: alive ? fading * trail.fade(k) : 0, brightness: bright
        )
        (sample.red, sample.green, sample.blue) = (rgb.x, rgb.y, rgb.z)
        sample.segment = k > 0 && ribbon
        sample.streak = Double(Float(streak))
        sample.look = look
        sample.scales = StarSample.Scales(
            x: now.pScale.x, y: now.pScale.y, vx: now.vScale.x, vy: now.vScale.y, headX: head.pScale.x, headY: head.pScale.y,
            radius: s.radius * (k == 0 ? 0 : 1 + 2 * trail.taper),
            opacity: (s.lifetime + abs(age)) / fade + (k == 0 ? 0 : 3),
            brightness: brightScale, color: colorScale
        )
        return sample
    }
}
