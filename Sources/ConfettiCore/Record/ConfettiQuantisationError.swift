import Foundation

/// How far quantisation can move a confetti piece: bounds on |stored − spawned| for the pose
/// the shader computes, derived in docs/effects.md (Compact record) from the half-step bound of
/// each field and the closed form.
public struct ConfettiPoseError: Hashable, Sendable {
    /// Points.
    public var x = 0.0, y = 0.0
    /// Degrees.
    public var rotation = 0.0
    /// Points.
    public var apparentWidth = 0.0
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
    /// - y: δy0 + δvy·D/k + δb·(|vy|·e^(−k·m) + |g|/k·D)
    /// - rotation: δr0 + δspin·T + δb·|spin|
    /// - apparent width: w·(T·δω_flip + δφ_flip + δb·|ω_flip|)
    ///
    /// The first terms are the same-age change of each term of the closed form (sin and
    /// max(0.15, |cos|) are 1-Lipschitz), the δb terms the spawned piece's speed over the
    /// shift of its age.
    public func poseError(_ p: ConfettiParticle, physics: ConfettiPhysics, age t: Double) -> ConfettiPoseError {
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
        e.y = half(.y0) + half(.vy) * d / k + db * (abs(p.initialVelocity.y) * decay + abs(physics.gravity) / k * d)
        e.rotation = half(.rotation0) + half(.spin) * big + db * abs(p.rotationSpeed)
        e.apparentWidth = p.size.width * (big * half(.flipFrequency) + half(.flipPhase) + db * abs(p.flipFrequency))
        return e
    }
}
