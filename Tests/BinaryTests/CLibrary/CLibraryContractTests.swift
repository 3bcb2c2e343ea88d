import ConfettiApp
import ConfettiCore
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

    /// A seed gives its launches from C too: two handles made with the same seed draw the same
    /// pixels for the same fires, launch by launch, and another seed or the next launch others
    /// (seeds.c).
    @Test func twoCFiresWithTheSameSeedDrawTheSamePixels() async throws {
        let library = try await StagedLibrary.shared()
        let client = try await library.build("Tests/CClients/seeds.c", packages: ["epoxy"],
                                             options: ["-std=c99", "-D_POSIX_C_SOURCE=200809L", "-Wall", "-Wextra", "-Werror", "-pedantic"])
        defer { try? FileManager.default.removeItem(at: client) }
        let run = try await ChildProcess.run([client.path], environment: library.environment, timeout: 600)
        let failed = run.stdout.split(separator: "\n").filter { $0.hasPrefix("FAIL") }
        #expect(run.status == 0 && failed.isEmpty && run.stdout.contains("0 failed"), "\(run.stdout) \(run.stderr.suffix(2000))")
        #expect(run.stdout.split(separator: "\n").filter { $0.hasPrefix("ok: ") }.count == 6, "\(run.stdout)")
    }

    /// handle_rss.c, built against the staged library.
    static func handleCostClient(_ library: StagedLibrary) async throws -> URL {
        try await library.build("Tests/CClients/handle_rss.c", packages: ["epoxy"],
                                options: ["-std=c99", "-D_POSIX_C_SOURCE=200809L", "-Wall", "-Wextra", "-Werror"])
    }

    /// The resident memory, KiB, a handle of `capacity` costs with `pictures` pictures of
    /// 4096 × 4096 pixels added by name and one burst drawn (handle_rss.c).
    static func handleCost(_ client: URL, _ library: StagedLibrary, capacity: Int, pictures: Int = 0) async throws -> Int {
        let run = try await ChildProcess.run([client.path, "\(capacity)", "\(pictures)"], environment: library.environment, timeout: 300)
        guard run.status == 0, let kib = run.stdout.firstMatch(of: /rss_kib (-?\d+)/).flatMap({ Int($0.output.1) }) else {
            throw TestFailure("handle_rss \(capacity) \(pictures): status \(run.status) \(run.stdout) \(run.stderr.suffix(1000))")
        }
        return kib
    }

    /// A handle of the default capacity (1,048,576 particles a ring) costs at most 4 MB of
    /// resident memory more than one of capacity 4096 for the same burst: its rings start
    /// small and grow only when a launch needs room.
    @Test func aHandleOfTheDefaultCapacityCostsAtMostFourMegabytesMoreThanASmallOne() async throws {
        let library = try await StagedLibrary.shared()
        let client = try await Self.handleCostClient(library)
        defer { try? FileManager.default.removeItem(at: client) }
        let small = try await Self.handleCost(client, library, capacity: 4096)
        let standard = try await Self.handleCost(client, library, capacity: 0)
        #expect(standard - small <= 4096, "default capacity \(standard) KiB, capacity 4096 \(small) KiB")
    }

    /// Pictures an app hands over in memory are kept at the atlas page's size, as a PNG file's
    /// are: two of 4096 × 4096 pixels, 128 MiB as given, cost the handle at most 4 MB (each
    /// is 256 kB kept).
    @Test func picturesAddedInMemoryAreKeptAtTheAtlasPagesSize() async throws {
        let library = try await StagedLibrary.shared()
        let client = try await Self.handleCostClient(library)
        defer { try? FileManager.default.removeItem(at: client) }
        let none = try await Self.handleCost(client, library, capacity: 0)
        let two = try await Self.handleCost(client, library, capacity: 0, pictures: 2)
        #expect(two - none <= 4096, "with two 4096² pictures \(two) KiB, with none \(none) KiB")
    }

    /// The GTK 4 example redraws until the celebration is over, then draws the idle frame: no
    /// piece is left frozen on screen.
    @Test func theGTK4ExampleDrawsTheIdleFrameSoNoPieceStaysOnScreen() async throws {
        let library = try await StagedLibrary.shared()
        let example = try await library.build("Examples/gtk4/celebrate.c", packages: ["gtk4", "epoxy"], options: ["-std=c11", "-Wall", "-Wextra", "-Werror"])
        defer { try? FileManager.default.removeItem(at: example) }
        let window = try await ExampleWindow.run(example, arguments: ["--until-idle"], library: library) {
            $0.confettiPixels == 0 && $0.clearColourPixels > 640 * 360 / 2
        }
        #expect(window.report.contains("until idle, the idle frame last") && window.report.contains("kept"), "\(window.report)")
        #expect(window.confettiPixels == 0, "the idle frame shows no piece: \(window.confettiPixels) vivid pixels")
        #expect(window.clearColourPixels > 640 * 360 / 2, "the area's own teal: \(window.clearColourPixels)")
    }

    /// The headless example: EGL's surfaceless platform, an offscreen framebuffer, a PNG out.
    @Test func theHeadlessCExampleWritesAPNGOfConfettiOverItsTeal() async throws {
        let library = try await StagedLibrary.shared()
        let example = try await library.build("Examples/headless/celebrate.c", packages: ["epoxy", "libpng"],
                                              options: ["-std=c99", "-D_POSIX_C_SOURCE=200809L", "-Wall", "-Wextra", "-Werror", "-pedantic"])
        defer { try? FileManager.default.removeItem(at: example) }
        let png = example.appendingPathExtension("png")
        defer { try? FileManager.default.removeItem(at: png) }
        let run = try await ChildProcess.run([example.path, png.path, "confetti", "0.5"], environment: library.environment, timeout: 300)
        #expect(run.status == 0 && run.stdout.contains("wrote \(png.path): confetti at 0.50 s, 30 particles alive"), "\(run.stdout) \(run.stderr)")
        // As written, straight RGBA (a sprite read would be reduced to the atlas's size).
        let image = try PNGFile.read(png.path)
        #expect(image.width == 640 && image.height == 360)
        var teal = 0, vivid = 0
        for i in stride(from: 0, to: image.pixels.count, by: 4) {
            let (r, g, b) = (Int(image.pixels[i]), Int(image.pixels[i + 1]), Int(image.pixels[i + 2]))
            if abs(r - 26) <= 3 && abs(g - 89) <= 3 && abs(b - 102) <= 3 { teal += 1 }
            if max(r, g, b) - min(r, g, b) >= 120 { vivid += 1 }
        }
        #expect(teal > 640 * 360 / 2 && vivid > 300, "teal \(teal), confetti \(vivid) pixels")
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
