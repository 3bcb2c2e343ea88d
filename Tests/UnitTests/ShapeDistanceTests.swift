import ConfettiCore
import Foundation
import Testing
import TestSupport

/// The CPU's shape distances (the twins of `Shaders/shapes.glsl`) against geometry worked out
/// by hand: where the edge is, how far a point is from it, and on which side.
@Suite(.tags(.math)) struct ShapeDistanceTests {
    let h = SIMD2(10.0, 10.0)

    @Test func aCircleIsMeasuredExactly() {
        for (point, want) in [(SIMD2(0.0, 13.0), 3.0), (SIMD2(-6.0, 8.0), 0.0), (SIMD2(0.0, 4.0), -6.0)] {
            #expect(abs(ShapeDistance.ellipse(point, semiAxes: h) - want) < 1e-12, "\(point)")
        }
    }

    @Test func theTrianglesDistanceIsExactOnEachSide() {
        // Apex (0, -10), base y = 10: below the base, 5 pt; the centre is 100/√500 from the
        // slanted sides (their normal through (0, -10) and (10, 10)) and 10 from the base.
        #expect(abs(ShapeDistance.triangle(SIMD2(3, 15), halfSize: h) - 5) < 1e-12)
        #expect(abs(ShapeDistance.triangle(.zero, halfSize: h) + 100 / 500.0.squareRoot()) < 1e-12)
        // Beyond the apex the nearest point is the apex itself.
        #expect(abs(ShapeDistance.triangle(SIMD2(0, -14), halfSize: h) - 4) < 1e-12)
        // Squashed by a flip, the corners move with the box: the base still spans ±3.
        #expect(abs(ShapeDistance.triangle(SIMD2(7, 10), halfSize: SIMD2(3, 10)) - 4) < 1e-12)
    }

    @Test func theStarsTipsAndNotchesLieOnItsEdge() {
        for corner in ShapeDistance.unitStar {
            #expect(abs(ShapeDistance.star(corner * h, halfSize: h)) < 1e-12)
        }
        // Straight above the top tip, and straight below the notch between the lower legs.
        #expect(abs(ShapeDistance.star(SIMD2(0, -0.9045085 * 10 - 3), halfSize: h) - 3) < 1e-9)
        #expect(ShapeDistance.star(.zero, halfSize: h) < -3)
        // Between two legs, outside though nearer the centre than a tip.
        #expect(ShapeDistance.star(SIMD2(0, 7), halfSize: h) > 0)
        // The five tips are equally far from the unit circle's centre.
        let centre = SIMD2(0, 0.0954915)
        for tip in stride(from: 0, to: 10, by: 2) {
            let r = ShapeDistance.unitStar[tip] - centre
            #expect(abs((r * r).sum().squareRoot() - 1) < 1e-6)
        }
    }

    @Test func theHeartIsSymmetricWithItsTipAndLobesOnTheEdge() {
        #expect(abs(ShapeDistance.heart(SIMD2(0, 9.142136), halfSize: h)) < 1e-5, "tip")
        #expect(abs(ShapeDistance.heart(SIMD2(4.142136, -9.142135), halfSize: h)) < 1e-5, "top of a lobe")
        #expect(abs(ShapeDistance.heart(SIMD2(-10, -3.284271), halfSize: h)) < 1e-5, "side of a lobe")
        #expect(ShapeDistance.heart(SIMD2(0, -2), halfSize: h) < 0, "between the lobes, below their dip")
        #expect(ShapeDistance.heart(SIMD2(0, -9), halfSize: h) > 0, "above the dip")
        for p in [SIMD2(3.0, 4.0), SIMD2(8.0, -6.0), SIMD2(1.0, 12.0)] {
            #expect(ShapeDistance.heart(p, halfSize: h) == ShapeDistance.heart(SIMD2(-p.x, p.y), halfSize: h))
        }
    }

    @Test func aStillRibbonIsARectangleAndAWavingOneFollowsItsCentreline() {
        let half = SIMD2(3.0, 20.0)
        let flat = ShapeDistance.ribbon(SIMD2(5, -25), halfSize: half, wave: .zero)
        #expect(flat == SIMD2(2, 5))
        // A = 4, k = π/10, phase π/2: the centreline is at x = 4 at y = 0 (a crest, slope 0),
        // and at x = 0 with slope -A·k at y = 5.
        let wave = SIMD3(4, Double.pi / 10, Double.pi / 2)
        let crest = ShapeDistance.ribbon(SIMD2(4 + 3, 0), halfSize: half, wave: wave)
        #expect(abs(crest.x) < 1e-12)
        let slope = 4 * Double.pi / 10
        let across = ShapeDistance.ribbon(SIMD2(1, 5), halfSize: half, wave: wave)
        #expect(abs(across.x - (1 / (1 + slope * slope).squareRoot() - 3)) < 1e-12)
        #expect(ShapeDistance.ribbon(SIMD2(4, 0), halfSize: half, wave: wave).x == -3)
    }

    @Test func aRibbonsQuadHoldsItsWholeStrip() {
        // The strip reaches at most (half width + margin)·√(1 + (A k)²) beyond a centreline
        // that swings by A: every point farther out must be outside the strip.
        let wave = SIMD3(6.0, 2 * Double.pi / 15, 0.7)
        var quad = DrawnQuad(alive: true, centre: Point(0, 0), angle: 0, halfSize: SIMD2(4, 30), shape: .ribbon, color: SIMD4(1, 1, 1, 1))
        quad.wave = wave
        let reach = quad.reach(pixelsPerPoint: 1)
        for y in stride(from: -30.0, through: 30, by: 0.25) {
            for x in [reach.x, -reach.x] {
                #expect(ShapeDistance.ribbon(SIMD2(x, y), halfSize: quad.halfSize, wave: wave).x >= 1 - 1e-12, "(\(x), \(y))")
            }
        }
    }
}
