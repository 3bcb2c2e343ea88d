import Foundation
import Synchronization
import Testing
import TestSupport

/// The pool of heavy test work (`HeavySlot`): never more held than it has, a task's second take
/// shares its first, and a slot given back goes to the next waiter.
@Suite struct HeavySlotTests {
    final class Held: Sendable {
        let figures = Mutex((now: 0, most: 0, done: 0))
    }

    @Test func noMoreThanTheCountAreHeldAtOnceAndATaskTakesOneOnly() async {
        let held = Held()
        let tasks = HeavySlot.count * 3
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<tasks {
                group.addTask {
                    let slot = await HeavySlot.take()
                    // A second take in the same task (a fixture, then the binary run on it):
                    // shared, so it does not wait for a slot this task holds.
                    let again = await HeavySlot.take()
                    held.figures.withLock { $0.now += 1; $0.most = max($0.most, $0.now) }
                    try? await Task.sleep(for: .milliseconds(20))
                    held.figures.withLock { $0.now -= 1; $0.done += 1 }
                    again.release()
                    slot.release()
                    // Given back twice: nothing more happens.
                    slot.release()
                }
            }
        }
        let figures = held.figures.withLock { $0 }
        #expect(figures.done == tasks)
        #expect(figures.most >= 1 && figures.most <= HeavySlot.count, "\(figures.most) held at once, of \(HeavySlot.count)")
    }
}
