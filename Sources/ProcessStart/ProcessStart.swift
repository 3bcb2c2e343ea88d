#if canImport(Glibc)
import Glibc
#endif

/// How another program is started: the one `posix_spawn` set-up of the package, which the
/// application (ffmpeg, gsettings), the tests (`ChildProcess`) and the mutants tool (`swift test`) share.
/// Waiting for the child and reading what it wrote stay with the caller, who knows whether it
/// may block and what it needs of the end (a status, or its CPU time and memory too).
///
/// The child starts with no signal blocked and every signal at its default action, whatever
/// this process blocks or ignores: a test thread blocks most signals and confetti ignores
/// SIGPIPE, and a child that inherited either would ignore a SIGTERM or die quietly on a closed
/// pipe in ways it never chose.
///
/// swift-subprocess does not serve here: it reaps the child itself and so cannot report its CPU
/// time and peak memory (`wait4`), which the tests bound; it keeps a child only for the extent
/// of a closure, where the tests keep servers (X, PulseAudio, weston) as objects across awaits
/// and stop them from `defer`; and it writes to a child's input asynchronously, where the
/// renderer hands ffmpeg each frame from its synchronous frame loop.
package struct ProcessStart: Sendable {
    /// Where one of the child's standard streams goes.
    package enum Stream: Sendable {
        /// /dev/null.
        case null
        /// A file opened for it: read for standard input; for output created if missing and
        /// emptied, or appended to.
        case file(String, append: Bool = false)
        /// A descriptor of this process, duplicated onto the stream.
        case descriptor(Int32)
        /// For standard error: wherever standard output goes.
        case sameAsOutput
    }

    /// Which process group the child is in.
    package enum Grouping: Sendable {
        /// This process's: a Ctrl-C at the terminal reaches both.
        case inherited
        /// A group of its own: signals to this process's group do not reach it.
        case ownGroup
        /// A session of its own (and so a group), which everything it starts stays in unless it
        /// makes sessions itself: what a caller that must end a whole tree uses.
        case ownSession
    }

    /// Why a program could not be started.
    package struct Failure: Error, CustomStringConvertible {
        package var program: String
        /// The errno posix_spawn returned.
        package var code: Int32
        package var reason: String { String(cString: strerror(code)) }
        package var description: String { "cannot start \(program): \(reason)" }
    }

    package var input: Stream = .null
    package var output: Stream = .null
    package var error: Stream = .null
    package var grouping: Grouping = .inherited
    /// Exactly the child's environment; nil for this process's.
    package var environment: [String: String]?

    package init(input: Stream = .null, output: Stream = .null, error: Stream = .null, grouping: Grouping = .inherited,
                 environment: [String: String]? = nil) {
        self.input = input
        self.output = output
        self.error = error
        self.grouping = grouping
        self.environment = environment
    }

    /// Starts `arguments[0]` (a path, or a name looked up in PATH) with the rest as its
    /// arguments, and returns its process id. The caller reaps it.
    package func start(_ arguments: [String]) throws(Failure) -> pid_t {
        precondition(!arguments.isEmpty, "a program to start")
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (descriptor, stream) in [(Int32(0), input), (1, output), (2, error)] {
            switch stream {
            case .null:
                posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
            case .file(let path, let append):
                let flags = descriptor == 0 ? O_RDONLY : O_WRONLY | O_CREAT | (append ? O_APPEND : O_TRUNC)
                posix_spawn_file_actions_addopen(&actions, descriptor, path, flags, 0o644)
            case .descriptor(let source):
                posix_spawn_file_actions_adddup2(&actions, source, descriptor)
            case .sameAsOutput:
                posix_spawn_file_actions_adddup2(&actions, 1, descriptor)
            }
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t(), allSignals = sigset_t()
        sigemptyset(&noSignals)
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        var flags = Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
        switch grouping {
        case .inherited: break
        case .ownGroup:
            posix_spawnattr_setpgroup(&attributes, 0)
            flags |= Int32(POSIX_SPAWN_SETPGROUP)
        case .ownSession:
            flags |= Self.setsid
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))

        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let status: Int32
        if let environment {
            let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
            defer { envp.forEach { free($0) } }
            status = posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, envp)
        } else {
            status = posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, environ)
        }
        guard status == 0 else { throw Failure(program: arguments[0], code: status) }
        return pid
    }

    /// glibc's POSIX_SPAWN_SETSID (0x80, since 2.26), which does not import.
    static let setsid: Int32 = 0x80

    /// How a wait status reads: "exit status N" or "killed by signal N".
    package static func describe(_ status: Int32) -> String {
        let signal = status & 0x7f
        return signal == 0 ? "exit status \((status >> 8) & 0xff)" : "killed by signal \(signal)"
    }
}
