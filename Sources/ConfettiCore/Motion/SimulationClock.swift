/// The viewer's clock: seconds of animation, which run at `speed`, can pause, and can be stepped
/// either way. Rewinding is exact because every particle is a pure function of time.
package struct SimulationClock: Sendable {
    package private(set) var time: Double = 0
    package private(set) var speed: Double = 1
    package var isPaused = false

    package static let speeds: ClosedRange<Double> = 1.0 / 16...16
    /// One step of ← or →: a frame at 60 Hz.
    package static let step = 1.0 / 60

    package init(time: Double = 0) {
        self.time = time
    }

    /// Moves on by `seconds` of wall time, scaled by the speed, unless paused.
    package mutating func advance(wall seconds: Double) {
        guard !isPaused, seconds > 0 else { return }
        time += seconds * speed
    }

    /// Steps `count` frames forwards (or backwards, when negative), paused or not.
    package mutating func step(_ count: Int) {
        time += Double(count) * Self.step
    }

    package mutating func slowDown() { speed = max(speed / 2, Self.speeds.lowerBound) }
    package mutating func speedUp() { speed = min(speed * 2, Self.speeds.upperBound) }
}
