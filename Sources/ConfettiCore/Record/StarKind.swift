import FoundationEssentials
import Glibc

/// The per-star record the GPU reads, 40 bytes; `Shaders/star.vert.glsl` evaluates it.
///
/// Memory layout (the single description; `StarKind.attributes` is derived from the fields):
///
/// | bytes | fields                                        | shader input         |
/// |-------|-----------------------------------------------|----------------------|
/// | 0-15  | x0, y0 (pt), vx, vy (pt/s)     (float32 ×4)   | `aMotion`  location 0 |
/// | 16-31 | birth, lifetime (s), radius (pt), seed (float32 ×4) | `aLife` location 1 |
/// | 32-35 | r, g, b, sprite + 1 (0: light) (unorm8 ×4)   | `aColor`   location 2 |
/// | 36-39 | second r, g, b, unused         (unorm8 ×4)    | `aSecond`  location 3 |
///
/// Floats hold a star exactly as the shader reads it (`StarKind.stored`); the seed is a whole
/// number below 2²⁴, exact in float.
package struct StarRecord: Hashable, Sendable {
    package var x0: Float
    package var y0: Float
    package var vx: Float
    package var vy: Float
    package var birth: Float
    package var lifetime: Float
    package var radius: Float
    package var seed: Float
    package var r: UInt8
    package var g: UInt8
    package var b: UInt8
    /// Its sprite's index + 1; 0 for light.
    package var sprite: UInt8 = 0
    package var r2: UInt8
    package var g2: UInt8
    package var b2: UInt8
    package var unused1: UInt8 = 0

    package init(_ s: Star) {
        x0 = Float(s.position.x)
        y0 = Float(s.position.y)
        vx = Float(s.velocity.x)
        vy = Float(s.velocity.y)
        birth = Float(s.birth)
        lifetime = Float(s.lifetime)
        radius = Float(s.radius)
        seed = Float(s.seed)
        (r, g, b, _) = s.color.rgba8
        (r2, g2, b2, _) = s.secondColor.rgba8
        sprite = s.sprite.map { UInt8($0.index + 1) } ?? 0
    }

    /// The star this record stands for, as the shader reads it.
    package var star: Star {
        Star(position: Point(Double(x0), Double(y0)), velocity: SIMD2(Double(vx), Double(vy)), birth: Double(birth),
             lifetime: Double(lifetime), radius: Double(radius),
             color: RGB(Double(r) / 255, Double(g) / 255, Double(b) / 255),
             secondColor: RGB(Double(r2) / 255, Double(g2) / 255, Double(b2) / 255), seed: UInt32(seed))
    }
}

