import Foundation

/// The `confetti` executable, run as a user would.
package enum ConfettiBinary {
    /// `CONFETTI_BINARY` if set (make test sets it to the release build users run, whose
    /// numeric code is many times quicker than the debug build's), else the one built beside the
    /// test bundle by `swift build`.
    package static func url() throws -> URL {
        if let path = ProcessInfo.processInfo.environment["CONFETTI_BINARY"], !path.isEmpty {
            guard FileManager.default.isExecutableFile(atPath: path) else {
                throw TestFailure("CONFETTI_BINARY names \(path), which is no executable; build it (make test builds the release one) or unset it")
            }
            return URL(fileURLWithPath: path)
        }
        return try builtBesideTheTests("confetti")
    }

    /// An executable of the package (`confetti`, `celebrate-in-glfw`) that `swift build` built
    /// beside the test bundle, in the tests' own configuration.
    package static func builtBesideTheTests(_ name: String) throws -> URL {
        let here = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for dir in [here, here.deletingLastPathComponent()] {
            let candidate = dir.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw TestFailure("the \(name) executable is not built next to the tests (\(here.path)); run `swift build` first, as make test does")
    }

    /// The environment the binary runs in: this process's without DISPLAY (a bad option must
    /// be refused before any window opens), with `changes` applied (nil removes a variable).
    package static func environment(_ changes: [String: String?] = [:]) -> [String: String] {
        ChildProcess.environment(changes.merging(["DISPLAY": nil]) { given, _ in given })
    }

    /// Runs `executable` (default: the built `confetti`) to its end in `directory`, with
    /// `environment` changes; `timeout` is a stall guard, not a speed claim: many times the
    /// longest run's time (a gallery, a minute of a debug build's CPU) on a machine busy with
    /// the other tests. A run takes no slot of the pool of heavy work (`HeavySlot`): most are a
    /// tenth of a second of the release build's CPU, and a thousand of them queued one by one
    /// behind desktops that hold their slots for minutes made the longest wait of the run. A
    /// test that runs a heavy one (a long render) holds a slot around it.
    package static func run(_ arguments: [String], executable: URL? = nil, in directory: URL? = nil, environment changes: [String: String?] = [:],
                               input: String? = nil, timeout: Double = 600) async throws -> ChildProcess.Outcome {
        try await ChildProcess.run([try (executable ?? url()).path] + arguments, environment: environment(changes), directory: directory, input: input, timeout: timeout)
    }

    /// Starts the binary and returns at once: to signal it, race it, or wait for it.
    package static func start(_ arguments: [String], environment changes: [String: String?] = [:]) throws -> ChildProcess {
        try ChildProcess([try url().path] + arguments, environment: environment(changes))
    }
}
