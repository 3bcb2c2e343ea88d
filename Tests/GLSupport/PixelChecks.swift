import ConfettiGL
import Testing

/// Finds, in a rendered image, the pieces the CPU evaluator predicts.
package struct PixelChecks {
    package var physics = ConfettiPhysics.standard
    package var pixelsPerPoint = 1.0
    package var background: RGB
    /// A rectangle (in points) drawn over the background, left out of the background check.
    package var excluding: Rect?

    package init(physics: ConfettiPhysics = .standard, pixelsPerPoint: Double = 1, background: RGB, excluding: Rect? = nil) {
        self.physics = physics
        self.pixelsPerPoint = pixelsPerPoint
        self.background = background
        self.excluding = excluding
    }

    package struct Result {
        /// Pieces whose centre pixel was checked against their colour.
        package var pieces = 0
        /// The shapes of those pieces.
        package var shapes: Set<ConfettiShape> = []
        /// Background pixels checked, far from every piece.
        package var backgroundPixels = 0
    }

    func bytes(_ c: RGB) -> [Int] {
        let (r, g, b, _) = c.rgba8
        return [Int(r), Int(g), Int(b)]
    }

    /// For every piece alone on screen and wide enough to cover its centre pixel fully, that
    /// pixel has the piece's colour; every pixel far from all pieces has the background colour.
    package func check(_ image: RGBAImage, particles spawned: [ConfettiParticle], at t: Double) -> Result {
        // The pieces as the renderer's records hold them.
        let physics = ConfettiKind.fitted(physics, to: spawned)
        let particles = spawned.map { ConfettiKind.stored($0, uniforms: physics) }
        let samples = particles.map { physics.evaluate($0, at: t) }
        let ppp = pixelsPerPoint
        // Bounding radius in pixels, with the one-pixel antialiasing margin.
        let radii = zip(particles, samples).map { p, s in
            0.5 * (s.apparentWidth * s.apparentWidth + p.size.height * p.size.height).squareRoot() * ppp + 1.5
        }
        var result = Result()
        for (i, (p, s)) in zip(particles, samples).enumerated() where s.alive {
            let cx = s.x * ppp, cy = s.y * ppp
            let px = Int(cx.rounded(.down)), py = Int(cy.rounded(.down))
            guard px >= 0, py >= 0, px < image.width, py < image.height else { continue }
            // The pixel centre is within 0.71 px of the piece centre; it is fully covered when
            // the half extents reach 0.5 px beyond that.
            guard min(s.apparentWidth, p.size.height) * 0.5 * ppp >= 1.25 else { continue }
            let alone = samples.indices.allSatisfy { j in
                j == i || !samples[j].alive
                    || ((samples[j].x * ppp - cx) * (samples[j].x * ppp - cx) + (samples[j].y * ppp - cy) * (samples[j].y * ppp - cy)).squareRoot() > radii[i] + radii[j]
            }
            guard alone else { continue }
            let pixel = image[px, py]
            let got = [Int(pixel.r), Int(pixel.g), Int(pixel.b)]
            let want = bytes(p.color)
            #expect(zip(got, want).allSatisfy { abs($0 - $1) <= 1 }, "piece \(i) at (\(px), \(py)): pixel \(got), colour \(want)")
            result.pieces += 1
            result.shapes.insert(p.shape)
        }

        let bg = bytes(background)
        for y in Swift.stride(from: 0, to: image.height, by: 5) {
            for x in Swift.stride(from: 0, to: image.width, by: 5) {
                let fx = Double(x) + 0.5, fy = Double(y) + 0.5
                let far = samples.indices.allSatisfy { j in
                    !samples[j].alive
                        || ((samples[j].x * ppp - fx) * (samples[j].x * ppp - fx) + (samples[j].y * ppp - fy) * (samples[j].y * ppp - fy)).squareRoot() > radii[j] + 1
                }
                guard far else { continue }
                if let r = excluding, fx >= (r.minX - 2) * ppp, fx <= (r.maxX + 2) * ppp, fy >= (r.minY - 2) * ppp, fy <= (r.maxY + 2) * ppp {
                    continue
                }
                let pixel = image[x, y]
                if [Int(pixel.r), Int(pixel.g), Int(pixel.b)] != bg {
                    Issue.record("background pixel (\(x), \(y)) is \(pixel), expected \(bg)")
                    return result
                }
                result.backgroundPixels += 1
            }
        }
        return result
    }
}
