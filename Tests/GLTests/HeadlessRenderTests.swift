import ConfettiApp
import ConfettiGL
import Foundation
import GLTestSupport
import Testing
import TestSupport

@Suite(.tags(.library)) struct HeadlessRenderTests {
    @Test func piecesAppearWhereTheCPUPredictsAndTheBackgroundIsUntouched() async throws {
        let viewport = Size(width: 640, height: 360)
        let particles = ConfettiSection.mixedShapes.spawn(in: viewport, seed: 7)
        let t = 0.6
        try await SharedGL.run {
            let target = try OffscreenTarget(width: 640, height: 360)
            let renderer = try ParticleRenderer<ConfettiKind>(shaders: SharedGL.shaders(), capacity: 64)
            defer { renderer.delete(); target.delete() }
            try renderer.add(particles, uniforms: .standard, at: 10)
            target.bind()
            clearFramebuffer(to: SceneRenderer.background)
            let stats = renderer.draw(at: 10 + t, viewport: viewport, pixelsPerPoint: 1, side: .overButton)
            #expect(stats.instances == 30)
            let image = try target.readPixels()
            let result = PixelChecks(background: SceneRenderer.background).check(image, particles: particles, at: t)
            #expect(result.pieces >= 10, "only \(result.pieces) pieces could be checked")
            #expect(result.backgroundPixels >= 5000)
            print("headless render: \(result.pieces) pieces at their predicted pixels, \(result.backgroundPixels) background pixels untouched")
            // Both shapes were among the pieces found in the image.
            #expect(result.shapes == [.rectangle, .circle], "shapes found: \(result.shapes)")
        }
    }

    @Test func pixelsPerPointScalesTheBurstIntoMorePixels() async throws {
        // A 2× content scale: the same 640×360-point scene on a 1280×720 framebuffer.
        let viewport = Size(width: 640, height: 360)
        let particles = ConfettiSection.standard.spawn(in: viewport, seed: 8)
        try await SharedGL.run {
            let target = try OffscreenTarget(width: 1280, height: 720)
            let renderer = try ParticleRenderer<ConfettiKind>(shaders: SharedGL.shaders(), capacity: 64)
            defer { renderer.delete(); target.delete() }
            try renderer.add(particles, uniforms: .standard, at: 0)
            target.bind()
            clearFramebuffer(to: SceneRenderer.background)
            renderer.draw(at: 0.5, viewport: viewport, pixelsPerPoint: 2, side: .overButton)
            let result = PixelChecks(pixelsPerPoint: 2, background: SceneRenderer.background)
                .check(try target.readPixels(), particles: particles, at: 0.5)
            #expect(result.pieces >= 10)
        }
    }

    @Test func renderingTwiceWithOneSeedGivesIdenticalPNGBytes() async throws {
        // The celebration: button, sparks on both sides and confetti.
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("confetti-determinism-\(UUID())")
        defer { try? FileManager.default.removeItem(at: base) }
        let recorder = FrameRecorder(schedule: LaunchSchedule(effect: .celebration, seed: 42), width: 320, height: 180, fps: 4, frames: 6)
        let (first, second) = try await SharedGL.run {
            (try recorder.record(to: base.appendingPathComponent("a"), shaders: SharedGL.shaders()),
             try recorder.record(to: base.appendingPathComponent("b"), shaders: SharedGL.shaders()))
        }
        #expect(first.count == 6 && second.count == 6)
        var distinct = Set<Data>()
        for (a, b) in zip(first, second) {
            let bytesA = try Data(contentsOf: a), bytesB = try Data(contentsOf: b)
            #expect(bytesA == bytesB, "\(a.lastPathComponent) differs between runs")
            distinct.insert(bytesA)
        }
        // The frames show an animation, not one picture six times.
        #expect(distinct.count >= 5)
        // And a PNG reads back as the opaque image that was drawn.
        let image = try PNGFile.read(first[2].path)
        #expect(image.width == 320 && image.height == 180)
        #expect(stride(from: 3, to: image.pixels.count, by: 4).allSatisfy { image.pixels[$0] == 255 })
    }
}
