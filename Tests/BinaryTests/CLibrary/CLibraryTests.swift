import Foundation
import Testing
import TestSupport

/// libconfetti as a C, GTK, SDL or Python app meets it: staged with DESTDIR, found with
/// pkg-config, loaded without the Swift toolchain, drawing over the app's own pixels.
@Suite struct CLibraryTests {
    /// The functions confetti.h declares.
    static func headerFunctions() throws -> Set<String> {
        let header = try String(contentsOf: Repository.file("CAPI/confetti.h"), encoding: .utf8)
        let declaration = /\b(confetti_[a-z_]+)\(/
        return Set(header.matches(of: declaration).map { String($0.output.1) })
    }

    @Test func theLibraryHasItsSonameVersionLinksAndHeaderAndExportsTheCAPIAlone() async throws {
        let library = try await StagedLibrary.shared()
        let environment = ChildProcess.environment([:])
        let dynamic = try await ChildProcess.output(of: ["readelf", "-d", library.sharedObject.path], environment: environment)
        #expect(dynamic.contains("Library soname: [libconfetti.so.0]"), "\(dynamic)")
        // Never unmapped by dlclose: a thread that called in may exit after it.
        #expect(dynamic.contains("NODELETE"), "linked -z nodelete: \(dynamic)")
        let needed = dynamic.split(separator: "\n").filter { $0.contains("(NEEDED)") }.map { String($0.split(separator: "[").last ?? "").dropLast() }
        #expect(!needed.isEmpty && needed.allSatisfy { !$0.contains("swift") && !$0.contains("Foundation") && !$0.contains("dispatch") },
                "the Swift runtime is linked in, not needed: \(needed)")
        // Global symbols defined: the header's functions and the version node, nothing of Swift's.
        let symbols = try await ChildProcess.output(of: ["nm", "-D", "--defined-only", library.sharedObject.path], environment: environment)
        let exported = Set(symbols.split(separator: "\n").compactMap { line -> String? in
            let fields = line.split(separator: " ")
            guard fields.count == 3, fields[1].first?.isUppercase == true else { return nil }
            // nm names a versioned symbol with its version too: confetti_draw@@CONFETTI_0.
            return String(fields[2].split(separator: "@").first ?? "")
        })
        let functions = try Self.headerFunctions()
        #expect(functions.count == 19 && exported == functions.union(["CONFETTI_0"]), "exported \(exported.symmetricDifference(functions.union(["CONFETTI_0"])).sorted())")
        // The versioned file, its links, the header and pkg-config's file.
        let files = try FileManager.default.contentsOfDirectory(atPath: library.lib.path)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: library.sharedObject.path) == "libconfetti.so.\(StagedLibrary.version)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: library.lib.appendingPathComponent("libconfetti.so").path) == "libconfetti.so.0")
        let version = try await ChildProcess.run(["pkg-config", "--modversion", "confetti"], environment: library.environment, timeout: 60)
        #expect(version.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == StagedLibrary.version)
        // One version: the header's, in the file's name, the SONAME's major and the command's --version.
        let current = try #require(StagedLibrary.version.firstMatch(of: /^(\d+)\.(\d+)\.(\d+)$/)).output
        #expect(files.contains("libconfetti.so.\(current.0)"))
        #expect(dynamic.contains("Library soname: [libconfetti.so.\(current.1)]"))
        let command = try await ConfettiBinary.run(["--version"])
        #expect(command.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == StagedLibrary.version, "\(command.stdout)")
    }

    @Test func theHeaderIsCleanC99AndCxxWithEveryWarningAnError() async throws {
        let library = try await StagedLibrary.shared()
        let source = library.root.deletingLastPathComponent().appendingPathComponent("confetti-header-\(UUID()).c")
        defer { try? FileManager.default.removeItem(at: source) }
        try "#include <confetti.h>\nint main(void) { return confetti_version() == CONFETTI_VERSION ? 0 : 1; }\n".write(to: source, atomically: true, encoding: .utf8)
        for (compiler, standard) in [("gcc", "-std=c99"), ("g++", "-std=c++11"), ("g++", "-std=c++20")] {
            let language = compiler == "g++" ? ["-x", "c++"] : []
            let executable = try await library.build(source.path, packages: [], compiler: compiler,
                                                     options: [standard, "-Wall", "-Wextra", "-Werror", "-pedantic"] + language)
            defer { try? FileManager.default.removeItem(at: executable) }
            // The version the program was compiled against is the one it loads.
            let run = try await ChildProcess.run([executable.path], environment: library.environment, timeout: 120)
            #expect(run.status == 0, "\(compiler) \(standard): \(run.stderr)")
        }
    }

    @Test func theFiveLinesOfTheDocsCompileAsC99() async throws {
        let library = try await StagedLibrary.shared()
        let docs = try String(contentsOf: Repository.file("docs/c-api.md"), encoding: .utf8)
        let block = try #require(docs.firstMatch(of: /```c\n([\s\S]*?)```/)).output.1.split(separator: "\n").map(String.init)
        #expect(block.count == 5, "the five lines of the README's Swift example, in C")
        // The include at the top, the calls in a function of the app's own variables.
        let source = library.root.deletingLastPathComponent().appendingPathComponent("confetti-docs-\(UUID()).c")
        defer { try? FileManager.default.removeItem(at: source) }
        let program = block.filter { $0.hasPrefix("#") } + ["void frame(double now, double w, double h, double scale);",
                                                            "void frame(double now, double w, double h, double scale) {"]
            + block.filter { !$0.hasPrefix("#") } + ["}"]
        try program.joined(separator: "\n").write(to: source, atomically: true, encoding: .utf8)
        let outcome = try await ChildProcess.run(["gcc", "-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic", "-fsyntax-only", source.path]
                                                 + (try await library.flags([])).filter { $0.hasPrefix("-I") },
                                                 environment: library.environment, timeout: 120)
        #expect(outcome.status == 0, "\(outcome.stderr)")
    }

    @Test func aCProgramDrawsConfettiOverItsClearColourWithItsGLStateIntactWithoutTheSwiftToolchain() async throws {
        let library = try await StagedLibrary.shared()
        let example = try await library.build("Examples/c-glfw/celebrate.c", packages: ["glfw3", "epoxy"],
                                              options: ["-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic"])
        defer { try? FileManager.default.removeItem(at: example) }
        // What the loader links: the staged library, and nothing from the toolchain.
        let linked = try await ChildProcess.output(of: ["ldd", example.path], environment: library.environment)
        #expect(linked.contains("libconfetti.so.0 => \(library.lib.path)/libconfetti.so.0"), "\(linked)")
        #expect(!linked.lowercased().contains("swift") && !linked.contains("not found"), "\(linked)")
        #expect(library.environment["LD_LIBRARY_PATH"] == library.lib.path)

        let window = try await ExampleWindow.run(example, arguments: ["--frames", "30", "--hold"], library: library) {
            $0.clearColourPixels > 640 * 360 / 2 && $0.confettiPixels > 400
        }
        #expect(window.report.contains("GL state intact"), "\(window.report)")
        #expect(window.clearColourPixels > 640 * 360 / 2, "the app's own teal is most of its window: \(window.clearColourPixels)")
        #expect(window.confettiPixels > 400, "confetti over it: \(window.confettiPixels) vivid pixels")
    }

    @Test func theCProgramEndsCleanWithNothingLeakedOrMisusedUnderAddressSanitizer() async throws {
        let library = try await StagedLibrary.shared()
        let example = try await library.build("Examples/c-glfw/celebrate.c", packages: ["glfw3", "epoxy"], options: ["-g", "-fsanitize=address"])
        defer { try? FileManager.default.removeItem(at: example) }
        let logs = FileManager.default.temporaryDirectory.appendingPathComponent("confetti-asan-\(UUID())")
        defer { try? FileManager.default.removeItem(at: logs) }
        let server = try await XServer.start(logs: logs)
        defer { server.stop() }
        // Fontconfig keeps its configuration for the life of the process, on purpose.
        let suppressions = logs.appendingPathComponent("lsan.supp")
        try "leak:libfontconfig.so\n".write(to: suppressions, atomically: true, encoding: .utf8)
        var environment = library.environment
        environment["DISPLAY"] = server.display
        environment["LSAN_OPTIONS"] = "suppressions=\(suppressions.path):print_suppressions=0"
        environment["ASAN_OPTIONS"] = "exitcode=0"
        let run = try await ChildProcess.run([example.path, "--frames", "20"], environment: environment, timeout: 600)
        #expect(run.status == 0 && run.stdout.contains("GL state intact"), "\(run.stdout) \(run.stderr.suffix(3000))")
        #expect(!run.stderr.contains("ERROR: AddressSanitizer"), "no memory misused: \(run.stderr.suffix(3000))")
        // What Mesa's driver itself leaves (a few hundred bytes, from a module unloaded at
        // exit) is no celebration: one leaked, with its rings' bookkeeping, would be kilobytes.
        let leaked = run.stderr.firstMatch(of: /SUMMARY: AddressSanitizer: (\d+) byte/).flatMap { Int($0.output.1) } ?? 0
        #expect(leaked < 1024 && !run.stderr.contains("libconfetti"), "leaked \(leaked) bytes: \(run.stderr.suffix(3000))")
    }

    @Test func aGTK4AppWithAGLAreaGetsFireworksAroundItsButtonAndKeepsItsOwnFramebuffer() async throws {
        let library = try await StagedLibrary.shared()
        // GTK's headers are not -pedantic clean; the example is -Wall -Wextra clean.
        let example = try await library.build("Examples/gtk4/celebrate.c", packages: ["gtk4", "epoxy"], options: ["-std=c11", "-Wall", "-Wextra", "-Werror"])
        defer { try? FileManager.default.removeItem(at: example) }
        let window = try await ExampleWindow.run(example, arguments: ["--frames", "30"], library: library) {
            $0.clearColourPixels > 640 * 360 / 2 && $0.confettiPixels > 300
        }
        #expect(window.report.contains("GTK's framebuffer kept"), "\(window.report)")
        #expect(window.clearColourPixels > 640 * 360 / 2, "the area's own teal: \(window.clearColourPixels)")
        #expect(window.confettiPixels > 300, "the celebration over it: \(window.confettiPixels) vivid pixels; \(window.report)")
    }

    @Test func anSDL2AppDrawsConfettiOverItsClearColour() async throws {
        let library = try await StagedLibrary.shared()
        let example = try await library.build("Examples/sdl2/celebrate.c", packages: ["sdl2", "epoxy"],
                                              options: ["-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic"])
        defer { try? FileManager.default.removeItem(at: example) }
        let window = try await ExampleWindow.run(example, arguments: ["--frames", "30"], library: library) {
            $0.clearColourPixels > 640 * 360 / 2 && $0.confettiPixels > 300
        }
        #expect(window.report.contains("particles alive"), "\(window.report)")
        #expect(window.clearColourPixels > 640 * 360 / 2, "the app's own teal: \(window.clearColourPixels)")
        #expect(window.confettiPixels > 300, "confetti over it: \(window.confettiPixels) vivid pixels")
    }

    @Test func thePythonBindingPassesItsTestsHeadless() async throws {
        let library = try await StagedLibrary.shared()
        var environment = library.environment
        environment["PYTHONDONTWRITEBYTECODE"] = "1"
        let run = try await ChildProcess.run(["python3", "-m", "pytest", "-q", "-p", "no:cacheprovider", Repository.file("Examples/python/tests").path],
                                             environment: environment, timeout: 900)
        #expect(run.status == 0 && run.stdout.contains("passed") && !run.stdout.contains("skipped"), "\(run.stdout.suffix(4000)) \(run.stderr.suffix(2000))")
    }

    @Test func makeUninstallRemovesTheLibraryHeaderAndPkgConfigFile() async throws {
        let staged = try await StagedLibrary.shared()
        // A DESTDIR of its own: the other tests keep using the shared one.
        let own = StagedLibrary(root: staged.root.deletingLastPathComponent().appendingPathComponent("confetti-uninstall-\(UUID())"))
        defer { try? FileManager.default.removeItem(at: own.root) }
        let installed = try await own.make("install-library")
        #expect(installed.status == 0, "\(installed.stderr)")
        #expect(FileManager.default.fileExists(atPath: own.sharedObject.path))
        let removed = try await own.make("uninstall-library")
        #expect(removed.status == 0, "\(removed.stderr)")
        for file in ["lib/libconfetti.so.\(StagedLibrary.version)", "lib/libconfetti.so.0", "lib/libconfetti.so", "include/confetti.h", "lib/pkgconfig/confetti.pc"] {
            #expect(!FileManager.default.fileExists(atPath: own.root.appendingPathComponent("usr/" + file).path), "\(file) removed")
        }
    }
}
