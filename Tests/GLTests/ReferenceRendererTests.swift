@testable import ConfettiApp
import ConfettiGL
import ConfettiProof
import Foundation
import GLTestSupport
import Testing
import TestSupport

/// `confetti bench`'s reference mode, the frozen 60-byte renderer, draws what the live
/// renderer draws: the ratio gpu/reference compares the cost of the same pixels.
@Suite(.tags(.math)) struct ReferenceRendererTests {
    @Test func theFrozenRecordIsSixtyBytes() async {
        #expect(MemoryLayout<ReferenceConfettiRecord>.stride == 60)
        #expect(ReferenceConfettiRecord.layout.map(\.offset) == [0, 16, 32, 48, 52, 56])
    }

    /// The same scenes through the live renderer, the reference renderer and the CPU reference
    /// rasteriser: the two GPU pictures agree with each other and with the CPU within the pixel
    /// proofs' tolerance (at most 2 levels a pixel, 0.5 on average).
    @Test(arguments: [(0.35, 1.0), (0.9, 1.0), (1.3, 1.0), (0.6, 2.0), (1.0, 2.0), (0.45, 2.0)])
    func theReferenceRendererDrawsTheSamePixelsAsTheLiveOne(_ time: Double, _ pixelsPerPoint: Double) async throws {
        let viewport = Size(width: 320, height: 180)
        var burst = ConfettiSection.mixedShapes
        burst.count = 300
        var rng = SeededGenerator(seed: 44)
        let early = burst.spawn(in: viewport, using: &rng)
        var bigger = burst
        bigger.sizes = [Size(width: 14, height: 9), Size(width: 9, height: 14), Size(width: 12, height: 12)]
        // Circles alone in the second launch: flipped, they are the thin ellipses whose ramp the
        // quad's margin cuts off, so a margin that differed would show.
        bigger.shapes = [.circle]
        bigger.sizes += [Size(width: 7, height: 12), Size(width: 3, height: 3)]
        bigger.count = 600
        let late = bigger.spawn(in: viewport, using: &rng)
        let physics = ConfettiPhysics.standard
        func stored(_ pieces: [ConfettiParticle], _ physics: ConfettiPhysics) -> [ConfettiParticle] {
            let fitted = ConfettiKind.fitted(physics, to: pieces)
            return pieces.map { ConfettiKind.stored($0, uniforms: fitted) }
        }
        let launches = [(early, physics, 0.0), (late, physics, 0.2)]
        let width = Int(viewport.width * pixelsPerPoint), height = Int(viewport.height * pixelsPerPoint)
        let (live, frozen) = try await SharedGL.run {
            let target = try OffscreenTarget(width: width, height: height)
            let renderer = try ParticleRenderer<ConfettiKind>(shaders: SharedGL.shaders(), capacity: 1_000)
            let reference = try ReferenceRenderer(shaders: SharedGL.shaders())
            defer { renderer.delete(); reference.delete(); target.delete() }
            target.bind()
            for (pieces, physics, epoch) in launches { try renderer.add(pieces, uniforms: physics, at: epoch) }
            // The reference holds floats: give it the pieces the live 32-byte records decode to,
            // so both draw the same pieces and only the renderers differ.
            try reference.upload(launches.map { (stored($0.0, $0.1), $0.1, $0.2) })
            clearFramebuffer(to: SceneRenderer.background)
            let a = renderer.draw(at: time, viewport: viewport, pixelsPerPoint: pixelsPerPoint, side: .overButton)
            let livePixels = try target.readPixels()
            clearFramebuffer(to: SceneRenderer.background)
            let b = reference.draw(at: time, viewport: viewport, pixelsPerPoint: pixelsPerPoint)
            #expect(a.instances == b.instances && a.drawCalls == b.drawCalls, "\(a) \(b)")
            try glCheck("drawing the reference")
            return (livePixels, try target.readPixels())
        }
        var cpu = ReferenceRasteriser(width: width, height: height, pixelsPerPoint: pixelsPerPoint, background: SceneRenderer.background)
        for (pieces, physics, epoch) in launches {
            for piece in stored(pieces, physics) {
                cpu.draw(ConfettiKind.drawn(piece, physics.evaluate(piece, at: time - epoch - piece.birth)))
            }
        }
        let background = SceneRenderer.background.rgba8
        func difference(_ x: [UInt8], _ y: [UInt8]) -> (worst: Int, mean: Double, inked: Int) {
            var worst = 0, total = 0, inked = 0
            for i in stride(from: 0, to: x.count, by: 4) {
                let p = Array(x[i..<(i + 3)]), q = Array(y[i..<(i + 3)])
                guard p != [background.0, background.1, background.2] || q != [background.0, background.1, background.2] else { continue }
                let d = zip(p, q).map { abs(Int($0) - Int($1)) }.max()!
                worst = max(worst, d)
                total += d
                inked += 1
            }
            return (worst, inked == 0 ? 0 : Double(total) / Double(inked), inked)
        }
        for (name, d) in [("live vs reference", difference(live.pixels, frozen.pixels)), ("reference vs CPU", difference(frozen.pixels, cpu.pixels))] {
            #expect(d.inked > 1_000, "t=\(time), \(name): the scene shows the launches (\(d.inked) pixels)")
            #expect(d.worst <= 2, "t=\(time) ×\(pixelsPerPoint), \(name): a pixel differs by \(d.worst) levels")
            #expect(d.mean <= 0.5, "t=\(time) ×\(pixelsPerPoint), \(name): mean difference \(d.mean) levels")
            print(String(format: "reference renderer, t=%.2f ×%.0f, %@: %d pixels, worst %d, mean %.3f", time, pixelsPerPoint, name, d.inked, d.worst, d.mean))
        }
    }
}
