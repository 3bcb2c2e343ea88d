import ConfettiCore
import Glibc
import Synchronization

/// The effect documents of fire requests, made off the drawing thread. Making one decodes its
/// PNG files and draws its emoji and text, which takes as long as its files make it (64 noisy
/// 4096² pictures: half a minute), so each is made on a thread of its own, one at a time in the
/// order they came, while the overlay goes on drawing and answering. One not made within
/// `budget` seconds of its request is refused and never played: its thread is told to stop (at
/// its next picture, `Sprite.Source.making(abandonedWhen:_:)`) and what it makes is thrown away. A plain
/// POSIX thread that ends with its job, not Swift's task pool: that pool's threads, once
/// started, would wake the idle overlay every second. The budget is well inside
/// what `confetti fire` waits (`ResidentFire.stallGuard`), so every fire hears accepted or
/// refused. Pictures decoded once are kept (`PNGSprite`'s cache), so a file fired again is
/// not decoded again.
package final class ResidentEffects {
    /// One request whose effect is to be made.
    package struct Job: Sendable {
        package var client: Int
        package var pid: pid_t
        package var fire: ResidentRequest.Fire
        /// When its line came, `monotonicSeconds()`.
        package var received: Double
    }

    /// What became of a job.
    package enum Outcome {
        case made(Job, Effect, name: String)
        case refused(Job, String)
    }

    /// Seconds from a request to its effect made, at most.
    package let budget: Double
    private var waiting: [Job] = []
    private var running: (job: Job, serial: Int, abandoned: Flag)?

    /// Set when the overlay gives up on a job.
    private final class Flag: Sendable {
        let raised = Atomic<Bool>(false)
    }
    private var serial = 0
    /// Effects made by tasks, by serial: handed back on the drawing thread by `collect`.
    private let made = Made()

    private final class Made: Sendable {
        let results = Mutex<[(serial: Int, result: Result<(Effect, String), ResidentError>)]>([])
    }
    /// Written when a task ends: `descriptor` wakes the overlay's poll.
    private let wake: (read: Int32, write: Int32)

    /// What `budget` is unless `$CONFETTI_PICTURE_BUDGET` says.
    package static let defaultBudget = 20.0

    /// `$CONFETTI_PICTURE_BUDGET` if set (a positive number of seconds, well under what
    /// `confetti fire` waits), else the default.
    package static func budget(environment: [String: String]) throws -> Double {
        guard let text = environment["CONFETTI_PICTURE_BUDGET"], !text.isEmpty else { return defaultBudget }
        guard let seconds = Double(text), seconds.isFinite, seconds > 0, seconds < ResidentFire.stallGuard else {
            throw OptionRefusal("$CONFETTI_PICTURE_BUDGET is '\(printable(text, limit: 40))': it is how many seconds the resident overlay gives a request to make its pictures, a number above 0 and below \(ResidentFire.stallGuard.compactText) (default \(defaultBudget.compactText))")
        }
        return seconds
    }

    package init(budget: Double = ResidentEffects.defaultBudget) throws {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            throw ResidentError("cannot make a pipe for the resident overlay's picture decoding: \(UnixSocket.reason())")
        }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            UnixSocket.setNonBlocking(end)
        }
        wake = (ends[0], ends[1])
        self.budget = budget
    }

    deinit {
        running?.abandoned.raised.store(true, ordering: .relaxed)
        Glibc.close(wake.read)
        Glibc.close(wake.write)
    }

    /// Readable when a task has ended: for the overlay's poll.
    package var descriptor: Int32 { wake.read }

    /// Jobs waiting or running.
    package var count: Int { waiting.count + (running == nil ? 0 : 1) }

    /// The time the oldest job runs out, if any: the overlay wakes then to refuse it.
    package var nextDeadline: Double? {
        (waiting.map(\.received) + [running?.job.received].compactMap { $0 }).min().map { $0 + budget }
    }

    /// Takes a request whose effect is to be made.
    package func add(_ job: Job) {
        waiting.append(job)
        startNext()
    }

    /// What has become of jobs since the last call: the effects made, and the jobs refused
    /// (their effect could not be made, or not within `budget` of `now`).
    package func collect(now: Double) -> [Outcome] {
        var buffer = [UInt8](repeating: 0, count: 64)
        while Glibc.read(wake.read, &buffer, buffer.count) > 0 {}
        var outcomes: [Outcome] = []
        let results = made.results.withLock { results in
            defer { results = [] }
            return results
        }
        for result in results {
            guard let running, running.serial == result.serial else { continue }
            self.running = nil
            switch result.result {
            case .success(let (effect, name)) where now - running.job.received <= budget:
                outcomes.append(.made(running.job, effect, name: name))
            case .success:
                outcomes.append(.refused(running.job, overBudget))
            case .failure(let error):
                outcomes.append(.refused(running.job, error.description))
            }
        }
        if let running, now - running.job.received > budget {
            running.abandoned.raised.store(true, ordering: .relaxed)
            self.running = nil
            outcomes.append(.refused(running.job, overBudget))
        }
        let late = waiting.filter { now - $0.received > budget }
        waiting.removeAll { now - $0.received > budget }
        outcomes += late.map { .refused($0, overBudget) }
        startNext()
        return outcomes
    }

    private var overBudget: String {
        "its effect's pictures were not made within \(budget.compactText) s (large or many PNG files, or the overlay busy with others): nothing was played; give smaller pictures, or fire again"
    }

    private func startNext() {
        guard running == nil, !waiting.isEmpty else { return }
        let job = waiting.removeFirst()
        serial += 1
        let serial = serial, made = made, wakeUp = wake.write, abandoned = Flag()
        let started = Self.detachedThread {
            let result = Sprite.Source.making(abandonedWhen: { abandoned.raised.load(ordering: .relaxed) }) {
                Result { try ResidentOverlay.effect(of: job.fire.source) }.mapError { ResidentError(ResidentOverlay.words(for: $0)) }
            }
            made.results.withLock { $0.append((serial, result)) }
            var byte: UInt8 = 1
            _ = Glibc.write(wakeUp, &byte, 1)
        }
        guard started else {
            made.results.withLock { $0.append((serial, .failure(ResidentError("cannot start a thread to make its pictures: \(UnixSocket.reason())")))) }
            var byte: UInt8 = 1
            _ = Glibc.write(wakeUp, &byte, 1)
            running = (job, serial, abandoned)
            return
        }
        running = (job, serial, abandoned)
    }

    /// Runs `body` on a new detached POSIX thread; false when none could be started.
    private static func detachedThread(_ body: @escaping @Sendable () -> Void) -> Bool {
        final class Body { let run: @Sendable () -> Void; init(_ run: @escaping @Sendable () -> Void) { self.run = run } }
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        var thread = pthread_t()
        let status = pthread_create(&thread, nil, { context in
            Unmanaged<Body>.fromOpaque(context!).takeRetainedValue().run()
            return nil
        }, context)
        guard status == 0 else {
            Unmanaged<Body>.fromOpaque(context).release()
            errno = status
            return false
        }
        pthread_detach(thread)
        return true
    }
}
