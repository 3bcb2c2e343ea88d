import Foundation

/// The `confetti` executable, run as a user would.
package enum ConfettiBinary {
    /// Built beside the test bundle by `swift build` (make test builds it).
    package static func url() throws -> URL {
        let here = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for dir in [here, here.deletingLastPathComponent()] {
            let candidate = dir.appendingPathComponent("confetti")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw TestFailure("the confetti executable is not built next to the tests (\(here.path)); run `swift build` first, as make test does")
    }

    /// The environment the binary runs in: this process's without DISPLAY (a bad option must
    /// be refused before any window opens), with `changes` applied (nil removes a variable).
    package static func environment(_ changes: [String: String?] = [:]) -> [String: String] {
        ChildProcess.environment(changes.merging(["DISPLAY": nil]) { given, _ in given })
    }

    /// Runs `executable` (default: the built `confetti`) to its end in `directory`, with
    /// `environment` changes; `timeout` is a stall guard, not a speed claim.
    package static func run(_ arguments: [String], executable: URL? = nil, in directory: URL? = nil, environment changes: [String: String?] = [:],
                               input: String? = nil, timeout: Double = 300) async throws -> ChildProcess.Outcome {
        try await ChildProcess.run([try (executable ?? url()).path] + arguments, environment: environment(changes), directory: directory, input: input, timeout: timeout)
    }

    /// Starts the binary and returns at once: to signal it, race it, or wait for it.
    package static func start(_ arguments: [String], environment changes: [String: String?] = [:]) throws -> ChildProcess {
        try ChildProcess([try url().path] + arguments, environment: environment(changes))
    }
}
