import ConfettiCore

/// The sound of a celebration's launches as samples, for an app that plays them through its
/// own audio (SDL, GStreamer, PipeWire) in step with its frames: what `fire` hears is kept on
/// the celebration's clock and synthesised on demand, the same samples for the same calls.
extension Celebration {
    /// The rates `audio` synthesises at, in frames per second.
    public static let audioRates = 8_000...384_000
    /// The longest stretch one `audio` call gives: 60 s.
    public static let maxAudioSeconds = 60
    /// Sound that ended this long before the newest launch is forgotten (`audio` is silent there).
    public static let keptAudioSeconds = 60.0

    /// `frames` stereo frames (interleaved left, right; floats within ±0.891, −1 dBFS) of the
    /// sound the launches make, frame i at time `start + i / sampleRate` in the clock `fire` was
    /// given. The synthesis runs at 48 kHz; another rate is interpolated linearly. Asking again
    /// for the same stretch gives the same samples, in any order of calls.
    public func audio(from start: Double, sampleRate: Int, frames: Int) throws -> [Float] {
        guard start.isFinite, start >= 0 else { throw CelebrationError("the audio's start must be a time ≥ 0 in seconds, not \(start)") }
        guard Self.audioRates.contains(sampleRate) else {
            throw CelebrationError("the sample rate must be \(Self.audioRates.lowerBound) to \(Self.audioRates.upperBound) frames per second, not \(sampleRate)")
        }
        guard frames >= 0, frames <= sampleRate * Self.maxAudioSeconds else {
            throw CelebrationError("one call gives 0 to \(sampleRate * Self.maxAudioSeconds) frames (\(Self.maxAudioSeconds) s at \(sampleRate) Hz), not \(frames)")
        }
        guard frames > 0 else { return [] }
        let source = Double(SoundTrack.sampleRate)
        func position(_ i: Int) -> Double { (start + Double(i) / Double(sampleRate)) * source }
        let base = Int(position(0).rounded(.down))
        let window = soundPlayer.render(from: base, count: Int(position(frames - 1).rounded(.down)) - base + 2)
        var out = [Float](repeating: 0, count: frames * SoundTrack.channels)
        for i in 0..<frames {
            let p = position(i) - Double(base)
            let j = Int(p.rounded(.down))
            let w = p - Double(j)
            for c in 0..<SoundTrack.channels {
                out[2 * i + c] = Float(window[2 * j + c] * (1 - w) + window[2 * (j + 1) + c] * w)
            }
        }
        return out
    }
}
