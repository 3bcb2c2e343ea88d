import Foundation
import TestSupport

/// The C library as a packager stages it: `make install-library DESTDIR=…` into a temporary
/// directory, once per test run, from the debug build make test made first. What is built
/// against it finds it through its confetti.pc alone, and runs with only its folder on the
/// library path: not the Swift toolchain's.
struct StagedLibrary: Sendable {
    /// DESTDIR.
    let root: URL
    var lib: URL { root.appendingPathComponent("usr/lib") }
    var include: URL { root.appendingPathComponent("usr/include") }
    var sharedObject: URL { lib.appendingPathComponent("libconfetti.so.0") }

    /// The one version, "0.14.0": confetti.h's CONFETTI_VERSION_MAJOR, _MINOR and _PATCH. The
    /// library's file is libconfetti.so.VERSION.
    static var version: String {
        let header = (try? String(contentsOf: Repository.file("CAPI/confetti.h"), encoding: .utf8)) ?? ""
        let parts = ["MAJOR", "MINOR", "PATCH"].map { part in
            header.split(separator: "\n").first { $0.hasPrefix("#define CONFETTI_VERSION_\(part) ") }.map { String($0.split(separator: " ").last!) } ?? "?"
        }
        return parts.joined(separator: ".")
    }

    /// The run's DESTDIR, removed when the test process exits (the tests share it, so none
    /// of them can remove it when it ends).
    private static let sharedRoot = FileManager.default.temporaryDirectory.appendingPathComponent("confetti-staged-\(UUID())")
    private static let installed = Task {
        atexit { try? FileManager.default.removeItem(at: StagedLibrary.sharedRoot) }
        return try await StagedLibrary(root: sharedRoot).install()
    }

    static func shared() async throws -> StagedLibrary { try await installed.value }

    /// Runs the Makefile's `target` with this DESTDIR; its output when it fails.
    func make(_ target: String) async throws -> ChildProcess.Outcome {
        // Its own build directory and a debug build: an incremental no-op after make test's.
        try await ChildProcess.run(["make", "-C", Repository.root.path, "--no-print-directory", target, "DESTDIR=\(root.path)", "PREFIX=/usr",
                                    "LIBRARY_CONFIGURATION=debug"],
                                   environment: ChildProcess.environment([:]), timeout: 1200)
    }

    private func install() async throws -> StagedLibrary {
        let outcome = try await make("install-library")
        guard outcome.status == 0 else { throw TestFailure("make install-library failed: \(outcome.stderr.suffix(2000))") }
        return self
    }

    /// The environment of a program built against the staged library: pkg-config finds it
    /// (and the system's packages), the loader finds it and nothing of Swift's.
    var environment: [String: String] {
        ChildProcess.environment(["PKG_CONFIG_PATH": lib.appendingPathComponent("pkgconfig").path, "LD_LIBRARY_PATH": lib.path,
                                  "DISPLAY": nil, "WAYLAND_DISPLAY": nil])
    }

    /// `pkg-config --cflags --libs confetti` and `packages`, split into arguments.
    func flags(_ packages: [String]) async throws -> [String] {
        let outcome = try await ChildProcess.run(["pkg-config", "--cflags", "--libs", "confetti"] + packages, environment: environment, timeout: 60)
        guard outcome.status == 0 else { throw TestFailure("pkg-config: \(outcome.stderr)") }
        return outcome.stdout.split(whereSeparator: \.isWhitespace).map(String.init)
    }

    /// Builds `source` (a path in the repository, or an absolute one) with `compiler` and `options`, linked with
    /// the flags pkg-config gives for confetti and `packages`; the executable.
    func build(_ source: String, packages: [String], compiler: String = "gcc", options: [String]) async throws -> URL {
        let output = root.deletingLastPathComponent().appendingPathComponent("\(root.lastPathComponent)-\(UUID().uuidString.prefix(8))")
        let outcome = try await ChildProcess.run([compiler] + options + [source.hasPrefix("/") ? source : Repository.file(source).path] + (try await flags(packages)) + ["-o", output.path],
                                                 environment: environment, timeout: 300)
        guard outcome.status == 0 else { throw TestFailure("\(compiler) \(source): \(outcome.stderr.suffix(3000))") }
        return output
    }
}
