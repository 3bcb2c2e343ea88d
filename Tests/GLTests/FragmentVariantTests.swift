import ConfettiApp
@testable import ConfettiGL
import Foundation
import GLTestSupport
import Testing
import TestSupport

/// The renderer draws each span with `particle.frag.glsl` built for the shapes the span holds
/// (`SHAPES`), so that spans of rectangles do not pay for stars on llvmpipe, and a variant
/// draws exactly what the build for every shape draws.
@Suite(.tags(.math)) struct FragmentVariantTests {
    @Test func aSpanIsDrawnByTheBuildForItsOwnShapesAndTheBuildIsKept() async throws {
        let viewport = Size(width: 320, height: 180)
        try await SharedGL.run {
            let renderer = try ParticleRenderer<ConfettiKind>(shaders: SharedGL.shaders(), capacity: 256)
            defer { renderer.delete() }
            let rectangles = try renderer.add(ConfettiSection.standard.spawn(in: viewport, seed: 3), uniforms: .standard, at: 0)[0]
            let mixed = try renderer.add(ConfettiSection.mixedShapes.spawn(in: viewport, seed: 4), uniforms: .standard, at: 0)[0]
            #expect(rectangles.shapes == DrawnQuad.Shape.rectangle.bit)
            #expect(mixed.shapes == DrawnQuad.Shape.rectangle.bit | DrawnQuad.Shape.ellipse.bit)
            let forRectangles = renderer.program(for: rectangles.shapes)
            #expect(forRectangles.fragmentDefines == ["SHAPES 1"])
            #expect(renderer.program(for: rectangles.shapes) === forRectangles, "built once, then reused")
            #expect(renderer.program(for: mixed.shapes).fragmentDefines == ["SHAPES 3"])
            #expect(renderer.program(for: DrawnQuad.allShapes) === renderer.program, "every shape: the full build")
        }
    }

    /// Every preset's pieces, each span drawn once by the build for its shapes and once by the
    /// build for every shape: the same pixels, exactly.
    @Test func eachVariantDrawsThePixelsOfTheBuildForEveryShape() async throws {
        let viewport = Size(width: 320, height: 180)
        try await SharedGL.run {
            let target = try OffscreenTarget(width: 320, height: 180)
            let renderer = try ParticleRenderer<ConfettiKind>(shaders: SharedGL.shaders(), capacity: 20_000)
            defer { renderer.delete(); target.delete() }
            target.bind()
            var sets: Set<DrawnQuad.ShapeSet> = []
            // Sprite presets read the atlas, which a Celebration binds: SpriteProofTests draws those.
            for preset in Effect.presets where preset.effect.kind == .confetti && !preset.effect.hasSprites {
                renderer.removeAll()
                var rng = SeededGenerator(seed: 11)
                let confetti = preset.effect.confetti
                let pieces = confetti.spawn(in: viewport, using: &rng)
                try renderer.add(pieces, uniforms: confetti.physics, at: 0)
                let end = (pieces.map(\.birth).max() ?? 0) + confetti.physics.lifetime
                var mostInked = 0
                for now in [0.2, 0.4, 0.6, 0.8].map({ $0 * end }) {
                    let plan = renderer.plan(at: now, side: .overButton)
                    sets.formUnion(plan.map(\.span.shapes))
                    func draw(_ plan: [ParticleRenderer<ConfettiKind>.PlannedDraw]) throws -> [UInt8] {
                        clearFramebuffer(to: SceneRenderer.background)
                        renderer.execute(plan, viewport: viewport, pixelsPerPoint: 1)
                        try glCheck("drawing \(preset.name)")
                        return try target.readPixels().pixels
                    }
                    let specialised = try draw(plan)
                    let full = try draw(plan.map { var draw = $0; draw.span.shapes = DrawnQuad.allShapes; return draw })
                    let background = SceneRenderer.background.rgba8
                    let inked = stride(from: 0, to: full.count, by: 4).filter { full[$0] != background.0 || full[$0 + 1] != background.1 || full[$0 + 2] != background.2 }.count
                    mostInked = max(mostInked, inked)
                    #expect(specialised == full, "\(preset.name) at \(now) s: the variant for shapes \(plan.map(\.span.shapes)) draws other pixels")
                }
                #expect(mostInked > 100, "\(preset.name): the scenes show its pieces (at most \(mostInked) pixels)")
            }
            // The presets reach several builds, not only the full one.
            #expect(sets.count >= 4, "shape sets drawn: \(sets.sorted())")
        }
    }

    /// A build fills only the shapes it was built for: a piece of any other shape is discarded
    /// whole, not drawn as its quad (should a span ever be drawn by the wrong build).
    @Test func aBuildDrawsNothingForAShapeItWasNotBuiltFor() async throws {
        let viewport = Size(width: 320, height: 180)
        var circles = ConfettiSection.standard
        circles.shapes = [.circle]
        try await SharedGL.run {
            let target = try OffscreenTarget(width: 320, height: 180)
            let renderer = try ParticleRenderer<ConfettiKind>(shaders: SharedGL.shaders(), capacity: 256)
            defer { renderer.delete(); target.delete() }
            target.bind()
            try renderer.add(circles.spawn(in: viewport, seed: 5), uniforms: .standard, at: 0)
            let plan = renderer.plan(at: 0.5, side: .overButton)
            let background = SceneRenderer.background.rgba8
            func inked(_ shapes: DrawnQuad.ShapeSet) throws -> Int {
                clearFramebuffer(to: SceneRenderer.background)
                renderer.execute(plan.map { var draw = $0; draw.span.shapes = shapes; return draw }, viewport: viewport, pixelsPerPoint: 1)
                let pixels = try target.readPixels().pixels
                return stride(from: 0, to: pixels.count, by: 4).filter { pixels[$0] != background.0 || pixels[$0 + 1] != background.1 || pixels[$0 + 2] != background.2 }.count
            }
            #expect(try inked(DrawnQuad.Shape.ellipse.bit) > 100, "the circles, drawn by their own build")
            #expect(try inked(DrawnQuad.Shape.rectangle.bit) == 0, "circles through the rectangles' build")
        }
    }
}
