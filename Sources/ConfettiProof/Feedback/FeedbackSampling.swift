import ConfettiCore

/// How the proof reads a kind's vertex shader back: the outputs transform feedback captures
/// and the sample they make. Only the proof needs it, so it lives here, outside the library an
/// app embeds; each kind conforms in its own file beside this one.
package protocol FeedbackSampling: ParticleKind {
    /// The vertex outputs transform feedback captures, interleaved, and how many floats they are.
    static var feedbackVaryings: [String] { get }
    static var feedbackFloats: Int { get }
    /// A sample from the floats the shader wrote for one particle at `age`. The shader writes
    /// its alive flag as exactly 1 or 0; a sample reads only exactly 1 as alive, so a flag the
    /// shader got wrong (2, 0.5) shows as a disagreement instead of passing as "more than half".
    static func sample(fromFeedback values: ArraySlice<Float>, age: Double) -> Sample
}

extension ParticleKind {
    /// The kind as the proof reads it back. Every registered kind conforms
    /// (`FeedbackSamplingTests`), so a kind without it is caught before any proof runs.
    package static var feedbackSampling: any FeedbackSampling.Type {
        guard let kind = self as? any FeedbackSampling.Type else {
            preconditionFailure("\(Self.self) does not conform to FeedbackSampling: the proof cannot read its shader back")
        }
        return kind
    }
}
