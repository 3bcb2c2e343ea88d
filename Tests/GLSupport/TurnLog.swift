import Foundation
import Testing
import TestSupport

/// What the shared context's turns cost, for finding what holds the GL lane: with
/// `CONFETTI_GL_TURN_LOG=FILE`, every turn of `SharedGL.run` appends one line to FILE: the test,
/// the seconds it waited for the turn, held it (wall) and the holding thread's CPU seconds in it.
/// The sum of the held column is the run's GL critical path; CPU held is work that could have
/// run outside the lock. Without the variable nothing is measured or written.
enum TurnLog {
    static let path = ProcessInfo.processInfo.environment["CONFETTI_GL_TURN_LOG"]
    private static let lock = NSLock()

    struct Turn {
        let asked: ContinuousClock.Instant
        let began = ContinuousClock.now
        let cpu = TurnLog.path == nil ? 0 : ThreadCost.now().cpuSeconds

        init(asked: ContinuousClock.Instant) { self.asked = asked }

        /// Called on the thread that began the turn (the body does not suspend).
        func end() {
            guard let path = TurnLog.path else { return }
            let held = ContinuousClock.now - began, waited = began - asked
            let line = String(format: "%@\t%.4f\t%.4f\t%.4f\n", Test.current?.id.description ?? "?",
                              waited.seconds, held.seconds, ThreadCost.now().cpuSeconds - cpu)
            TurnLog.lock.withLock {
                if let handle = FileHandle(forWritingAtPath: path) ?? (FileManager.default.createFile(atPath: path, contents: nil) ? FileHandle(forWritingAtPath: path) : nil) {
                    handle.seekToEndOfFile()
                    handle.write(Data(line.utf8))
                    try? handle.close()
                }
            }
        }
    }
}

private extension Duration {
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) * 1e-18 }
}