/// Firework stars: points of light under gravity and drag with a soft glow, a colour
/// temperature, flicker, strobe and trails (docs/effects.md, Stars).
package enum StarKind: ParticleKind {
    package typealias Particle = Star
    package typealias Record = StarRecord
    package typealias Uniforms = StarPhysics
    package typealias Sample = StarSample

    package static let name = "star"
    package static let plural = "stars"
    package static let noun = "stars"
    package static let vertexShader = "star.vert.glsl"
    package static let fragmentShader = "light.frag.glsl"

    package static let defaultUniforms = StarPhysics(gravity: 90, drag: 1.4, fade: 0.5)

    package static let attributes = VertexAttribute.table(of: StarRecord.self, [
        ("aMotion", \.x0, 4, .float32),
        ("aLife", \.birth, 4, .float32),
        ("aColor", \.r, 4, .unorm8),
        ("aSecond", \.r2, 4, .unorm8),
    ])

    package static func record(_ star: Star, uniforms _: StarPhysics) -> StarRecord { StarRecord(star) }
    package static func stored(_ star: Star, uniforms _: StarPhysics) -> Star {
        var stored = StarRecord(star).star
        stored.sprite = star.sprite
        return stored
    }
    package static func birth(of star: Star) -> Double { star.birth }
    package static func lifetime(of star: Star, uniforms _: StarPhysics) -> Double { star.lifetime }
    /// Light is drawn over the button.
    package static func side(of _: Star) -> ButtonSide { .overButton }

    /// Its start moved: its path is the start plus terms of its age alone.
    package static func moved(_ star: Star, by offset: SIMD2<Double>) -> Star {
        var moved = star
        moved.position += offset
        return moved
    }
    /// Glows, and segments when the trail is a ribbon.
    package static func shapes(of star: Star, uniforms: StarPhysics) -> DrawnQuad.ShapeSet {
        (star.sprite == nil ? DrawnQuad.Shape.glow.bit : DrawnQuad.Shape.sprite.bit)
            | (uniforms.ribbon && uniforms.trail.ghosts > 0 ? DrawnQuad.Shape.segment.bit : 0)
    }

    package static func evaluate(_ star: Star, at age: Double, uniforms: StarPhysics) -> StarSample {
        uniforms.evaluate(star, at: age)
    }

    /// Its trail, and its colour ramp over life (stars do not grow).
    package static func features(_ physics: StarPhysics) -> [any ShaderFeature] {
        [physics.trail, OverLife(physics.colorRamp)]
    }

    package static func evaluate(_ star: Star, at age: Double, ghost k: Int, uniforms: StarPhysics) -> StarSample {
        uniforms.evaluate(star, at: age, ghost: k)
    }

    package static func drawn(_ star: Star, _ s: StarSample, pixelsPerPoint: Double) -> DrawnQuad {
        let e = Float32Error.k * Float32Error.eps
        let strength = s.opacity * s.brightness
        let color = SIMD4(s.red * strength, s.green * strength, s.blue * strength, strength)
        let position = s.scales.x + s.scales.y
        // An angle is the direction of a vector: its error is the vector's over its length (rad),
        // with the driver's atan budgeted at 1e-5 rad as for sparks.
        func angleError(_ vectorScale: Double, _ length: Double) -> Double {
            length > 0 ? (e * vectorScale / length + 1e-5) * 180 / .pi : 0
        }
        var quad: DrawnQuad
        if s.segment {
            let along = SIMD2(s.headX - s.x, s.headY - s.y)
            let span = (along * along).sum().squareRoot()
            let ends = position + s.scales.headX + s.scales.headY
            quad = DrawnQuad(alive: s.alive, centre: Point((s.x + s.headX) / 2, (s.y + s.headY) / 2),
                             angle: span > 0 ? atan2(along.y, along.x) * 180 / .pi : 0,
                             halfSize: SIMD2(span / 2, s.radius), shape: .segment, color: color)
            quad.centreError = e * ends
            quad.halfSizeError = e * (ends + s.radius + s.scales.radius)
            quad.angleError = angleError(ends, span)
        } else if let sprite = star.sprite {
            // Facing its velocity; below 1 pt/s, the way it was launched (down, launched at rest).
            let v = SIMD2(s.vx, s.vy)
            let moving = (v * v).sum() > 1
            let heading = moving ? v : star.velocity
            let length = (heading * heading).sum().squareRoot()
            quad = DrawnQuad(alive: s.alive, centre: Point(s.x, s.y),
                             angle: length > 0 ? atan2(heading.y, heading.x) * 180 / .pi : 90,
                             halfSize: s.radius * sprite.share, shape: .sprite, color: color)
            quad.sprite = DrawnQuad.Sprite(index: sprite.index, level: SpriteTexels.level(extent: 2 * star.radius, pixelsPerPoint: pixelsPerPoint))
            quad.centreError = e * position
            quad.halfSizeError = e * (s.radius + s.scales.radius)
            quad.angleError = moving ? angleError(s.scales.vx + s.scales.vy, length) : angleError(length, length)
        } else {
            let tail = SIMD2(s.vx, s.vy) * s.streak
            let span = (tail * tail).sum().squareRoot()
            let velocity = s.streak * (s.scales.vx + s.scales.vy)
            quad = DrawnQuad(alive: s.alive, centre: Point(s.x - tail.x / 2, s.y - tail.y / 2),
                             angle: span > 0 ? atan2(s.vy, s.vx) * 180 / .pi : 0,
                             halfSize: SIMD2(span / 2 + s.radius, s.radius), shape: .glow, color: color)
            quad.centreError = e * (position + velocity + span)
            quad.halfSizeError = e * (velocity + span + s.radius + s.scales.radius)
            quad.angleError = angleError(s.scales.vx + s.scales.vy, (SIMD2(s.vx, s.vy) * SIMD2(s.vx, s.vy)).sum().squareRoot())
        }
        quad.colorError = e * (s.scales.opacity + s.scales.color + s.scales.brightness + 4)
        quad.light = s.look
        return quad
    }

    package static func traceParams(_ star: Star, uniforms _: StarPhysics) -> StarTraceParams { StarTraceParams(star) }

    package static func traceConstants(_ physics: StarPhysics) -> [String: Double] {
        ["gravity": physics.gravity, "drag": physics.drag, "fade": physics.fade, "streak": physics.streak,
         "trailGhosts": Double(physics.trail.ghosts), "trailSpacing": physics.trail.spacing, "ribbon": physics.ribbon ? 1 : 0]
    }
}

