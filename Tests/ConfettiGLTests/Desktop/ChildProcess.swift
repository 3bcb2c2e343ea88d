import Foundation

/// A program a test starts, watches and stops: a server, a tool, or the confetti binary.
///
/// Test threads block most signals and a spawned child inherits that mask, so it would ignore
/// SIGTERM; the spawn attributes give the child a clean mask and default handlers. Its stdout
/// and stderr go to files in `logs` (no pipe to fill and block on), read back at any time.
///
/// Waiting is asynchronous (`ending(within:)`, `eventually`): the tests run on a pool of as
/// many threads as cores, and a test that blocked one while a child works would hold up others.
final class ChildProcess {
    let pid: pid_t
    let name: String
    let stdoutFile: URL
    let stderrFile: URL
    /// When it was spawned, on the monotonic clock.
    let started = ContinuousClock.now
    private(set) var termination: Termination?

    enum Termination: Equatable, CustomStringConvertible {
        case exited(Int32)
        case signalled(Int32)

        var description: String {
            switch self {
            case .exited(let status): "exit \(status)"
            case .signalled(let signal): "signal \(signal)"
            }
        }
    }

    /// Starts `arguments[0]` (looked up in PATH) with exactly `environment`.
    init(_ arguments: [String], environment: [String: String], logs: URL) throws {
        name = URL(fileURLWithPath: arguments[0]).lastPathComponent
        try FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
        let tag = "\(name)-\(UUID().uuidString.prefix(8))"
        stdoutFile = logs.appendingPathComponent("\(tag).out")
        stderrFile = logs.appendingPathComponent("\(tag).err")

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdoutFile.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, stderrFile.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t(), allSignals = sigset_t()
        sigemptyset(&noSignals)
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        var argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envp.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, arguments[0], &actions, &attributes, &argv, &envp)
        guard spawned == 0 else {
            throw TestFailure("could not start \(arguments[0]): \(String(cString: strerror(spawned))); is its Debian package installed? (make test installs it)")
        }
        self.pid = pid
    }

    /// This process's environment with `changes` applied: a nil value removes the variable.
    static func environment(_ changes: [String: String?]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        for (key, value) in changes { environment[key] = value }
        return environment
    }

    /// Runs a command to its end (at most `timeout` seconds) and returns its stdout.
    static func output(of arguments: [String], environment: [String: String], logs: URL, timeout: Double = 20) async throws -> String {
        let child = try ChildProcess(arguments, environment: environment, logs: logs)
        guard let ending = await child.ending(within: timeout) else {
            child.stop()
            throw TestFailure("\(arguments.joined(separator: " ")) did not finish within \(timeout) s")
        }
        guard ending == .exited(0) else {
            throw TestFailure("\(arguments.joined(separator: " ")) ended with \(ending): \(child.errorOutput)")
        }
        return child.output
    }

    var output: String { (try? String(contentsOf: stdoutFile, encoding: .utf8)) ?? "" }
    var errorOutput: String { (try? String(contentsOf: stderrFile, encoding: .utf8)) ?? "" }

    /// Seconds since it was spawned.
    var age: Double {
        let elapsed = ContinuousClock.now - started
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    }

    func send(_ signal: Int32) {
        if termination == nil { kill(pid, signal) }
    }

    /// How it ended, if it has, waiting for it up to `seconds`: nil if it is still running.
    func ending(within seconds: Double) async -> Termination? {
        _ = await eventually(within: seconds) { hasEnded }
        return termination
    }

    /// Whether it has ended (and is reaped).
    var hasEnded: Bool { wait(upTo: 0) != nil }

    /// `ending(within:)`, blocking the thread: for the short waits of `stop`, which runs in
    /// `defer`, where nothing can be awaited.
    @discardableResult
    func wait(upTo seconds: Double) -> Termination? {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while termination == nil {
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid {
                // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import as macros.
                termination = status & 0x7f == 0 ? .exited((status >> 8) & 0xff) : .signalled(status & 0x7f)
            } else if ContinuousClock.now >= deadline {
                break
            } else {
                usleep(10_000)
            }
        }
        return termination
    }

    /// SIGTERM, then SIGKILL if it is still there after five seconds.
    func stop() {
        send(SIGTERM)
        if wait(upTo: 5) == nil {
            send(SIGKILL)
            wait(upTo: 5)
        }
    }
}

/// Polls `condition` every 50 ms for up to `seconds`, sleeping in between without holding a
/// thread; whether it came true.
func eventually(within seconds: Double, _ condition: () async throws -> Bool) async rethrows -> Bool {
    let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
    while ContinuousClock.now < deadline {
        if try await condition() { return true }
        try? await Task.sleep(for: .milliseconds(50))
    }
    return try await condition()
}
