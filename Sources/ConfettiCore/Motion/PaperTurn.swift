import FoundationEssentials
import Glibc

/// How a confetti piece turns (docs/effects.md, Paper in 3D).
public enum SpinMode: String, CaseIterable, Sendable {
    /// The seed article's: the piece spins in the screen's plane at `rotationSpeed` and flips
    /// about its own height axis at `flipFrequency`, seen as its width scaled by the flip's cosine.
    case flip
    /// The piece turns about its own random axis in 3D at `rotationSpeed` (Rodrigues' formula),
    /// and is seen head-on: a parallelogram.
    case tumble
}

/// How light falls on a confetti piece: from its normal, per piece (the paper is flat).
public enum PaperShading: String, CaseIterable, Sendable {
    /// Unlit: every piece shows its colour whichever way it faces (the seed article).
    case none
    /// Diffuse: brightest facing the light, `ambient` edge-on or turned away.
    case matte
    /// Diffuse plus a specular glint that flashes white as the piece turns to face the light.
    case foil

    /// The unit vector towards the light: from the upper left, in front of the screen
    /// (x right, y down, z towards the viewer).
    package static let light: SIMD3<Double> = {
        let v = SIMD3<Double>(-0.4, -0.6, 0.7)
        return v / (v * v).sum().squareRoot()
    }()

    /// Brightness of a face the light does not reach, 0…1; 1 when unlit (so the colour is kept
    /// exactly).
    package var ambient: Double { self == .none ? 1 : 0.45 }
    /// How far the glint goes to white at its peak, 0…1.
    package var glint: Double { self == .foil ? 1 : 0 }
    /// The glint's exponent (Blinn–Phong): higher is a shorter flash.
    package static let shininess = 20.0
}

/// A piece's pose seen head-on: the screen images of its paper's unit axes and its normal.
///
/// A tumbling piece's orientation is the rotation by angle θ about its unit axis a (Rodrigues):
/// R w = w cos θ + (a × w) sin θ + a (a · w)(1 − cos θ), applied to the paper's width axis x̂,
/// height axis ŷ and normal ẑ. Projected onto the screen (dropping z), x̂ and ŷ become the
/// parallelogram's edge vectors `u` and `v`, whose determinant is the normal's z (`facing`).
/// So that a piece never vanishes edge-on (the seed's flip keeps 15% of its width), a piece
/// whose |facing| is below `PaperPose.thinnest` is drawn as if tilted back to it: only the
/// foreshortened direction (the normal's screen direction ĥ) is stretched,
/// w ↦ w − sign(n_z)(f − |n_z|)·w_z·n_xy / (1 − n_z²), f = `thinnest`, for w = R x̂ and R ŷ,
/// which leaves the determinant ±f.
package struct PaperPose: Hashable, Sendable {
    package var u: SIMD2<Double>
    package var v: SIMD2<Double>
    package var normal: SIMD3<Double>

    /// The least share of itself a piece shows edge-on.
    package static let thinnest = 0.15

    /// cos of the angle between the normal and the line of sight: below 0 the piece shows its back.
    package var facing: Double { normal.z }

    /// A unit axis from its azimuth (rad, about z from x) and polar angle (rad, from z).
    package static func axis(azimuth: Double, polar: Double) -> SIMD3<Double> {
        SIMD3(sin(polar) * cos(azimuth), sin(polar) * sin(azimuth), cos(polar))
    }

    /// `w` turned by `angle` (rad) about the unit `axis`.
    package static func turn(_ w: SIMD3<Double>, about axis: SIMD3<Double>, by angle: Double) -> SIMD3<Double> {
        let c = cos(angle), s = sin(angle)
        let across = SIMD3(axis.y * w.z - axis.z * w.y, axis.z * w.x - axis.x * w.z, axis.x * w.y - axis.y * w.x)
        return w * c + across * s + axis * ((axis * w).sum() * (1 - c))
    }

    /// A tumbling piece turned `angle` (rad) about `axis`.
    package static func tumbling(axis: SIMD3<Double>, angle: Double) -> PaperPose {
        let x = turn(SIMD3(1, 0, 0), about: axis, by: angle)
        let y = turn(SIMD3(0, 1, 0), about: axis, by: angle)
        let n = turn(SIMD3(0, 0, 1), about: axis, by: angle)
        var pose = PaperPose(u: SIMD2(x.x, x.y), v: SIMD2(y.x, y.y), normal: n)
        let tilt = abs(n.z)
        if tilt < thinnest {
            let side = n.z < 0 ? -1.0 : 1.0
            let stretch = side * (thinnest - tilt) / (1 - n.z * n.z)
            let across = SIMD2(n.x, n.y)
            pose.u -= across * (stretch * x.z)
            pose.v -= across * (stretch * y.z)
        }
        return pose
    }

    /// The normal of a flipping piece (`SpinMode.flip`) spun `rotation` (deg) in the screen's
    /// plane and flipped `flip` (rad) about its height axis: it leans along the turned width axis.
    package static func flippingNormal(rotation: Double, flip: Double) -> SIMD3<Double> {
        let r = rotation * .pi / 180, s = sin(flip)
        return SIMD3(s * cos(r), s * sin(r), cos(flip))
    }

    /// Brightness and glint (0…1 each) of the face a piece with unit `normal` shows, under `shading`.
    package static func light(_ normal: SIMD3<Double>, _ shading: PaperShading) -> (brightness: Double, glint: Double) {
        let shown = normal.z < 0 ? -normal : normal
        let l = PaperShading.light
        let diffuse = max((shown * l).sum(), 0)
        let h = (l + SIMD3(0, 0, 1)) / ((l + SIMD3(0, 0, 1)) * (l + SIMD3(0, 0, 1))).sum().squareRoot()
        let glint = shading.glint * pow(max((shown * h).sum(), 0), PaperShading.shininess)
        return (shading.ambient + (1 - shading.ambient) * diffuse, glint)
    }
}
