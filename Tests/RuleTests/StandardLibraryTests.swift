import Foundation
import Testing
import TestSupport

/// Where the standard library serves, the product uses it, so each job has one home: the
/// Synchronization module's `Mutex` (no pthread mutex of our own), `ContinuousClock` through
/// `monotonicSeconds()` (no CLOCK_MONOTONIC reader of our own), `ProcessStart.locate` (the one
/// PATH search) and `StandardStream` (the one writer to standard error). The separate tools
/// (`mutants`, the shader embedder) link none of those modules and write their own errors.
@Suite struct StandardLibraryTests {
    /// A job, the text that does it by hand, and the one file allowed to.
    static var rules: [(job: String, pattern: Regex<Substring>, home: String?)] {
        [
            ("a lock: Mutex (import Synchronization)", /pthread_mutex_/, nil),
            ("a monotonic clock: monotonicSeconds() or ContinuousClock", /CLOCK_MONOTONIC\b/, nil),
            ("the PATH search: ProcessStart.locate", /\bX_OK\b/, "Sources/ProcessStart/ProgramSearch.swift"),
            ("writing to standard error: StandardStream.error", /FileDescriptor\.standardError|write\(STDERR_FILENO|fputs\([^)]*stderr\)/, "Sources/ConfettiApp/Files/StandardStream.swift"),
        ]
    }

    /// "path: job" for each product source that does a job by hand outside its home.
    static func strays(in folder: String, except tools: [String] = ["Sources/mutants", "Sources/ShaderEmbedder"]) throws -> [String] {
        let root = Repository.file(folder)
        guard let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else {
            throw TestFailure("cannot list \(root.path)")
        }
        var found: [String] = []
        for case let file as URL in files where file.pathExtension == "swift" {
            let path = folder + "/" + file.path.dropFirst(root.path.count + 1)
            guard !tools.contains(where: { path.hasPrefix($0 + "/") }) else { continue }
            let text = try String(contentsOf: file, encoding: .utf8)
            for rule in rules where path != rule.home && text.contains(rule.pattern) {
                found.append("\(path): \(rule.job)")
            }
        }
        return found.sorted()
    }

    @Test func eachJobHasItsOneHome() throws {
        let found = try Self.strays(in: "Sources")
        #expect(found.isEmpty, "use the one home of each job: \(found)")
    }

    /// The check sees what it looks for: the homes do their jobs, and a hand-written lock,
    /// clock and stderr write would be found.
    @Test func theCheckFindsEachJobDoneByHand() throws {
        let homes = try Self.strays(in: "Sources", except: [])
        #expect(homes.contains { $0.hasPrefix("Sources/mutants/") && $0.hasSuffix("StandardStream.error") }, "\(homes)")
        let text = "var m = pthread_mutex_t()\nclock_gettime(CLOCK_MONOTONIC, &t)\ntry FileDescriptor.standardError.writeAll(x)\naccess(candidate, X_OK)\n"
        #expect(Self.rules.allSatisfy { text.contains($0.pattern) })
        #expect(!"clock_gettime(CLOCK_BOOTTIME, &t)".contains(Self.rules[1].pattern))
    }
}
