@testable import ConfettiApp
import ConfettiGL
import ConfettiProof
import Foundation
import GLTestSupport
import Testing
import TestSupport

/// Headless renders against the CPU reference rasteriser: every pixel of scenes with rotated
/// rectangles and circles, stars, hearts, triangles and waving ribbons on both faces, fading
/// pieces over the button, sparks at several scales, at content scales 1 and 2. This is what catches shape, rotation direction, size and blending errors,
/// which vertex outputs alone cannot show.
@Suite(.tags(.math)) struct PixelProofTests {
    /// The CPU's picture of `scene`: `PixelProof`'s (what `confetti verify` draws), with the
    /// button between its two sides.
    func reference(_ scene: Scene, button: CelebrateButton?) -> ReferenceRasteriser {
        PixelProof.reference(scene.batches, at: scene.time, viewport: scene.viewport, pixelsPerPoint: scene.pixelsPerPoint,
                             background: SceneRenderer.background, between: button.map { button in { drawButton(button, into: &$0) } })
    }

    /// `button.frag.glsl` on the CPU: a rounded rectangle with its label texture, nearest texels.
    func drawButton(_ button: CelebrateButton, into image: inout ReferenceRasteriser) {
        let label = PixelFont.rasterize(button.label)
        let labelSize = SIMD2(Double(label.width), Double(label.height)) * ButtonRenderer.buttonLabelScale
        let f = button.frame, r = button.cornerRadius, s = image.pixelsPerPoint
        let centre = Point(f.midX, f.y + f.height / 2), half = SIMD2(f.width, f.height) / 2
        image.fill(minX: f.minX - 1, minY: f.minY - 1, maxX: f.maxX + 1, maxY: f.maxY + 1) { point in
            let local = point - centre
            guard abs(local.x) <= half.x + 1 / s, abs(local.y) <= half.y + 1 / s else { return nil }
            let q = SIMD2(abs(local.x), abs(local.y)) - half + r
            let outside = SIMD2(max(q.x, 0), max(q.y, 0))
            let distance = (outside * outside).sum().squareRoot() + min(max(q.x, q.y), 0) - r
            let coverage = min(max(0.5 - distance * s, 0), 1)
            guard coverage > 0 else { return nil }
            let origin = ButtonRenderer.labelOrigin(button, labelPixels: (label.width, label.height))
            let uv = (point - origin) / labelSize
            var ink = 0.0
            if uv.x >= 0, uv.y >= 0, uv.x < 1, uv.y < 1 {
                let tx = min(Int(uv.x * Double(label.width)), label.width - 1), ty = min(Int(uv.y * Double(label.height)), label.height - 1)
                ink = Double(label.pixels[ty * label.width + tx]) / 255
            }
            let fill = SIMD3(button.fill.r, button.fill.g, button.fill.b), text = SIMD3(button.text.r, button.text.g, button.text.b)
            let rgb = fill + (text - fill) * ink
            return SIMD4(rgb * coverage, coverage)
        }
    }

    func compare(_ scene: Scene) async throws -> PixelProof.Difference {
        let button = scene.button ? CelebrateButton.centred(in: scene.viewport) : nil
        let width = Int(scene.viewport.width * scene.pixelsPerPoint), height = Int(scene.viewport.height * scene.pixelsPerPoint)
        let gpu = try await SharedGL.run {
            let renderer = try SceneRenderer(shaders: SharedGL.shaders(), capacity: 4096)
            let target = try OffscreenTarget(width: width, height: height)
            defer { renderer.delete(); target.delete() }
            for batch in scene.batches { try renderer.celebration.add(batch, at: 0) }
            renderer.button = button
            target.bind()
            renderer.render(at: scene.time, viewport: scene.viewport, pixelsPerPoint: scene.pixelsPerPoint)
            return try target.readPixels()
        }
        return PixelProof.difference(gpu, reference(scene, button: button), background: SceneRenderer.background)
    }

    static func scenes() -> [Scene] {
        let small = Size(width: 320, height: 180)
        var rng = SeededGenerator(seed: 31)
        var mixed = ConfettiSection.mixedShapes
        mixed.count = 150
        let confetti = Batch<ConfettiKind>(mixed.spawn(in: small, using: &rng), mixed.physics)
        var many = ConfettiSection.mixedShapes
        many.count = 400
        many.sizes = [Size(width: 14, height: 9), Size(width: 9, height: 14), Size(width: 12, height: 12)]
        let overButton = Batch<ConfettiKind>(many.spawn(in: small, using: &rng), many.physics)
        var launch = ClassicSection.standard
        launch.count = 6
        let button = Rect.button(centredIn: small)
        let classic = launch.fireworks(around: button, using: &rng).map { Batch<SparkKind>($0, launch.firework.timing) }
        var big = ClassicFirework.standard
        big.sparkSize = 30
        big.sparkCount = 24
        let bigSparks = Batch<SparkKind>(big.sparks(at: Point(160, 90), using: &rng), big.timing)
        let fountain = Batch<SparkKind>(FountainFirework.standard.sparks(above: button, using: &rng), FountainFirework.standard.timing)
        return [
            Scene(name: "rotated rectangles and circles, rising", batches: [confetti], time: 0.35),
            Scene(name: "rotated rectangles and circles, falling", batches: [confetti], time: 0.9),
            Scene(name: "fading pieces over the button", button: true, batches: [overButton], time: 1.25),
            Scene(name: "sparks around the button, early", button: true, batches: classic, time: 0.12),
            Scene(name: "sparks around the button, late", button: true, batches: classic, time: 0.3),
            Scene(name: "large sparks at their peak scale", batches: [bigSparks], time: 0.2),
            Scene(name: "fountain sparks fading", button: true, batches: [fountain], time: 0.9),
            Scene(name: "content scale 2: pieces", pixelsPerPoint: 2, batches: [confetti], time: 0.6),
            Scene(name: "content scale 2: sparks over the button", pixelsPerPoint: 2, button: true, batches: classic + [fountain], time: 0.45),
        ] + shapeScenes()
    }

    /// A two-sided burst of `shapes` (by `weights`), large enough to show their edges.
    static func shapeBurst(_ shapes: [ConfettiShape], weights: [Double]? = nil, sizes: [Size], count: Int, seed: UInt64, in viewport: Size) -> any ParticleBatch {
        var burst = ConfettiSection.standard
        burst.count = count
        burst.shapes = shapes
        burst.shapeWeights = weights
        burst.sizes = sizes
        burst.physics.backShade = 0.6
        return Batch<ConfettiKind>(burst.spawn(in: viewport, seed: seed), burst.physics)
    }

    /// One piece held still at the centre, turned by `rotation` degrees, flip frozen at `flipPhase`.
    /// (Shades are chosen so that no channel of the orange lands on half a level, where GL lets
    /// the blender round either way.)
    static func still(_ shape: ConfettiShape, size: Size, rotation: Double, flipPhase: Double, backShade: Double, wave: RibbonWave = .standard) -> any ParticleBatch {
        var physics = ConfettiPhysics(gravity: 0, drag: 1, lifetime: 10, fadeOutDuration: 0.4)
        physics.backShade = backShade
        physics.ribbonWave = wave
        let piece = ConfettiParticle(
            initialPosition: Point(160, 90), initialVelocity: .zero, initialRotation: rotation, rotationSpeed: 0,
            flutterAmplitude: 0, flutterFrequency: 0, flutterPhase: 1.2, flipFrequency: 0, flipPhase: flipPhase,
            spreadStrength: 0, size: size, color: .orange, shape: shape
        )
        return Batch<ConfettiKind>([piece], physics)
    }

    /// Every SDF shape, rotated and flipped by the burst's own spin and 3D flip, backs shaded;
    /// ribbons mid-wave; single large pieces showing their backs; every shape mixed by weight.
    static func shapeScenes() -> [Scene] {
        let small = Size(width: 320, height: 180)
        let square = [Size(width: 22, height: 22), Size(width: 18, height: 15), Size(width: 14, height: 19)]
        let streamers = [Size(width: 6, height: 40), Size(width: 5, height: 34), Size(width: 7, height: 46)]
        let steep = RibbonWave(amplitude: 9, wavelength: 45, angularSpeed: 6)
        return [
            Scene(name: "stars, rotated and flipped, backs shaded", batches: [shapeBurst([.star], sizes: square, count: 40, seed: 71, in: small)], time: 0.5),
            Scene(name: "hearts, rotated and flipped, backs shaded", batches: [shapeBurst([.heart], sizes: square, count: 40, seed: 72, in: small)], time: 0.55),
            Scene(name: "triangles, rotated and flipped, backs shaded", batches: [shapeBurst([.triangle], sizes: square, count: 40, seed: 73, in: small)], time: 0.6),
            Scene(name: "ribbons mid-wave, rotated and flipped", batches: [shapeBurst([.ribbon], sizes: streamers, count: 30, seed: 74, in: small)], time: 0.5),
            Scene(name: "a large star showing its back", batches: [still(.star, size: Size(width: 90, height: 80), rotation: 17, flipPhase: 2.6, backShade: 0.35)], time: 0.3),
            Scene(name: "a large heart showing its back", batches: [still(.heart, size: Size(width: 70, height: 90), rotation: -28, flipPhase: 3.5, backShade: 0.45)], time: 0.3),
            Scene(name: "a large triangle, front", batches: [still(.triangle, size: Size(width: 80, height: 60), rotation: 101, flipPhase: 0.4, backShade: 0.45)], time: 0.3),
            Scene(name: "a large ribbon mid-wave showing its back", batches: [still(.ribbon, size: Size(width: 14, height: 150), rotation: 63, flipPhase: 2.2, backShade: 0.55, wave: steep)], time: 0.77),
            Scene(name: "content scale 2: every shape mixed by weight", pixelsPerPoint: 2,
                  batches: [shapeBurst(ConfettiShape.allCases, weights: [1, 1, 2, 2, 2, 3], sizes: square + streamers, count: 60, seed: 75, in: small)], time: 0.65),
        ]
    }

    /// The shape scenes really show what they claim: the shape, pieces on both faces, and
    /// ribbons whose wave bends them.
    @Test func shapeScenesShowEveryShapeOnBothFaces() async {
        var shown: [ConfettiShape: (front: Int, back: Int)] = [:]
        for scene in Self.shapeScenes() {
            for batch in scene.batches.of(ConfettiKind.self) {
                let (pieces, physics) = (batch.particles, batch.uniforms)
                for piece in pieces {
                    let s = physics.evaluate(piece, at: scene.time - piece.birth)
                    guard s.alive, s.y > 0, s.y < scene.viewport.height else { continue }
                    var count = shown[piece.shape] ?? (0, 0)
                    if s.facing < 0 { count.back += 1 } else { count.front += 1 }
                    shown[piece.shape] = count
                    if piece.shape == .ribbon { #expect(s.wave.x > 0 && s.wave.y > 0) }
                    #expect(s.shown == SIMD3(s.red, s.green, s.blue) * (s.facing < 0 ? Double(Float(physics.backShade)) : 1))
                }
            }
        }
        for shape in ConfettiShape.allCases {
            #expect((shown[shape]?.front ?? 0) >= 2 && (shown[shape]?.back ?? 0) >= 2, "\(shape): \(String(describing: shown[shape]))")
        }
    }

    @Test(arguments: scenes().indices)
    func headlessRenderEqualsTheCPUReferenceRasteriser(_ index: Int) async throws {
        let scene = Self.scenes()[index]
        try await expectRenderMatchesReference(scene)
    }

    /// The headless render of `scene` against the CPU rasteriser: something is drawn, no pixel is
    /// more than 2 levels off (8-bit rounding of overlapping draws), and the mean is within half a level.
    func expectRenderMatchesReference(_ scene: Scene) async throws {
        let d = try await compare(scene)
        #expect(d.inked > 300, "\(scene.name): the scene shows something (\(d.inked) pixels)")
        #expect(d.worst <= 2, "\(scene.name): a pixel differs by \(d.worst) levels")
        #expect(d.mean <= 0.5, "\(scene.name): mean difference \(d.mean) levels")
        print(String(format: "pixels, %@: %d drawn pixels, worst %d levels, mean %.3f", scene.name, d.inked, d.worst, d.mean))
    }
}
