import ConfettiCore

/// What transform feedback reads back of spark.vert.glsl for a spark: its pose and life.
extension SparkKind: FeedbackSampling {
    package static let feedbackVaryings = ["vPose", "vLife"]
    package static let feedbackFloats = 7

    package static func sample(fromFeedback v: ArraySlice<Float>, age: Double) -> SparkSample {
        let v = Array(v.map(Double.init))
        return SparkSample(t: age, alive: v[5] == 1, x: v[0], y: v[1], angle: v[2], scale: v[3], opacity: v[4], eased: v[6])
    }
}
