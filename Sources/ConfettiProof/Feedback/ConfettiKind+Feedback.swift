import ConfettiCore

/// What transform feedback reads back of confetti.vert.glsl for a confetti piece: its pose, life and tint.
extension ConfettiKind: FeedbackSampling {
    package static let feedbackVaryings = ["vPose", "vLife", "vTint"]
    package static let feedbackFloats = 11

    package static func sample(fromFeedback v: ArraySlice<Float>, age: Double) -> ConfettiSample {
        let v = Array(v.map(Double.init))
        var sample = ConfettiSample(t: age, alive: v[5] == 1, x: v[0], y: v[1], rotation: v[2], apparentWidth: v[3], opacity: v[4], facing: v[6])
        (sample.red, sample.green, sample.blue, sample.size) = (v[7], v[8], v[9], v[10])
        return sample
    }
}
