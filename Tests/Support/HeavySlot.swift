import Foundation
import Synchronization

/// A place in the bounded pool of heavy test work: a compositor or desktop session, an X
/// server and what runs on it (a toolkit's client, the viewer, an overlay, a child test
/// process), a long render. At most `count` are held at once, so that the machine runs what it
/// has cores for and every test that waits for a picture, a frame or a line is not starved by
/// dozens of others.
///
/// The fixtures take one themselves (`XServer.start`, Xorg's dummy, `Weston`, `Sway`, `KWin`,
/// `Mutter`, `GnomeShell`) and give it back when they stop: a new test that uses them is in
/// the pool without a word. A test that runs heavy work of its own (a long render it watches)
/// holds one around it (`take`, `holding`). Within one task a slot is taken once: a test that
/// starts an X server and then a render on it holds one slot, not two (a second slot awaited
/// while holding the first could wait forever).
///
/// `CONFETTI_TEST_SLOTS=N` sets the count (default: the cores, at least 2). With
/// `CONFETTI_TEST_SLOT_DIR=DIR` (the Makefile's `test` sets it) the slots are also files in DIR,
/// each held with flock, so that test processes started side by side (a child test process, a
/// second run) share the one pool.
package final class HeavySlot: Sendable {
    /// How many may be held at once.
    package static let count: Int = {
        if let text = ProcessInfo.processInfo.environment["CONFETTI_TEST_SLOTS"], let n = Int(text), n > 0 { return n }
        return max(2, ProcessInfo.processInfo.activeProcessorCount)
    }()

    private static let directory: String? = {
        guard let dir = ProcessInfo.processInfo.environment["CONFETTI_TEST_SLOT_DIR"], !dir.isEmpty else { return nil }
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }()

    private struct Holder {
        var count: Int
        var descriptor: Int32?
    }

    private struct Pool {
        var free: Int = HeavySlot.count
        var waiting: [CheckedContinuation<Void, Never>] = []
        /// By task: how many leases it holds, and the slot file it locked.
        var holders: [Int: Holder] = [:]
    }

    private static let pool = Mutex(Pool())

    private let task: Int
    private let released = Mutex(false)

    private init(task: Int) { self.task = task }

    /// Takes a slot for the calling task (or shares the one it holds), waiting without holding
    /// a thread while all are taken. Give it back with `release`.
    package static func take() async -> HeavySlot {
        let task = withUnsafeCurrentTask { $0?.hashValue } ?? 0
        let shared = pool.withLock { pool in
            guard pool.holders[task] != nil else { return false }
            pool.holders[task]!.count += 1
            return true
        }
        if shared { return HeavySlot(task: task) }
        await withCheckedContinuation { (turn: CheckedContinuation<Void, Never>) in
            let now = pool.withLock { pool in
                if pool.free > 0 {
                    pool.free -= 1
                    return true
                }
                pool.waiting.append(turn)
                return false
            }
            if now { turn.resume() }
        }
        let descriptor = await lockAnySlotFile()
        pool.withLock { $0.holders[task] = Holder(count: 1, descriptor: descriptor) }
        return HeavySlot(task: task)
    }

    /// `body` holding a slot.
    package static func holding<T>(_ body: () async throws -> T) async rethrows -> T {
        let slot = await take()
        defer { slot.release() }
        return try await body()
    }

    /// Gives the slot back (once; a second call does nothing): the task's last lease frees it
    /// for the next waiter.
    package func release() {
        guard released.withLock({ let was = $0; $0 = true; return !was }) else { return }
        let next = Self.pool.withLock { pool -> CheckedContinuation<Void, Never>?? in
            guard var holder = pool.holders[task] else { return nil }
            holder.count -= 1
            if holder.count > 0 {
                pool.holders[task] = holder
                return nil
            }
            pool.holders[task] = nil
            if let descriptor = holder.descriptor { close(descriptor) }
            if pool.waiting.isEmpty {
                pool.free += 1
                return .some(nil)
            }
            return .some(pool.waiting.removeFirst())
        }
        if let next, let next { next.resume() }
    }

    deinit { release() }

    /// One of the slot files locked (nil without a slot directory): tried in turn without
    /// blocking, and again every 100 ms while other processes hold them all.
    private static func lockAnySlotFile() async -> Int32? {
        guard let directory else { return nil }
        while true {
            for index in 0..<count {
                // O_CLOEXEC: a child spawned meanwhile must not inherit the lock and keep it.
                let descriptor = open("\(directory)/slot-\(index)", O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
                guard descriptor >= 0 else { return nil }
                if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { return descriptor }
                close(descriptor)
            }
            try? await Task.sleep(for: .milliseconds(100))
        }
    }
}
