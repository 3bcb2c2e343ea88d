import Foundation
import Testing
import TestSupport

/// confetti.h's promises, checked by C programs that know only the header, built from the
/// staged install with pkg-config (Tests/CClients): each prints one line per check.
@Suite struct CLibraryContractTests {
    /// The draw fills its rectangle from a 0×0 (or any) viewport and puts the app's back; a
    /// destroyed handle is refused whatever handles come after; an app's pending GL error fails
    /// nothing and is still the app's to read; an incomplete framebuffer is refused with no GL
    /// error left; two threads on one handle each read their own message; times and capacities
    /// are refused as the header says.
    @Test func aHeadlessCClientFindsEveryPromiseOfTheHeaderKept() async throws {
        let library = try await StagedLibrary.shared()
        let client = try await library.build("Tests/CClients/contract.c", packages: ["epoxy"],
                                             options: ["-std=c99", "-D_POSIX_C_SOURCE=200809L", "-Wall", "-Wextra", "-Werror", "-pedantic", "-lpthread"])
        defer { try? FileManager.default.removeItem(at: client) }
        let run = try await ChildProcess.run([client.path], environment: library.environment, timeout: 600)
        let failed = run.stdout.split(separator: "\n").filter { $0.hasPrefix("FAIL") }
        #expect(run.status == 0 && failed.isEmpty && run.stdout.contains("0 failed"), "\(failed.joined(separator: "\n")) \(run.stderr.suffix(2000))")
        #expect(run.stdout.split(separator: "\n").filter { $0.hasPrefix("ok: ") }.count >= 30, "\(run.stdout)")
    }

    /// A handle of the default capacity (1,048,576 particles a ring) costs at most 4 MB of
    /// resident memory more than one of capacity 4096 for the same burst: its rings start
    /// small and grow only when a launch needs room.
    @Test func aHandleOfTheDefaultCapacityCostsAtMostFourMegabytesMoreThanASmallOne() async throws {
        let library = try await StagedLibrary.shared()
        let client = try await library.build("Tests/CClients/handle_rss.c", packages: ["epoxy"],
                                             options: ["-std=c99", "-D_POSIX_C_SOURCE=200809L", "-Wall", "-Wextra", "-Werror"])
        defer { try? FileManager.default.removeItem(at: client) }
        func cost(_ capacity: Int) async throws -> Int {
            let run = try await ChildProcess.run([client.path, "\(capacity)"], environment: library.environment, timeout: 300)
            guard run.status == 0, let kib = run.stdout.firstMatch(of: /rss_kib (-?\d+)/).flatMap({ Int($0.output.1) }) else {
                throw TestFailure("handle_rss \(capacity): status \(run.status) \(run.stdout) \(run.stderr.suffix(1000))")
            }
            return kib
        }
        let small = try await cost(4096)
        let standard = try await cost(0)
        #expect(standard - small <= 4096, "default capacity \(standard) KiB, capacity 4096 \(small) KiB")
    }

    /// A plugin host's life: dlopen, a worker thread calls in, dlclose, the worker exits.
    @Test func aWorkerThreadExitsCleanlyAfterTheAppUnloadedTheLibrary() async throws {
        let library = try await StagedLibrary.shared()
        // Not linked with the library (pkg-config's --cflags alone): dlopen is its only reference.
        let include = try await library.flags([]).filter { $0.hasPrefix("-I") }
        let client = library.root.deletingLastPathComponent().appendingPathComponent("confetti-unload-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: client) }
        let built = try await ChildProcess.run(["gcc", "-std=c99", "-Wall", "-Wextra", "-Werror", Repository.file("Tests/CClients/unload.c").path]
                                               + include + ["-ldl", "-lpthread", "-o", client.path],
                                               environment: library.environment, timeout: 300)
        #expect(built.status == 0, "\(built.stderr)")
        let run = try await ChildProcess.run([client.path, library.sharedObject.path], environment: library.environment, timeout: 300)
        #expect(run.status == 0 && run.stdout.contains("ok: the worker exited after dlclose"), "status \(run.status): \(run.stdout) \(run.stderr.suffix(2000))")
        #expect(run.stdout.contains("worker: 4 no OpenGL context"), "the worker's call was refused and its message read: \(run.stdout)")
    }
}
