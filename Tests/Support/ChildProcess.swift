import Foundation
import ProcessStart
import Synchronization
import Testing

/// A program a test starts, watches and stops: a server, a tool, or the confetti binary. The
/// one way the tests run another program.
///
/// Started by `ProcessStart` (a clean signal mask and default handlers, though test threads block most
/// signals). Its stdout and stderr go to files (no pipe to fill and block on), read back at any
/// time.
///
/// Nothing here blocks a test thread. The tests run on a pool of as many threads as cores (two
/// here), and a thread that sat in `waitpid` or `usleep` while a child worked would hold up the
/// other tests' screenshots and polls: waiting is `await` (`outcome(within:)`, `ending(within:)`,
/// `eventually`), and `stop`, which runs in `defer` where nothing can be awaited, leaves the
/// waiting to a thread of its own.
package final class ChildProcess: Sendable {
    package let pid: pid_t
    package let name: String
    package let stdoutFile: URL
    package let stderrFile: URL
    /// When it was spawned, on the monotonic clock.
    package let started = ContinuousClock.now
    /// The directory made for its logs when none was given, removed with it.
    private let ownLogs: URL?
    /// The test that started it, for the cost log.
    private let test = Test.current?.id.description
    private let ended = Mutex<(termination: Termination, cpuSeconds: Double, peakBytes: Int)?>(nil)

    package enum Termination: Equatable, Sendable, CustomStringConvertible {
        case exited(Int32)
        case signalled(Int32)

        package var description: String {
            switch self {
            case .exited(let status): "exit \(status)"
            case .signalled(let signal): "signal \(signal)"
            }
        }
    }

    /// How a program that ran to its end ended, and what it printed.
    package struct Outcome: Sendable {
        package var status: Int32
        package var exitedNormally: Bool
        package var stdout: String
        package var stderr: String
        /// User and system CPU time it used: what a speed check may bound, unlike wall time,
        /// which a busy machine stretches at will.
        package var cpuSeconds: Double
        /// Its peak resident memory, bytes (the kernel's ru_maxrss).
        package var peakBytes: Int = 0
    }

    /// Starts `arguments[0]` (looked up in PATH) with exactly `environment`, in `directory` (this
    /// process's if nil), reading `input` (nothing if nil), its output in `logs` (a temporary
    /// directory if nil).
    package init(_ arguments: [String], environment: [String: String], logs: URL? = nil, directory: URL? = nil, input: URL? = nil) throws {
        name = URL(fileURLWithPath: arguments[0]).lastPathComponent
        let folder = logs ?? FileManager.default.temporaryDirectory.appendingPathComponent("confetti-child-\(UUID())")
        ownLogs = logs == nil ? folder : nil
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let tag = "\(name)-\(UUID().uuidString.prefix(8))"
        stdoutFile = folder.appendingPathComponent("\(tag).out")
        stderrFile = folder.appendingPathComponent("\(tag).err")

        // Glibc's posix_spawn_file_actions_addchdir_np does not import; env -C changes directory.
        let command = directory.map { ["env", "-C", $0.path] + arguments } ?? arguments
        let program = ProcessStart(input: input.map { .file($0.path) } ?? .null, output: .file(stdoutFile.path), error: .file(stderrFile.path),
                          environment: environment)
        do {
            pid = try program.start(command)
        } catch {
            if let ownLogs { try? FileManager.default.removeItem(at: ownLogs) }
            throw TestFailure("could not start \(arguments[0]): \(error.reason); is its Debian package installed? (make test installs it)")
        }
    }

    deinit {
        if let ownLogs { try? FileManager.default.removeItem(at: ownLogs) }
    }

    /// This process's environment with `changes` applied: a nil value removes the variable.
    package static func environment(_ changes: [String: String?]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        for (key, value) in changes { environment[key] = value }
        return environment
    }

    /// Runs a command to its end and returns how it ended; `timeout` is a stall guard, past
    /// which it is stopped and the test fails.
    package static func run(_ arguments: [String], environment: [String: String], directory: URL? = nil, input: String? = nil, timeout: Double = 300) async throws -> Outcome {
        var file: URL?
        if let input {
            file = FileManager.default.temporaryDirectory.appendingPathComponent("confetti-input-\(UUID())")
            try input.write(to: file!, atomically: false, encoding: .utf8)
        }
        defer { if let file { try? FileManager.default.removeItem(at: file) } }
        return try await ChildProcess(arguments, environment: environment, directory: directory, input: file).outcome(within: timeout)
    }

    /// Runs a command to its end (at most `timeout` seconds) and returns its stdout; anything
    /// but exit 0 fails.
    package static func output(of arguments: [String], environment: [String: String], logs: URL? = nil, timeout: Double = 60) async throws -> String {
        let child = try ChildProcess(arguments, environment: environment, logs: logs)
        let outcome = try await child.outcome(within: timeout)
        guard outcome.exitedNormally, outcome.status == 0 else {
            throw TestFailure("\(arguments.joined(separator: " ")) ended with \(child.termination!): \(outcome.stderr)")
        }
        return outcome.stdout
    }

    /// Writes an executable file (a script, or a copy of `copying`) through `install`, a child
    /// process: had this process held it open for writing, a child another test spawned at that
    /// moment would keep it open until its own exec, and running it meanwhile fails ("text file
    /// busy").
    package static func installExecutable(_ text: String = "", copying source: URL? = nil, at path: URL) async throws {
        var from = source
        if from == nil {
            from = path.deletingLastPathComponent().appendingPathComponent(".\(path.lastPathComponent).text")
            try text.write(to: from!, atomically: false, encoding: .utf8)
        }
        defer { if source == nil { try? FileManager.default.removeItem(at: from!) } }
        _ = try await output(of: ["install", "-m", "755", from!.path, path.path], environment: environment([:]))
    }

    package var output: String { (try? String(contentsOf: stdoutFile, encoding: .utf8)) ?? "" }
    package var errorOutput: String { (try? String(contentsOf: stderrFile, encoding: .utf8)) ?? "" }

    /// Seconds since it was spawned.
    package var age: Double {
        let elapsed = ContinuousClock.now - started
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    }

    /// How it ended, or nil while it runs.
    package var termination: Termination? { reap()?.termination }

    /// Whether it has ended (and is reaped).
    package var hasEnded: Bool { reap() != nil }

    /// Reaps it if it has ended: never waits.
    private func reap() -> (termination: Termination, cpuSeconds: Double, peakBytes: Int)? {
        ended.withLock { ended in
            if ended == nil {
                var status: Int32 = 0
                var usage = rusage()
                if wait4(pid, &status, WNOHANG, &usage) == pid {
                    // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import as macros.
                    let termination: Termination = status & 0x7f == 0 ? .exited((status >> 8) & 0xff) : .signalled(status & 0x7f)
                    let cpu = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) * 1e-6
                    ended = (termination, cpu, Int(usage.ru_maxrss) * 1024)
                    Self.logCost(test: test, name: name, cpuSeconds: cpu)
                }
            }
            return ended
        }
    }

    /// With `CONFETTI_TEST_COST_LOG=FILE`, one line a program that ended: the test that started
    /// it, its name and the CPU seconds it used (its own and its reaped children's), tab
    /// separated: what each suite costs beside the test process's own time.
    private static let costLog: Int32? = {
        guard let path = ProcessInfo.processInfo.environment["CONFETTI_TEST_COST_LOG"], !path.isEmpty else { return nil }
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        return descriptor >= 0 ? descriptor : nil
    }()

    private static func logCost(test: String?, name: String, cpuSeconds: Double) {
        guard let costLog else { return }
        let line = Array("\(test ?? "?")\t\(name)\t\(String(format: "%.3f", cpuSeconds))\n".utf8)
        _ = line.withUnsafeBytes { write(costLog, $0.baseAddress, $0.count) }
    }

    package func send(_ signal: Int32) {
        if !hasEnded { kill(pid, signal) }
    }

    /// Stops it (SIGSTOP) as soon as `condition` holds, looked at every 5 ms on a thread of its
    /// own; whether it was stopped so, still running (false if it ended first, or after
    /// `seconds`, a stall guard). The tests' polls share the threads of the test pool, and on a
    /// busy machine come seconds late, by when a quick child may have finished the very work a
    /// test wanted to catch it in. Continue it with `whileFrozen` or SIGCONT.
    package func freeze(once condition: @escaping @Sendable () -> Bool, within seconds: Double) async -> Bool {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { [self] in
                let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
                while ContinuousClock.now < deadline, !hasEnded {
                    if condition() {
                        kill(pid, SIGSTOP)
                        continuation.resume(returning: !hasEnded)
                        return
                    }
                    usleep(5000)
                }
                continuation.resume(returning: false)
            }
        }
    }

    /// Runs `body` while the process is stopped (SIGSTOP): it can neither finish nor move on
    /// meanwhile, and signals sent to it wait until it continues (SIGCONT) afterwards.
    package func whileFrozen<T>(_ body: () async throws -> T) async rethrows -> T {
        send(SIGSTOP)
        defer { send(SIGCONT) }
        return try await body()
    }

    /// How it ended, if it has, waiting for it up to `seconds`: nil if it is still running.
    package func ending(within seconds: Double) async -> Termination? {
        _ = await eventually(within: seconds) { hasEnded }
        return termination
    }

    /// Waits for its end and returns the outcome; if it has not ended within `seconds` (a stall
    /// guard, not a speed claim), it is stopped and the test fails with what it printed.
    package func outcome(within seconds: Double) async throws -> Outcome {
        guard await ending(within: seconds) != nil, let (termination, cpu, peak) = reap() else {
            stop()
            throw TestFailure("\(name) did not finish within \(seconds) s (pid \(pid)): \(output.suffix(1000)) \(errorOutput.suffix(1000))")
        }
        let (status, normally): (Int32, Bool) = switch termination {
        case .exited(let status): (status, true)
        case .signalled(let signal): (signal, false)
        }
        return Outcome(status: status, exitedNormally: normally, stdout: output, stderr: errorOutput, cpuSeconds: cpu, peakBytes: peak)
    }

    /// Waits for its end while `progress` (a count that only grows: lines printed, frames)
    /// keeps growing; if it does not grow for `stallGuard` seconds, it is stopped and the test
    /// fails. For work whose length a busy machine stretches without bound, where a fixed time
    /// for the whole would race the clock.
    package func outcome(stallGuard: Double, progress: (ChildProcess) -> Int) async throws -> Outcome {
        var seen = progress(self), since = ContinuousClock.now
        while await ending(within: 1) == nil {
            let now = progress(self)
            if now > seen {
                seen = now
                since = ContinuousClock.now
            } else if ContinuousClock.now - since > .milliseconds(Int(stallGuard * 1000)) {
                stop()
                throw TestFailure("\(name) made no progress for \(stallGuard) s (at \(seen)): \(output.suffix(1000)) \(errorOutput.suffix(1000))")
            }
        }
        return try await outcome(within: 0)
    }

    /// SIGTERM now, and SIGKILL if it is still there five seconds later. A thread of its own
    /// waits those seconds, so this can run in `defer` without holding a test thread.
    package func stop() {
        guard !hasEnded else { return }
        send(SIGTERM)
        Thread.detachNewThread { [self] in
            let killAt = ContinuousClock.now + .seconds(5), giveUp = killAt + .seconds(10)
            var killed = false
            while !hasEnded, ContinuousClock.now < giveUp {
                if !killed, ContinuousClock.now >= killAt {
                    kill(pid, SIGKILL)
                    killed = true
                }
                usleep(10_000)
            }
        }
    }
}
