import ConfettiCore

/// What transform feedback reads back of star.vert.glsl for a star: its pose, life, tint and head.
extension StarKind: FeedbackSampling {
    package static let feedbackVaryings = ["vPose", "vLife", "vTint", "vHead"]
    package static let feedbackFloats = 14

    package static func sample(fromFeedback v: ArraySlice<Float>, age: Double) -> StarSample {
        let v = Array(v.map(Double.init))
        var sample = StarSample(t: age, alive: v[5] == 1, x: v[0], y: v[1], vx: v[2], vy: v[3], headX: v[12], headY: v[13],
                                radius: v[7], opacity: v[4], brightness: v[6])
        (sample.red, sample.green, sample.blue) = (v[8], v[9], v[10])
        return sample
    }
}
