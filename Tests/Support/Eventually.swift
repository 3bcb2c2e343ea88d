import Foundation

/// Polls `condition` every 50 ms for up to `seconds`, sleeping in between without holding a
/// thread; whether it came true. The tests' one way to wait for something to happen: what they
/// wait for is an event (a line printed, a pixel seen, a file written, an exit), and `seconds`
/// is a stall guard, generous enough for a machine busy with other work.
package func eventually(within seconds: Double, _ condition: () async throws -> Bool) async rethrows -> Bool {
    let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
    while ContinuousClock.now < deadline {
        if try await condition() { return true }
        try? await Task.sleep(for: .milliseconds(50))
    }
    return try await condition()
}