extension StarPhysics: ShaderUniforms {
    /// `uStar`, `uRibbon` for the motion and the trail's shape; `uTemperature`, `uEmber`,
    /// `uBlink`, `uStrobeEdge` for `Shaders/light.glsl`; `uGlow` for `light.frag.glsl`. The
    /// trail and the colour ramp pack their own (`StarKind.features`).
    package var uniforms: [ShaderUniform] {
        [
            ShaderUniform("uStar", .vec4(SIMD4(Float(gravity), Float(drag), Float(fade), Float(streak)))),
            ShaderUniform("uRibbon", .float(ribbon ? 1 : 0)),
            ShaderUniform("uTemperature", .vec4(SIMD4(Float(temperature.hot), Float(temperature.cool), Float(colorChange), Float(colorChangeSpan)))),
            ShaderUniform("uEmber", .vec4(SIMD4(Float(temperature.ember.r), Float(temperature.ember.g), Float(temperature.ember.b), 0))),
            ShaderUniform("uBlink", .vec4(SIMD4(Float(flicker.amount), Float(flicker.rate), Float(strobe.period), Float(strobe.duty)))),
            ShaderUniform("uStrobeEdge", .float(Float(strobe.edge))),
            ShaderUniform("uGlow", .vec4(SIMD4(Float(glow.core), Float(glow.whiteness), Float(1 - glow.light), 0))),
        ]
    }

    /// What `light.frag.glsl` reads of the glow, as the CPU rasteriser takes it: the floats the
    /// uniform holds.
    package var look: DrawnQuad.Light {
        DrawnQuad.Light(core: Double(Float(glow.core)), whiteness: Double(Float(glow.whiteness)), keptAlpha: Double(Float(1 - glow.light)))
    }
}

/// A star's spawn constants as the trace prints them.
package struct StarTraceParams: Encodable, Sendable {
    var position: [Double]
    var velocity: [Double]
    var birth, lifetime, radius: Double
    var color: [Double]
    var secondColor: [Double]
    var seed: UInt32

    init(_ s: Star) {
        position = [s.position.x, s.position.y]
        velocity = [s.velocity.x, s.velocity.y]
        birth = s.birth
        lifetime = s.lifetime
        radius = s.radius
        color = [s.color.r, s.color.g, s.color.b]
        secondColor = [s.secondColor.r, s.secondColor.g, s.secondColor.b]
        seed = s.seed
    }
}

extension Budget.Ring {
    package static var stars: Budget.Ring { Budget.Ring(StarKind.self) }
}
