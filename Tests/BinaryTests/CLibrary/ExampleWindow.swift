import ConfettiGL
import Foundation
import TestSupport

/// An example app built against the staged library, run on an Xvfb of its own until it says
/// it has drawn its frames (the last one stays on screen), then photographed until the picture
/// shows what the test expects: an app says it drew a frame before its toolkit presents it (GTK
/// prints from its render callback), so the first picture after the line may be an older frame.
struct ExampleWindow {
    /// The examples' clear colour, (0.1, 0.35, 0.4) in 8 bits.
    static let teal: (Int, Int, Int) = (26, 89, 102)

    let report: String
    let screenshot: RGBAImage

    /// `shows`: what the last frame, once on screen, has; photographed until it holds or for a
    /// stall guard of a minute, and the last picture returned either way, for the test to judge.
    static func run(_ executable: URL, arguments: [String], library: StagedLibrary, until shows: (ExampleWindow) -> Bool) async throws -> ExampleWindow {
        let logs = FileManager.default.temporaryDirectory.appendingPathComponent("confetti-example-\(UUID())")
        defer { try? FileManager.default.removeItem(at: logs) }
        let server = try await XServer.start(logs: logs)
        defer { server.stop() }
        var environment = library.environment
        environment["DISPLAY"] = server.display
        environment["GDK_BACKEND"] = "x11"
        environment["NO_AT_BRIDGE"] = "1"
        let app = try ChildProcess([executable.path] + arguments, environment: environment, logs: logs)
        defer { app.stop() }
        // A stall guard: llvmpipe on a busy machine draws the frames in seconds.
        let reported = await eventually(within: 180) { app.output.contains("drew") || app.hasEnded }
        guard reported, !app.hasEnded else {
            throw TestFailure("\(executable.lastPathComponent) did not report its frames (\(app.termination.map(\.description) ?? "still running")): \(app.output) \(app.errorOutput.suffix(2000))")
        }
        var window = ExampleWindow(report: app.output, screenshot: try await XWDImage.screenshot(server, logs: logs))
        _ = try await eventually(within: 60) {
            window = ExampleWindow(report: app.output, screenshot: try await XWDImage.screenshot(server, logs: logs))
            return shows(window)
        }
        return window
    }

    /// Pixels of the app's clear colour.
    var clearColourPixels: Int { count { abs($0 - Self.teal.0) <= 3 && abs($1 - Self.teal.1) <= 3 && abs($2 - Self.teal.2) <= 3 } }

    /// Vivid pixels, which neither the teal (76 between its channels), the black screen nor a
    /// grey button has: confetti's reds, yellows, greens, blues and purples.
    var confettiPixels: Int { count { max($0, $1, $2) - min($0, $1, $2) >= 120 } }

    private func count(_ test: (Int, Int, Int) -> Bool) -> Int {
        var found = 0
        let pixels = screenshot.pixels
        for i in stride(from: 0, to: pixels.count, by: 4) where test(Int(pixels[i]), Int(pixels[i + 1]), Int(pixels[i + 2])) {
            found += 1
        }
        return found
    }
}
