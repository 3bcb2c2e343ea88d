import FoundationEssentials
import Glibc

/// The constants every confetti piece of a batch shares, and the closed-form motion they give.
public struct ConfettiPhysics: Hashable, Sendable {
    /// pt/s², downwards.
    public var gravity: Double
    /// 1/s: velocity decays as exp(-drag t).
    public var drag: Double
    /// Seconds a piece lives.
    public var lifetime: Double
    /// Seconds of linear fade before death.
    public var fadeOutDuration: Double
    /// How the batch's records hold its pieces (fitted to them when the batch is uploaded:
    /// `ConfettiKind.fitted`); not part of the motion.
    package var quantisation: ConfettiQuantisation = .unfitted
    /// Two-sided paper: a piece showing its back (cos of its flip angle below 0) has its colour
    /// multiplied by this, 0...1; 1 draws both faces alike.
    public var backShade = 1.0
    /// Two-sided colours: each piece's back takes one of these (at most `maxBackColors`),
    /// lit as its front is; none by default (the back is the front times `backShade`).
    public var backColors: [RGB] = []
    /// How the pieces turn: the seed's flip by default, or a tumble about each piece's own axis.
    public var spinMode: SpinMode = .flip
    /// How light falls on the pieces; unlit by default.
    public var shading: PaperShading = .none
    /// How ribbons wave (only pieces of shape `.ribbon` read it).
    public var ribbonWave = RibbonWave.standard
    /// The horizontal wind drag pulls every piece towards (pt/s); none by default.
    public var wind: Wind = .none
    /// Fading ghosts behind each piece; none by default.
    public var trail: Trail = .none
    /// Colour over life; none by default (each piece keeps its colour).
    public var colorRamp: ColorRamp = .none
    /// Size at death as a multiple of the size at birth; the size scales linearly in between. 1 by default.
    public var sizeAtDeath = 1.0

    public init(gravity: Double, drag: Double, lifetime: Double, fadeOutDuration: Double) {
        self.gravity = gravity
        self.drag = drag
        self.lifetime = lifetime
        self.fadeOutDuration = fadeOutDuration
    }

    /// The seed article's numbers.
    public static let standard = ConfettiPhysics(gravity: 280, drag: 1.6, lifetime: 1.5, fadeOutDuration: 0.4)

    /// gravity / drag: the speed at which drag balances gravity.
    package var terminalVelocity: Double { gravity / drag }

    package func isAlive(age t: Double) -> Bool { t >= 0 && t < lifetime }

    /// Back colours the shader holds (`uBackColors`).
    public static let maxBackColors = 8
}

/// A confetti piece at one age: what the trace prints and the shader computes.
package struct ConfettiSample: ParticleSample, Hashable {
    package var t: Double
    package var alive: Bool
    package var x: Double
    package var y: Double
    /// Degrees, not wrapped.
    package var rotation: Double
    package var apparentWidth: Double
    /// 0 when not alive; a ghost's includes its fade.
    package var opacity: Double
    /// cos of the flip angle, -1...1: below 0 the piece shows its back.
    package var facing: Double
    /// The colour drawn, straight: the face shown (the front's colour after the ramp; the back's
    /// colour, or the front's times `backShade`), lit. Drawn, not traced (it follows from the pose).
    package var shown = SIMD3<Double>.zero
    /// A sprite's light: `shown` is then the factor its texels are multiplied by, and this the
    /// glint added in proportion to their alpha (`spriteLight` in Shaders/paper.glsl). Drawn, not traced.
    package var glint = 0.0
    /// A tumbling piece's pose (its quad is a parallelogram); nil for a flipping one, drawn as a
    /// rectangle turned by `rotation` and `apparentWidth` wide. Drawn, not traced.
    package var pose: PaperPose?
    /// A ribbon's wave as the fragment shader bends it: amplitude (pt), wavenumber (rad/pt),
    /// phase (rad); zero for every other shape. Drawn, not traced.
    package var wave = SIMD3<Double>.zero
    /// Straight colour after the colour ramp, 0…1 per channel.
    package var red = 0.0, green = 0.0, blue = 0.0
    /// Size multiplier: over life (1 at birth, `sizeAtDeath` at death) times a ghost's taper.
    /// `apparentWidth` includes it.
    package var size = 1.0
    /// The float32 error scale of each value (see `SampleField`); zero for a GPU sample.
    package var scales = Scales()

    package struct Scales: Hashable, Sendable {
        package var x = 0.0, y = 0.0, rotation = 0.0, apparentWidth = 0.0, opacity = 0.0, facing = 0.0, wavePhase = 0.0, color = 0.0, size = 0.0
        /// Of the pose's axes (each component, relative to their unit length) and of the lit colour.
        package var pose = 0.0, shown = 0.0
    }

    package init(t: Double, alive: Bool, x: Double, y: Double, rotation: Double, apparentWidth: Double, opacity: Double, facing: Double) {
        self.t = t
        self.alive = alive
        self.x = x
        self.y = y
        self.rotation = rotation
        self.apparentWidth = apparentWidth
        self.opacity = opacity
        self.facing = facing
    }

    enum CodingKeys: String, CodingKey {
        case t, alive, x, y, rotation, apparentWidth, opacity, facing, red, green, blue, size
    }

    package var fields: [SampleField] {
        [
            SampleField("x", x, scale: scales.x),
            SampleField("y", y, scale: scales.y),
            SampleField("rotation", rotation, scale: scales.rotation),
            SampleField("apparentWidth", apparentWidth, scale: scales.apparentWidth),
            SampleField("opacity", opacity, scale: scales.opacity),
            SampleField("facing", facing, scale: scales.facing),
            SampleField("red", red, scale: 1 + scales.color),
            SampleField("green", green, scale: 1 + scales.color),
            SampleField("blue", blue, scale: 1 + scales.color),
            SampleField("size", size, scale: scales.size),
        ]
    }
}

