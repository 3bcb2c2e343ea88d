/// Seconds on `ContinuousClock` since the first reading in this process: the one clock the
/// frame loops, the sound thread, the resident overlay's deadlines and bench read, as a
/// `Double` since epochs and ages are seconds. Only differences of two readings mean anything.
package func monotonicSeconds() -> Double {
    (ContinuousClock.now - monotonicOrigin) / .seconds(1)
}

/// The first reading (a global, so made once, on first use, by any thread).
private let monotonicOrigin = ContinuousClock.now
