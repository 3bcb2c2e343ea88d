import ConfettiCore
import Foundation
import Testing
import TestSupport

/// Paper in 3D on the CPU: a tumbling piece's pose is a rotation seen head-on (Rodrigues), never
/// thinner than `PaperPose.thinnest`; its axis is uniform on the sphere; the light brightens the
/// face turned to it and foil glints white; a piece's back shows its own colour.
@Suite(.tags(.math)) struct PaperTurnTests {
    let viewport = Size(width: 800, height: 600)

    static func tumbling(_ burst: ConfettiSection = .standard, shading: PaperShading = .none) -> ConfettiSection {
        var burst = burst
        burst.physics.spinMode = .tumble
        burst.physics.shading = shading
        burst.rotationSpeed = 200...700
        return burst
    }

    @Test func aTumblingPoseIsARotationSeenHeadOnAndNeverThinnerThanItsFloor() {
        var rng = SeededGenerator(seed: 5)
        var floored = 0
        for _ in 0..<5_000 {
            let axis = PaperPose.axis(azimuth: rng.uniform(0, 2 * .pi), polar: acos(rng.uniform(-1, 1)))
            let angle = rng.uniform(-20, 20)
            let pose = PaperPose.tumbling(axis: axis, angle: angle)
            // The axis is the one direction the turn leaves alone, and the normal stays a unit vector.
            #expect(simd_distance(PaperPose.turn(axis, about: axis, by: angle), axis) < 1e-12)
            #expect(abs((pose.normal * pose.normal).sum() - 1) < 1e-12)
            let det = pose.u.x * pose.v.y - pose.u.y * pose.v.x
            if abs(pose.facing) >= PaperPose.thinnest {
                // Unfloored, the paper's axes are the rotation's first two columns, projected.
                let x = PaperPose.turn(SIMD3(1, 0, 0), about: axis, by: angle)
                #expect(simd_distance(pose.u, SIMD2(x.x, x.y)) < 1e-12)
                #expect(abs(det - pose.facing) < 1e-12, "the parallelogram's area is the normal's z")
            } else {
                floored += 1
                #expect(abs(abs(det) - PaperPose.thinnest) < 1e-12 && (det < 0) == (pose.facing < 0), "edge-on: drawn at the floor, on its own side")
            }
            // A turn by a whole revolution more is the same pose.
            let again = PaperPose.tumbling(axis: axis, angle: angle + 2 * .pi)
            #expect(simd_distance(again.u, pose.u) < 1e-9 && simd_distance(again.v, pose.v) < 1e-9)
        }
        #expect(floored > 300, "edge-on poses are met (\(floored))")
        let still = PaperPose.tumbling(axis: PaperPose.axis(azimuth: 1, polar: 2), angle: 0)
        #expect(still.u == SIMD2(1, 0) && still.v == SIMD2(0, 1) && still.normal == SIMD3(0, 0, 1), "unturned, the paper faces the viewer")
    }

    @Test func aTumblingBurstDrawsAxesUniformOnTheSphereAndTurnsAtItsSpin() {
        let burst = Self.tumbling()
        let pieces = (0..<40).flatMap { burst.spawn(in: viewport, seed: UInt64($0)) }
        let axes = pieces.map { PaperPose.axis(azimuth: $0.tumbleAzimuth, polar: $0.tumblePolar) }
        let n = Double(axes.count)
        let mean = axes.reduce(SIMD3<Double>.zero, +) / n
        // Uniform on the sphere: each coordinate averages 0 and |z| averages 1/2.
        #expect(abs(mean.x) < 0.06 && abs(mean.y) < 0.06 && abs(mean.z) < 0.06, "\(mean)")
        #expect(abs(axes.map { abs($0.z) }.reduce(0, +) / n - 0.5) < 0.04)
        // The turn is rotation0 + spin·t about the axis (degrees).
        let p = pieces[7]
        for t in [0.0, 0.3, 1.1] {
            let s = burst.physics.evaluate(p, at: t)
            let pose = PaperPose.tumbling(axis: axes[7], angle: (p.initialRotation + p.rotationSpeed * t) * .pi / 180)
            #expect(s.pose == pose && s.facing == pose.facing)
            #expect(abs(s.apparentWidth - p.size.width * (pose.u * pose.u).sum().squareRoot()) < 1e-12)
        }
    }

    @Test func aTumbleOrBackColoursLeaveTheFlipsDrawsAlone() {
        // The seed's flip draws as before; a tumble replaces only the flip's two fields, and back
        // colours draw once more at the end of each piece.
        var backed = ConfettiSection.standard
        backed.physics.backColors = [.red, .blue]
        let flip = ConfettiSection.standard.spawn(in: viewport, seed: 9)
        let tumble = Self.tumbling(.standard).spawn(in: viewport, seed: 9)
        #expect(flip.count == tumble.count)
        #expect(flip[0].initialPosition == tumble[0].initialPosition && flip[0].color == tumble[0].color)
        #expect(flip[0].flipPhase != tumble[0].flipPhase)
        let pieces = backed.spawn(in: viewport, seed: 9)
        #expect(pieces[0].initialPosition == flip[0].initialPosition)
        #expect(Set(pieces.map(\.backColor)) == [1, 2], "each back takes one of the colours")
        #expect(flip.allSatisfy { $0.backColor == 0 })
    }

    @Test func unlitPaperKeepsItsColourExactlyAndLightBrightensTheFaceTurnedToIt() {
        let light = PaperShading.light
        let facingLight = PaperPose.light(light, .matte)
        let edgeOn = PaperPose.light(SIMD3(light.y, -light.x, 0) / (light.x * light.x + light.y * light.y).squareRoot(), .matte)
        #expect(abs(facingLight.brightness - 1) < 1e-12 && facingLight.glint == 0)
        #expect(abs(edgeOn.brightness - PaperShading.matte.ambient) < 1e-12)
        // Either face: a piece turned over shows its other side to the same light.
        #expect(PaperPose.light(-light, .matte) == facingLight)
        for normal in [SIMD3<Double>(0, 0, 1), light, SIMD3(0.6, 0, -0.8)] {
            #expect(PaperPose.light(normal, .none) == (1, 0), "unlit: brightness exactly 1, no glint")
        }
        // Foil flashes white where its normal is halfway between the light and the viewer.
        let halfway = (light + SIMD3(0, 0, 1)) / ((light + SIMD3(0, 0, 1)) * (light + SIMD3(0, 0, 1))).sum().squareRoot()
        #expect(abs(PaperPose.light(halfway, .foil).glint - 1) < 1e-12)
        #expect(PaperPose.light(SIMD3(0, 0, 1), .foil).glint < 0.25, "facing the viewer, it only gleams")
    }

    @Test func foilGlintsWhiteAndABackShowsItsOwnColour() {
        var burst = Self.tumbling(shading: .foil)
        burst.physics.backColors = [RGB(hex: 0x00FF00)]
        burst.colors = [RGB(hex: 0xFF0000)]
        var glints = 0, backs = 0
        for p in burst.spawn(in: viewport, seed: 4) {
            for t in stride(from: 0.0, to: 1.5, by: 0.01) {
                let s = burst.physics.evaluate(p, at: t)
                let normal = s.pose!.normal
                let light = PaperPose.light(normal, .foil)
                let face = s.facing < 0 ? SIMD3<Double>(0, 1, 0) : SIMD3(1, 0, 0)
                let lit = face * light.brightness
                #expect(simd_distance(s.shown, lit + (1 - lit) * light.glint) < 1e-12)
                if light.glint > 0.9 { glints += 1; #expect(s.shown.min() > 0.85, "a glint is nearly white") }
                if s.facing < 0 { backs += 1 }
            }
        }
        #expect(glints > 5 && backs > 300, "glints \(glints), backs \(backs)")
    }

    @Test func theRecordKeepsABackColourAboveTheShape() {
        var burst = ConfettiSection.mixedShapes
        burst.shapes = ConfettiShape.allCases
        burst.count = 200
        burst.physics.backColors = Array(repeating: RGB.red, count: ConfettiPhysics.maxBackColors)
        let pieces = burst.spawn(in: viewport, seed: 2)
        let physics = ConfettiKind.fitted(burst.physics, to: pieces)
        for p in pieces {
            let stored = ConfettiKind.stored(p, uniforms: physics)
            #expect(stored.shape == p.shape && stored.backColor == p.backColor)
        }
        #expect(Set(pieces.map(\.backColor)).count == ConfettiPhysics.maxBackColors)
    }

    private func simd_distance<V: SIMD>(_ a: V, _ b: V) -> Double where V.Scalar == Double {
        let d = a - b
        return (d * d).sum().squareRoot()
    }
}
