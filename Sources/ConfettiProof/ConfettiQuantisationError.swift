import ConfettiCore
import FoundationEssentials
import Glibc

/// How far quantisation can move a confetti piece: bounds on |stored − spawned| for the pose
/// the shader computes, derived in docs/effects.md (Compact record) from the half-step bound of
/// each field and the closed form.
package struct ConfettiPoseError: Hashable, Sendable {
    /// Points.
    package var x = 0.0, y = 0.0
    /// Degrees.
    package var rotation = 0.0
    /// Points.
    package var apparentWidth = 0.0
}

extension ConfettiQuantisation {
    /// The bound at one clock time, for a piece the grids cover, where the spawned piece's own
    /// age is `t`: the stored piece is compared at its own age t′ = t + (b − b′) (its birth b′
    /// is within half a birth step of b), as the shader draws both at one clock.
    ///
    /// With δ each field's half step, δb the birth's, T = |t| + δb, m = t − δb,
    /// D = max |1 − e^(−drag·u)| over u ∈ [t − δb, t + δb], and k = drag:
    ///
    /// - x: δx0 + δvx·D/k + δA + |A|(T·δω + δφ) + δs·T² + δb·(|vx|·e^(−k·m) + |A·ω| + 2|s|·T)
    ///   + δb·D·(|w̄| + 2Σ|aₖ|) (the wind's dependence on the birth, `windReach`)
    /// - y: δy0 + δvy·D/k + δb·(|vy|·e^(−k·m) + |g|/k·D)
    /// - rotation: δr0 + δspin·T + δb·|spin|
    /// - apparent width: w·(S·(T·δω_flip + δφ_flip + δb·|ω_flip|) + |γ|·δb), with γ = (sizeAtDeath − 1)/lifetime
    ///   and S = |1 + γ·t| + |γ|·δb the largest size multiplier over the shifted ages
    ///
    /// The first terms are the same-age change of each term of the closed form (sin and
    /// max(0.15, |cos|) are 1-Lipschitz), the δb terms the spawned piece's speed over the
    /// shift of its age.
    package func poseError(_ p: ConfettiParticle, physics: ConfettiPhysics, age t: Double) -> ConfettiPoseError {
        func half(_ field: Field) -> Double { self[field].maxError }
        let k = physics.drag, db = half(.birth)
        let big = abs(t) + db, least = t - db
        let d = max(abs(-expm1(-k * (t - db))), abs(-expm1(-k * (t + db))))
        let decay = exp(-k * least)
        let a = p.flutterAmplitude, omega = p.flutterFrequency, s = p.spreadStrength
        var e = ConfettiPoseError()
        e.x = half(.x0) + half(.vx) * d / k + half(.flutterAmplitude) + abs(a) * (big * half(.flutterFrequency) + half(.flutterPhase))
            + half(.spread) * big * big
            + db * (abs(p.initialVelocity.x) * decay + abs(a * omega) + 2 * abs(s) * big)
            + db * d * windReach(physics.wind)
        e.y = half(.y0) + half(.vy) * d / k + db * (abs(p.initialVelocity.y) * decay + abs(physics.gravity) / k * d)
        e.rotation = half(.rotation0) + half(.spin) * big + db * abs(p.rotationSpeed)
        // Size over life, 1 + (s − 1)·t/lifetime, at the shifted age: at most its largest value
        // over the window times the flip's change, plus the full width times its own change.
        let growth = (physics.sizeAtDeath - 1) / physics.lifetime
        let size = abs(1 + growth * t) + abs(growth) * db
        e.apparentWidth = p.size.width * (size * (big * half(.flipFrequency) + half(.flipPhase) + db * abs(p.flipFrequency)) + abs(growth) * db)
        return e
    }

    /// How fast the wind part of x changes with the birth at a fixed clock time T, per unit of
    /// d: x_wind = −W(b)/k·(1 − e^(−k(T−b))) + ∫_b^T W(s) ds with W the steady velocity the
    /// wind drives, so ∂x_wind/∂b = −(1 − e^(−k(T−b)))·(W′(b)/k + W(b)); |W| ≤ |mean| + Σ|aₖ|
    /// and |W′|/k ≤ Σ|aₖ| (each gust's gain is |aₖ|·k/√(k² + ωₖ²)).
    func windReach(_ wind: Wind) -> Double {
        abs(wind.mean) + 2 * wind.gusts.reduce(0) { $0 + abs($1.amplitude) }
    }
}
