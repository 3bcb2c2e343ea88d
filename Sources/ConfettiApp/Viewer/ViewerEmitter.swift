import ConfettiCore
import ConfettiGL

/// The continuous emitter (E): a stream of confetti launched in chunks of `Viewer.emitterChunk`
/// seconds, each born where the last one ended, so the births run on without a gap until it is
/// stopped. It decides when each chunk is due; the viewer that owns it launches them.
struct ViewerEmitter {
    /// While on, when its next chunk of stream starts (animation seconds).
    private(set) var nextChunk: Double?

    var isOn: Bool { nextChunk != nil }

    /// Starts the stream at `time`, or stops it (what it launched plays out).
    mutating func toggle(at time: Double) {
        nextChunk = isOn ? nil : time
    }

    mutating func stop() {
        nextChunk = nil
    }

    /// When each chunk due by `time` starts, in order. They count as launched from now on.
    mutating func takeDueChunks(at time: Double) -> [Double] {
        guard var next = nextChunk else { return [] }
        // After stepping back in time, start again from now rather than catch up.
        if next > time + Viewer.emitterChunk { next = time }
        var due: [Double] = []
        while time >= next {
            due.append(next)
            next += Viewer.emitterChunk
        }
        nextChunk = next
        return due
    }
}

extension Viewer {
    /// Seconds of stream each emitter chunk holds; a chunk starts where the last one ended.
    package static let emitterChunk = 0.5

    /// Whether the continuous emitter is on.
    package var isEmitting: Bool { emitter.isOn }

    /// E: starts the emitter now, or stops it (what it launched plays out).
    package func toggleEmitter() {
        emitter.toggle(at: clock.time)
        updateTitle()
    }

    /// The stream the emitter repeats in chunks: the effect's own when it is a stream (a
    /// rate above 0), else the rain preset's.
    package var emitterStream: ConfettiSection {
        let rain = options.overrides.reducedMotion ? Effect.rain.reducedMotion : Effect.rain
        var stream = options.effect.confetti.emission.rate > 0 ? options.effect.confetti : rain.confetti
        stream.emission.duration = Self.emitterChunk
        return stream
    }

    /// Launches the emitter's chunks due by now. Called once a frame; the ring reuses the
    /// places of the dead.
    package func feedEmitter() throws {
        guard emitter.isOn, !clock.isPaused else { return }
        let stream = emitterStream
        try Budget.launch(Effect(kind: .confetti, confetti: stream), .effect(.confetti), capacity: options.capacity)
        for start in emitter.takeDueChunks(at: clock.time) {
            try launch(stream, at: start)
        }
    }
}