extension ConfettiPhysics {
    /// The CPU reference for `Shaders/confetti.vert.glsl`, in Double (docs/effects.md, Confetti).
    ///
    /// `y` is the exact solution of dv/dt = g - drag v; `x` is the same with g = 0, plus flutter
    /// and spread, under the wind (dv/dt = −drag·(v − w)). Position, rotation and width
    /// follow the formulas at any `t`, so a trace can show where an unborn or dead piece would
    /// be; `alive` and `opacity` say whether it is drawn. Colour and size follow the ramp and
    /// `sizeAtDeath` at t/lifetime. Ghost `k` of the trail is the same at its own (lagged) age
    /// `t`, fainter and tapered. The error scales are the sums of the magnitudes of each
    /// formula's terms and arguments.
    package func evaluate(_ p: ConfettiParticle, at t: Double, ghost k: Int = 0) -> ConfettiSample {
        // 1 - exp(-drag t), without cancellation for small t.
        let d = -expm1(-drag * t)
        let sway = p.flutterFrequency * t + p.flutterPhase
        let flip = p.flipFrequency * t + p.flipPhase
        // The wind: the launch velocity decays towards the steady velocity at birth, which then
        // carries the piece. In still air both are exactly 0, so x is the still-air closed form,
        // even where d overflows.
        let steady = wind.steadyVelocity(birth: p.birth, drag: drag)
        let travel = wind.steadyTravel(birth: p.birth, age: t, drag: drag)
        let x = p.initialPosition.x
            + ((p.initialVelocity.x - steady.value) / drag) * d
            + p.flutterAmplitude * sin(sway)
            + p.spreadDirection * p.spreadStrength * t * t
            + travel.value
        let u = t / lifetime
        let growth = 1 + (sizeAtDeath - 1) * u
        let size = growth * trail.size(k)
        let (r8, g8, b8, _) = p.color.rgba8
        let color = colorRamp.color(piece: SIMD3(Double(r8), Double(g8), Double(b8)) / 255, at: u)
        let y = p.initialPosition.y
            + (p.initialVelocity.y / drag) * d
            + terminalVelocity * (t - d / drag)
        let alive = isAlive(age: t)
        let rotation = p.initialRotation + p.rotationSpeed * t
        // A flipping piece is a rectangle whose width follows the flip's cosine; a tumbling one
        // is the parallelogram its pose projects to, its width the length of the width axis's image.
        let pose = spinMode == .tumble
            ? PaperPose.tumbling(axis: PaperPose.axis(azimuth: p.tumbleAzimuth, polar: p.tumblePolar), angle: rotation * .pi / 180)
            : nil
        let facing = pose?.facing ?? cos(flip)
        let turned = pose.map { p.size.width * ($0.u * $0.u).sum().squareRoot() } ?? p.size.width * max(0.15, abs(facing))
        var sample = ConfettiSample(
            t: t,
            alive: alive,
            x: x,
            y: y,
            rotation: rotation,
            apparentWidth: turned * size,
            opacity: alive ? opacity(age: t) * trail.fade(k) : 0,
            facing: facing
        )
        sample.pose = pose
        // The face shown, lit: the back's own colour or the front's shaded (the shader holds
        // backShade as a float), then brightness and a glint towards white.
        let back = facing < 0
        var face = color.rgb
        if p.sprite != nil {
            // A sprite's back is its mirror, shaded; its texels are lit per pixel, so the light
            // goes in two parts (Shaders/paper.glsl, spriteLight).
            if back { face *= Double(Float(backShade)) }
            let normal = pose?.normal ?? PaperPose.flippingNormal(rotation: rotation, flip: flip)
            let light = PaperPose.light(normal, shading)
            sample.shown = face * light.brightness * (1 - light.glint)
            sample.glint = light.glint
        } else if back, p.backColor > 0 {
            let (r, g, b, _) = backColors[p.backColor - 1].rgba8
            face = colorRamp.color(piece: SIMD3(Double(r), Double(g), Double(b)) / 255, at: u).rgb
        } else if back {
            face *= Double(Float(backShade))
        }
        if p.sprite == nil {
            let normal = pose?.normal ?? PaperPose.flippingNormal(rotation: rotation, flip: flip)
            let light = PaperPose.light(normal, shading)
            let lit = face * light.brightness
            sample.shown = lit + (1 - lit) * light.glint
        }
        if p.shape == .ribbon, p.sprite == nil {
            sample.wave = SIMD3(ribbonWave.amplitude, ribbonWave.wavenumber, p.flutterPhase - ribbonWave.angularSpeed * t)
        }
        (sample.red, sample.green, sample.blue) = (color.rgb.x, color.rgb.y, color.rgb.z)
        sample.size = size
        // The size multiplier's terms with the age fraction's rounding, then the taper's; each is
        // exactly 1 (no error) when it is off.
        let growthScale = sizeAtDeath == 1 ? 0 : 1 + 3 * abs(sizeAtDeath - 1) * (abs(u) + 1)
        let taperScale = k == 0 ? 0 : 1 + 2 * trail.taper
        let sizeScale = growthScale * abs(trail.size(k)) + abs(growth) * taperScale
        let reach = Wind.reach(d: d, drag: drag, t: t)
        // A pose's components are sums of unit-sized products of the sines and cosines of its
        // angles (rad), each off by about its argument's magnitude in ulps.
        let turnScale = (abs(p.initialRotation) + abs(p.rotationSpeed * t)) * .pi / 180
        let poseScale = pose == nil ? 0 : 8 * (2 + turnScale + abs(p.tumbleAzimuth) + abs(p.tumblePolar))
        let normalScale = pose == nil ? 2 + turnScale + abs(p.flipFrequency * t) + abs(p.flipPhase) : poseScale
        let lightScale = shading == .none ? 0 : normalScale * (2 + PaperShading.shininess * shading.glint)
        sample.scales = ConfettiSample.Scales(
            x: abs(p.initialPosition.x) + (abs(p.initialVelocity.x) + steady.scale) / drag * reach
                + p.flutterAmplitude * (1 + abs(p.flutterFrequency * t) + abs(p.flutterPhase)) + abs(p.spreadStrength) * t * t
                + travel.scale,
            y: abs(p.initialPosition.y) + abs(p.initialVelocity.y) / drag * reach + abs(terminalVelocity) * (abs(t) + reach / drag),
            rotation: abs(p.initialRotation) + abs(p.rotationSpeed * t),
            apparentWidth: (pose == nil ? 1 + abs(p.flipFrequency * t) + abs(p.flipPhase) : poseScale) * p.size.width * abs(size) + turned * sizeScale,
            opacity: (lifetime + abs(t)) / fadeOutDuration + (k == 0 ? 0 : 3),
            facing: pose == nil ? 1 + abs(p.flipFrequency * t) + abs(p.flipPhase) : poseScale,
            wavePhase: p.shape == .ribbon && p.sprite == nil ? abs(p.flutterPhase) + abs(ribbonWave.angularSpeed * t) : 0,
            color: color.scale,
            size: sizeScale,
            pose: poseScale,
            shown: 2 * color.scale + lightScale
        )
        return sample
    }

    /// 1, then a linear ramp to 0 over the last `fadeOutDuration` seconds.
    package func opacity(age t: Double) -> Double {
        let remaining = lifetime - t
        return remaining < fadeOutDuration ? remaining / fadeOutDuration : 1
    }
}
