import FoundationEssentials
import Glibc

/// A particle as its shaders draw it: a shape centred somewhere, turned, filled with a
/// premultiplied colour. The CPU's side of every vertex output and every pixel: the vertex
/// outputs `emitQuad` in `Shaders/quad.glsl` writes and the coverage `particle.frag.glsl`
/// computes, in Double, so tests can hold the GPU to both.
package struct DrawnQuad: Sendable {
    /// The shape code `vHalfSize.z` carries (a confetti piece's `ConfettiShape` raw value).
    package enum Shape: Double, Sendable {
        case rectangle = 0
        case ellipse = 1
        case star = 2
        case heart = 3
        case triangle = 4
        case ribbon = 5
        /// Light (`light.frag.glsl`): a soft sprite, round or stretched into a capsule.
        case glow = 6
        /// Light: a piece of a ribbon trail, soft across and cut square at its ends.
        case segment = 7
        /// A picture (`sprite.glsl`): a page of the sprite atlas over the quad, edged as a
        /// rectangle. (Code 8 is taken by the parallelogram's bit in a `ShapeSet`.)
        case sprite = 9

        /// Its bit in a set of shapes (`ShapeSet`): bit c for code c.
        package var bit: UInt32 { 1 << UInt32(rawValue) }
    }

    /// A set of the fragment shader's shape codes, bit c for code c: what one program variant of
    /// `particle.frag.glsl` fills (`SHAPES`), with the frame's bit (`parallelogram`) and the
    /// light's (`lit`): the key of a variant.
    package typealias ShapeSet = UInt32
    /// Bit 8: a shape's own frame may be a parallelogram (`frame`): tumbling paper.
    package static let parallelogram: ShapeSet = 1 << 8
    /// Bit 10: paper is lit (`PaperShading` other than `.none`), so the build computes each
    /// piece's normal and its light (`PAPER_LIT` in `Shaders/paper.glsl`). An unlit build skips
    /// them: llvmpipe runs both sides of a branch on a uniform, so unlit paper would pay for them.
    package static let lit: ShapeSet = 1 << 10
    /// Every shape `particle.frag.glsl` knows: the paper shapes and sprites, in any frame, lit.
    package static let allShapes: ShapeSet = 0b111_0011_1111
    /// The shapes `light.frag.glsl` knows: light, and sprites.
    package static let lightShapes: ShapeSet = 0b10_1100_0000

    /// How `light.frag.glsl` fills a glow or a segment: the uniforms it reads (`uGlow`).
    package struct Light: Hashable, Sendable {
        /// The core's radius as a share of the glow's (`halfSize.y`).
        package var core: Double
        /// How far the core's colour goes towards white.
        package var whiteness: Double
        /// The alpha it keeps, 0…1 (1 − `StarPhysics.Glow.light`).
        package var keptAlpha: Double

        package init(core: Double, whiteness: Double, keptAlpha: Double) {
            self.core = core
            self.whiteness = whiteness
            self.keptAlpha = keptAlpha
        }
    }

    /// Whether it is drawn at all.
    package var alive: Bool
    /// pt.
    package var centre: Point
    /// Degrees, clockwise on screen.
    package var angle: Double
    /// Half width and half height of the shape, pt.
    package var halfSize: SIMD2<Double>
    package var shape: Shape
    /// Premultiplied by opacity.
    package var color: SIMD4<Double>
    /// A ribbon's travelling wave, `vWave`: amplitude (pt), wavenumber (rad/pt), phase (rad);
    /// zero for every other shape.
    package var wave = SIMD3<Double>.zero

    /// How far float32 may move each value (absolute): the kind derives them from its
    /// sample's error scales (see `SampleField`).
    package var centreError = 0.0
    package var angleError = 0.0
    package var halfSizeError = 0.0
    package var colorError = 0.0
    /// Of the wave's phase (rad).
    package var waveError = 0.0
    /// Degrees the shader's float angle of a spin may differ from the exact one by its own
    /// rounding (speed × age, then the sum: 2ε of its terms). A spin is never wrapped, so this
    /// grows with time; the pixel proof lets an edge move by the arm times it. Zero for what
    /// does not spin in the screen's plane.
    package var spinRounding = 0.0
    /// The glow's look, for the light shapes.
    package var light = Light(core: 0, whiteness: 0, keptAlpha: 1)
    /// What a sprite quad reads (`vSprite`); nil for every other shape.
    package var sprite: Sprite?
    /// A tumbling piece's parallelogram (`emitParallelogram`); nil for a shape turned by `angle`.
    package var frame: Frame?
    /// How far float32 may move each component of `frame`'s edge vectors (absolute).
    package var frameError = 0.0

    /// Which picture a sprite quad shows and how: the fragment shader's `vSprite`.
    package struct Sprite: Sendable {
        /// Into its batch's sprites (`SpriteChoice.index`).
        package var index: Int
        /// The atlas page the shader is told (`SpriteTable`): the index, unless a test says
        /// where its sprites landed.
        package var page: Int
        /// The mip level it is read from (`SpriteTexels.level`).
        package var level: Int
        /// Light added in proportion to the picture's alpha, premultiplied by opacity: a foil
        /// glint. 0 for an unlit piece.
        package var glint = 0.0
        /// −1 when the picture is seen from behind and mirrored (a flipping piece's back).
        package var mirror = 1.0

        package init(index: Int, level: Int, glint: Double = 0, mirror: Double = 1) {
            self.index = index
            page = index
            self.level = level
            self.glint = glint
            self.mirror = mirror
        }

        /// The page's point under `local` (pt in the shape's frame, half extents `halfSize`):
        /// 0…1 across, top-left origin, mirrored as the shader mirrors it.
        package func uv(_ local: SIMD2<Double>, halfSize: SIMD2<Double>) -> SIMD2<Double> {
            SIMD2(local.x * mirror, local.y) / halfSize * 0.5 + 0.5
        }
    }

    /// The screen offsets (pt) of the unit x and y of a shape's own frame: its parallelogram.
    package struct Frame: Sendable {
        package var u: SIMD2<Double>
        package var v: SIMD2<Double>

        package init(u: SIMD2<Double>, v: SIMD2<Double>) {
            self.u = u
            self.v = v
        }

        /// d(local)/d(screen) as the shader's `vScreenToLocal`: its two columns.
        package var inverse: SIMD4<Double> {
            let det = u.x * v.y - u.y * v.x
            return SIMD4(v.y, -u.y, -v.x, u.x) / det
        }
    }

    package init(alive: Bool, centre: Point, angle: Double, halfSize: SIMD2<Double>, shape: Shape, color: SIMD4<Double>) {
        self.alive = alive
        self.centre = centre
        self.angle = angle
        self.halfSize = halfSize
        self.shape = shape
        self.color = color
    }

    /// A colour as the record stores it (8 bits a channel), premultiplied by `opacity`.
    package static func premultiplied(_ color: RGB, opacity: Double) -> SIMD4<Double> {
        let (r, g, b, _) = color.rgba8
        return SIMD4(SIMD3(Double(r), Double(g), Double(b)) / 255 * opacity, opacity)
    }

    /// The quad corner of vertex `index` (0...3 of a triangle strip): (±1, ±1).
    package static func corner(_ index: Int) -> SIMD2<Double> {
        SIMD2(Double(index & 1), Double(index >> 1)) * 2 - 1
    }

    /// `v` turned by `degrees`, clockwise on screen (y down).
    package static func rotate(_ v: SIMD2<Double>, _ degrees: Double) -> SIMD2<Double> {
        let a = degrees * .pi / 180
        return SIMD2(cos(a) * v.x - sin(a) * v.y, sin(a) * v.x + cos(a) * v.y)
    }

    /// d(local)/d(screen), columns: the identity for a shape turned by a rotation.
    package var screenToLocal: SIMD4<Double> { frame?.inverse ?? SIMD4(1, 0, 0, 1) }

    /// Screen points per point of the shape's own frame across its x and y sides (the fragment
    /// shader's `across`): 1 unless the frame is a parallelogram.
    package var across: SIMD2<Double> {
        guard frame != nil else { return SIMD2(1, 1) }
        let m = screenToLocal
        return SIMD2((m.x * m.x + m.z * m.z).squareRoot(), (m.y * m.y + m.w * m.w).squareRoot())
    }

    /// The screen offset (pt) of `local`, a point of the shape's own frame.
    package func toScreen(_ local: SIMD2<Double>) -> SIMD2<Double> {
        guard let frame else { return Self.rotate(local, angle) }
        return frame.u * local.x + frame.v * local.y
    }

    /// The point of the shape's own frame at screen offset `offset` (pt) from its centre.
    package func toLocal(_ offset: SIMD2<Double>) -> SIMD2<Double> {
        guard frame != nil else { return Self.rotate(offset, -angle) }
        let m = screenToLocal
        return SIMD2(m.x * offset.x + m.z * offset.y, m.y * offset.x + m.w * offset.y)
    }

    /// Half extents of the quad the vertex shader emits (pt): the shape plus its margin
    /// (`margin`); a ribbon's widened by its amplitude and by the slope of its wave, since the strip
    /// measured across its bent centreline reaches (half width)·√(1 + (amplitude·wavenumber)²)
    /// sideways of it.
    package func reach(pixelsPerPoint: Double) -> SIMD2<Double> {
        let margin = self.margin(pixelsPerPoint: pixelsPerPoint) * across
        let slope = wave.x * wave.y
        return SIMD2((halfSize.x + margin.x) * (1 + slope * slope).squareRoot() + abs(wave.x), halfSize.y + margin.y)
    }

    /// What the vertex shader writes for corner `index`, in the order of `vertexOutputLayout`,
    /// and how far each may be off.
    package func vertexOutputs(corner index: Int, viewport: Size, pixelsPerPoint: Double, k: Double, eps: Double) -> (values: [Double], tolerances: [Double]) {
        guard alive else { return ([2, 2, 2, 1] + [Double](repeating: 0, count: 20), [Double](repeating: 0, count: 24)) }
        let margin = self.margin(pixelsPerPoint: pixelsPerPoint)
        let slope = abs(wave.x * wave.y)
        let local = Self.corner(index) * reach(pixelsPerPoint: pixelsPerPoint)
        let p = centre + toScreen(local)
        let extent = abs(local.x) + abs(local.y)
        // A parallelogram's inverse divides by its determinant (at least `PaperPose.thinnest`),
        // so its entries and the margins they give are off by up to ~1/det² times the edges' error.
        let inverseError = frame == nil ? 0 : 100 * frameError + k * eps * 100
        let marginError = margin * inverseError
        // The corner moves with the centre, with the half size, and with the angle times its arm
        // (or with its frame's edge vectors times its arm).
        let pointError = centreError + halfSizeError + marginError + extent * (angleError * .pi / 180 + frameError) + k * eps * (abs(p.x) + abs(p.y) + 2 * extent)
        let clip = [p.x / viewport.width * 2 - 1, 1 - p.y / viewport.height * 2]
        let clipError = [2 * pointError / viewport.width, 2 * pointError / viewport.height].map { $0 + k * eps * 2 }
        // A ribbon's reach adds its amplitude, and scales the half width by up to 1 + slope.
        let localError = (halfSizeError + marginError) * (1 + slope) + k * eps * ((halfSize.x + margin * across.x) * (1 + slope) + abs(wave.x) + halfSize.y + margin * across.y)
        let values = [clip[0], clip[1], 0, 1, local.x, local.y, halfSize.x, halfSize.y, shape.rawValue] + [color.x, color.y, color.z, color.w]
            + [wave.x, wave.y, wave.z] + [screenToLocal.x, screenToLocal.y, screenToLocal.z, screenToLocal.w]
            + (sprite.map { [Double($0.page), Double($0.level), $0.glint, $0.mirror] } ?? [0, 0, 0, 0])
        let tolerances = clipError + [0, 0, localError, localError, halfSizeError, halfSizeError, 0]
            + [Double](repeating: colorError + k * eps, count: 4)
            + [k * eps * abs(wave.x), k * eps * abs(wave.y), waveError + k * eps * abs(wave.z)]
            + [Double](repeating: inverseError, count: 4)
            + [0, 0, colorError + k * eps, 0]
        return (values, tolerances)
    }

    /// The vertex shader's outputs in the order it writes and the proof captures them: each
    /// varying, its floats, and what a parity report calls it.
    package static let vertexOutputLayout: [(varying: String, floats: Int, field: String)] = [
        ("gl_Position", 4, "vertex position"), ("vLocal", 2, "vertex local"), ("vHalfSize", 3, "vertex shape"), ("vColor", 4, "vertex colour"),
        ("vWave", 3, "vertex wave"), ("vScreenToLocal", 4, "vertex frame"), ("vSprite", 4, "vertex sprite"),
    ]
    package static let vertexOutputNames = vertexOutputLayout.map(\.varying)
    package static let vertexOutputFloats = vertexOutputLayout.map(\.floats).reduce(0, +)
    /// The report's name of each captured float, by its index among `vertexOutputFloats`.
    package static let vertexOutputFields = vertexOutputLayout.flatMap { [String](repeating: $0.field, count: $0.floats) }

    /// How much of a pixel whose centre is at `local` (pt, in the shape's own frame) the shape
    /// covers: the fragment shader's edge ramp, one pixel wide.
    package func coverage(atLocal local: SIMD2<Double>, pixelsPerPoint: Double) -> Double {
        func edge(_ distance: Double) -> Double { min(max(0.5 - distance * pixelsPerPoint, 0), 1) }
        let across = self.across
        switch shape {
        case .rectangle, .sprite:
            return edge((abs(local.x) - halfSize.x) / across.x) * edge((abs(local.y) - halfSize.y) / across.y)
        case .ellipse:
            return edge(ShapeDistance.ellipse(local, semiAxes: halfSize, screenToLocal: screenToLocal))
        case .star:
            return edge(ShapeDistance.star(local, halfSize: halfSize))
        case .heart:
            return edge(ShapeDistance.heart(local, halfSize: halfSize))
        case .triangle:
            return edge(ShapeDistance.triangle(local, halfSize: halfSize))
        case .ribbon:
            let d = ShapeDistance.ribbon(local, halfSize: halfSize, wave: wave) / across
            return edge(d.x) * edge(d.y)
        case .glow:
            let d = Self.capsuleDistance(local, halfSize: halfSize)
            let halo = Self.halo(d / halfSize.y)
            return halo + (1 - halo) * edge(d - light.core * halfSize.y)
        case .segment:
            return Self.halo(abs(local.y) / halfSize.y) * edge(abs(local.x) - halfSize.x)
        }
    }

    /// The premultiplied colour the fragment shader writes at `local`, nil where it discards:
    /// the paper shapes' colour times their coverage; a glow's colour going white in its core,
    /// keeping `light.keptAlpha` of its alpha; a sprite's texels, from `sprites` (its batch's,
    /// by index), times its colour plus its glint.
    package func fragment(atLocal local: SIMD2<Double>, pixelsPerPoint: Double, sprites: [SpriteTexels] = []) -> SIMD4<Double>? {
        let amount = coverage(atLocal: local, pixelsPerPoint: pixelsPerPoint)
        guard amount > 0 else { return nil }
        switch shape {
        case .sprite:
            guard let sprite else { preconditionFailure("a sprite quad without its sprite") }
            let texel = sprites[sprite.index].sample(level: sprite.level, at: sprite.uv(local, halfSize: halfSize))
            let rgb = SIMD3(texel.x, texel.y, texel.z) * SIMD3(color.x, color.y, color.z) + SIMD3(repeating: texel.w * sprite.glint)
            return SIMD4(rgb, texel.w * color.w) * amount
        case .glow:
            let d = Self.capsuleDistance(local, halfSize: halfSize)
            let core = min(max(0.5 - (d - light.core * halfSize.y) * pixelsPerPoint, 0), 1)
            let rgb = SIMD3(color.x, color.y, color.z), white = SIMD3(repeating: color.w)
            let lit = (rgb + (white - rgb) * (core * light.whiteness)) * amount
            return SIMD4(lit, color.w * amount * light.keptAlpha)
        case .segment:
            return SIMD4(color.x * amount, color.y * amount, color.z * amount, color.w * amount * light.keptAlpha)
        default:
            return color * amount
        }
    }

    /// Distance from `local` to the segment of a capsule whose half extents are (half length +
    /// radius, radius), pt: 0 on it.
    package static func capsuleDistance(_ local: SIMD2<Double>, halfSize: SIMD2<Double>) -> Double {
        let along = max(abs(local.x) - (halfSize.x - halfSize.y), 0)
        return (along * along + local.y * local.y).squareRoot()
    }

    /// A glow's falloff at q = distance/radius: (1 − q²)² inside, 0 outside; smooth at the rim,
    /// so the halo needs no antialiasing.
    package static func halo(_ q: Double) -> Double {
        let inside = max(1 - q * q, 0)
        return inside * inside
    }

    /// The room the quad leaves around the shape, pt (`shapeMargin` in `Shaders/quad.glsl`): half
    /// a pixel around a rectangle, whose coverage is zero beyond it; a pixel around an ellipse,
    /// whose approximate distance lets its ramp reach further.
    package func margin(pixelsPerPoint: Double) -> Double {
        (shape == .rectangle || shape == .sprite ? 0.5 : 1) / pixelsPerPoint
    }

    /// Whether a pixel centre at `point` (pt) lies inside the quad the vertex shader emits (the
    /// shape plus its margin): only those pixels run the fragment shader.
    package func quadContains(_ point: Point, pixelsPerPoint: Double) -> Bool {
        let local = toLocal(point - centre)
        let extent = reach(pixelsPerPoint: pixelsPerPoint)
        return abs(local.x) <= extent.x && abs(local.y) <= extent.y
    }
}
