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
