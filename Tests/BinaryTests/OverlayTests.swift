import ConfettiApp
import ConfettiGL
import Foundation
import Testing
import TestSupport

/// `confetti overlay` as a person meets it: on a private X server (Xvfb with the Composite
/// extension) with a compositing manager (xcompmgr), over another program's window (xev, which
/// prints every event it receives). xdotool is the user's mouse and keyboard, xwd the camera.
@Suite(.serialized) struct OverlayTests {
    @Test func transparentOverlayShowsTheDesktopAndLetsClicksAndKeysThrough() async throws {
        let desktop = try await Desktop(compositing: true)
        defer { desktop.stop() }
        let before = try await desktop.screenshot()
        // Pieces that hang in view until the test stops the overlay, whatever the machine's load.
        let overlay = try desktop.overlay(["--effect", try desktop.hangingEffectFile(), "--no-vsync"])
        defer { overlay.stop() }

        // The first screenshot with confetti over the window beneath and over the desktop around it.
        var shot = RGBAImage(width: 0, height: 0, pixels: [])
        let seen = try await eventually(within: Desktop.stallGuard) {
            shot = try await desktop.screenshot()
            let over = shot.pixels(matching: Desktop.palette, in: Desktop.beneath).count
            return over >= 20 && shot.pixels(matching: Desktop.palette).count - over >= 20 || overlay.hasEnded
        }
        let startUp = overlay.age
        try #require(seen && !overlay.hasEnded, "no confetti over and around the window within \(Desktop.stallGuard) s: \(overlay.termination?.description ?? "still running"); \(overlay.errorOutput)")

        // Everywhere but the particles, the desktop exactly as it was: the overlay covers the
        // screen and is transparent where there are no particles.
        let over = shot.pixels(matching: Desktop.palette, in: Desktop.beneath)
        let unchanged = shot.pixelsUnchanged(from: before)
        let screenPixels = Desktop.screen.width * Desktop.screen.height
        #expect(Double(unchanged) > 0.8 * Double(screenPixels), "the desktop shows through: \(unchanged) of \(screenPixels) pixels as they were")
        let white = shot.pixels(matching: [RGB(1, 1, 1)], tolerance: 2, in: Desktop.beneath).count
        #expect(Double(white) > 0.8 * Double(Desktop.beneath.count), "the window beneath shows: \(white) of \(Desktop.beneath.count) pixels are its white")
        let tree = try await desktop.command(["xwininfo", "-root", "-tree"])
        #expect(tree.contains("\"confetti overlay\"") && tree.contains("\(Desktop.screen.width)x\(Desktop.screen.height)+0+0"),
                "a window named confetti overlay covers the screen: \(tree)")

        // A click on a piece of confetti over the window, and a key: both reach the window beneath
        // while the overlay is up.
        let centre = (x: Desktop.beneath.x.lowerBound + 200, y: Desktop.beneath.y.lowerBound + 150)
        let target = over.min { abs($0.x - centre.x) + abs($0.y - centre.y) < abs($1.x - centre.x) + abs($1.y - centre.y) }!
        _ = try await desktop.command(["xdotool", "mousemove", "\(target.x)", "\(target.y)", "click", "1"])
        _ = try await desktop.command(["xdotool", "key", "space"])
        let received = await eventually(within: Desktop.stallGuard) {
            desktop.events.contains("ButtonPress") && desktop.events.contains("KeyPress")
        }
        #expect(received, "xev beneath the overlay got the click and the key: \(desktop.events.suffix(1500))")
        #expect(desktop.buttonPresses.contains { $0 == (target.x, target.y) }, "the click at \(target) reached the window beneath: \(desktop.buttonPresses)")
        #expect(!overlay.hasEnded, "the overlay was still up when the click and the key arrived: \(overlay.errorOutput)")
        #expect(try await desktop.screenshot().pixels(matching: Desktop.palette).count >= 20, "and still showing confetti")
        print(String(format: "overlay: confetti over and around the window first seen on screen %.2f s after starting it", startUp))
    }

    @Test func itEndsByItselfAsSoonAsTheLastParticleHasDied() async throws {
        let desktop = try await Desktop(compositing: true)
        defer { desktop.stop() }
        let lifetime = 3.0
        let overlay = try desktop.overlay(["--effect", try desktop.effectFile(lifetime: lifetime), "--no-vsync"])
        defer { overlay.stop() }
        let outcome = try await overlay.outcome(within: lifetime + Desktop.stallGuard)
        #expect(outcome.exitedNormally && outcome.status == 0, "\(outcome.status): \(outcome.stderr)")
        // Its own clock, from the launch to the frame that found nothing alive: a frame or
        // two past the lifetime, with room for a loaded machine's slow frames.
        let summary = try #require(Summary(outcome.stdout), "the summary line: \(outcome.stdout)")
        #expect(summary.frames > 0)
        #expect(summary.seconds >= lifetime && summary.seconds < lifetime + 5, "ran \(summary.seconds) s for a \(lifetime) s effect")
        // Mesa's GLX copies parts of a buffer (GLX_MESA_copy_sub_buffer): no fallback to say.
        #expect(!outcome.stdout.contains(";"), "the X11 window shows only what changed: \(outcome.stdout)")
        print(String(format: "overlay: start-up %.3f s by the overlay's own clock (process start to first frame shown); %d frames over %.2f s for a %.0f s effect",
                     summary.firstFrame, summary.frames, summary.seconds, lifetime))
    }

    /// On X11 each frame shows only the rectangles that changed, from a back buffer kept frame
    /// to frame: when every piece has died (the next launch far off), nothing of them is left
    /// on screen, over the window beneath or the desktop, whether drawn over nothing, opaque,
    /// or with the glow (drawn whole, shown where it changed).
    @Test(arguments: [[], ["--opaque"], ["--bloom"]])
    func nothingIsLeftBehindWherePiecesWere(_ options: [String]) async throws {
        let opaque = options.contains("--opaque")
        let desktop = try await Desktop(compositing: true)
        defer { desktop.stop() }
        let before = try await desktop.screenshot()
        let lifetime = 3.0
        let overlay = try desktop.overlay(["--effect", try desktop.effectFile(lifetime: lifetime), "--fire-every", "3600"] + options)
        defer { overlay.stop() }
        let seen = try await eventually(within: Desktop.stallGuard) {
            try await desktop.screenshot().pixels(matching: Desktop.palette).count >= 20 || overlay.hasEnded
        }
        try #require(seen && !overlay.hasEnded, "no confetti on screen within \(Desktop.stallGuard) s: \(overlay.errorOutput)")
        // Once they have died: the desktop as it was, or the overlay's background alone.
        var shot = RGBAImage(width: 0, height: 0, pixels: [])
        let cleared = try await eventually(within: lifetime + Desktop.stallGuard) {
            shot = try await desktop.screenshot()
            let clear = opaque ? shot.pixels(matching: [SceneRenderer.background], tolerance: 1).count == shot.width * shot.height
                : shot.pixelsUnchanged(from: before) == shot.width * shot.height
            return clear || overlay.hasEnded
        }
        #expect(cleared && !overlay.hasEnded, "pieces left on screen: \(shot.pixels(matching: Desktop.palette).count) of the palette's pixels; \(overlay.errorOutput)")
    }

    @Test func withoutACompositingManagerItSaysSoInOneLineOrDrawsOpaque() async throws {
        let desktop = try await Desktop(compositing: false)
        defer { desktop.stop() }
        let refused = try desktop.overlay([])
        defer { refused.stop() }
        #expect(await refused.ending(within: Desktop.stallGuard) == .exited(2))
        let lines = refused.errorOutput.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].hasPrefix("confetti: ") && lines[0].contains("no compositing manager") && lines[0].contains("--opaque"),
                "one line saying why and what to do: \(refused.errorOutput)")

        // --opaque: the viewer's background hides the desktop, confetti is drawn over it, and
        // clicks still go through.
        let overlay = try desktop.overlay(["--opaque", "--no-vsync", "--effect", try desktop.hangingEffectFile()])
        defer { overlay.stop() }
        var shot = RGBAImage(width: 0, height: 0, pixels: [])
        let covered = try await eventually(within: Desktop.stallGuard) {
            shot = try await desktop.screenshot()
            let background = shot.pixels(matching: [SceneRenderer.background], tolerance: 2, in: Desktop.beneath).count
            return background > Desktop.beneath.count / 2 && shot.pixels(matching: Desktop.palette).count >= 20 || overlay.hasEnded
        }
        try #require(covered && !overlay.hasEnded, "the opaque overlay never covered the window with confetti: \(overlay.errorOutput)")
        #expect(shot.pixels(matching: [RGB(1, 1, 1)], tolerance: 2, in: Desktop.beneath).isEmpty, "nothing of the window beneath shows")
        _ = try await desktop.command(["xdotool", "mousemove", "300", "250", "click", "1"])
        #expect(await eventually(within: Desktop.stallGuard) { desktop.buttonPresses.contains { $0 == (300, 250) } }, "the click went through: \(desktop.buttonPresses)")
        // Through the overlay, not past a window that had gone: it is still up, still opaque.
        #expect(!overlay.hasEnded, "the overlay was still up when the click arrived: \(overlay.errorOutput)")
        let after = try await desktop.screenshot()
        #expect(after.pixels(matching: [RGB(1, 1, 1)], tolerance: 2, in: Desktop.beneath).isEmpty, "and still hid the window beneath")
        overlay.send(SIGTERM)
        #expect(await overlay.ending(within: Desktop.stallGuard) == .exited(143), "\(overlay.errorOutput)")
    }

    /// SIGHUP too (its terminal closed): the overlay stops on the signals a render stops on.
    @Test(arguments: [(SIGTERM, Int32(143)), (SIGINT, Int32(130)), (SIGHUP, Int32(129))])
    func aStopSignalEndsItEarlyWithOneLine(_ signal: Int32, _ status: Int32) async throws {
        let desktop = try await Desktop(compositing: true)
        defer { desktop.stop() }
        let overlay = try desktop.overlay(["--effect", try desktop.hangingEffectFile(), "--no-vsync"])
        defer { overlay.stop() }
        let showing = try await eventually(within: Desktop.stallGuard) {
            try await desktop.screenshot().pixels(matching: Desktop.palette).count >= 20 || overlay.hasEnded
        }
        try #require(showing && !overlay.hasEnded, "the overlay never showed: \(overlay.errorOutput)")
        overlay.send(signal)
        let ending = await overlay.ending(within: Desktop.stallGuard)
        #expect(ending == .exited(status), "\(ending?.description ?? "still running after \(Desktop.stallGuard) s")")
        let name = [SIGTERM: "SIGTERM", SIGINT: "SIGINT", SIGHUP: "SIGHUP"][signal]!
        #expect(overlay.errorOutput == "confetti: overlay stopped by \(name)\n", "one line: \(overlay.errorOutput)")
    }

    /// What the overlay prints when the effect has ended.
    struct Summary {
        var firstFrame: Double
        var frames: Int
        var seconds: Double

        /// `overlay: first frame 0.202 s after start, 2036 frames over 1.50 s`
        init?(_ output: String) {
            let words = output.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "," })
            guard let first = words.firstIndex(of: "frame"), let over = words.firstIndex(of: "over"),
                  first + 1 < words.count, over >= 2, over + 1 < words.count,
                  let firstFrame = Double(words[first + 1]), let frames = Int(words[over - 2]), let seconds = Double(words[over + 1])
            else { return nil }
            (self.firstFrame, self.frames, self.seconds) = (firstFrame, frames, seconds)
        }
    }
}

/// A small X desktop: a 640×480 Xvfb with Composite, xev's 400×300 window at (100, 100), and
/// optionally xcompmgr. No window manager, so windows sit where they ask to, and the keyboard
/// follows the pointer.
final class Desktop {
    static let screen = (width: 640, height: 480)
    /// xev's window, in screen pixels.
    static let beneath = PixelArea(x: 100, y: 100, width: 400, height: 300)
    static let palette = Effect.celebration.confetti.colors
    /// How long a test waits for what it needs (a window, a pixel, an event, an exit) before it
    /// gives up: a guard against a stall, generous for a machine busy with other tests.
    static let stallGuard = 60.0

    let logs = FileManager.default.temporaryDirectory.appendingPathComponent("confetti-desktop-\(UUID())")
    let server: XServer
    private let xev: ChildProcess
    private var compositor: ChildProcess?

    init(compositing: Bool) async throws {
        server = try await XServer.start(screen: "\(Self.screen.width)x\(Self.screen.height)x24", options: ["+extension", "Composite"], logs: logs)
        do {
            let area = Self.beneath
            xev = try ChildProcess(["xev", "-geometry", "\(area.x.count)x\(area.y.count)+\(area.x.lowerBound)+\(area.y.lowerBound)"],
                                   environment: server.clientEnvironment, logs: logs)
        } catch {
            server.stop()
            throw error
        }
        do {
            guard await eventually(within: Self.stallGuard, { xev.output.contains("Expose event") }) else {
                throw TestFailure("xev's window never appeared: \(xev.errorOutput)")
            }
            if compositing {
                let manager = try ChildProcess(["xcompmgr"], environment: server.clientEnvironment, logs: logs)
                compositor = manager
                // xcompmgr names the window that holds the _NET_WM_CM_S0 selection after itself.
                guard try await eventually(within: Self.stallGuard, { try await command(["xwininfo", "-root", "-tree"]).contains("\"xcompmgr\"") }) else {
                    throw TestFailure("xcompmgr did not take the screen within \(Self.stallGuard) s: \(manager.errorOutput)")
                }
            }
        } catch {
            stop()
            throw error
        }
    }

    /// Runs a client of this desktop to its end and returns its stdout.
    func command(_ arguments: [String]) async throws -> String {
        try await ChildProcess.output(of: arguments, environment: server.clientEnvironment, logs: logs)
    }

    func screenshot() async throws -> RGBAImage {
        try await XWDImage.screenshot(server, logs: logs)
    }

    /// Muted: these tests watch its pictures and its one line on stderr, and there is no sound
    /// server to say so about (ViewerSoundTests hears the sound).
    func overlay(_ arguments: [String]) throws -> ChildProcess {
        try ChildProcess([try ConfettiBinary.url().path, "overlay", "--mute"] + arguments, environment: server.clientEnvironment, logs: logs)
    }

    func effectFile(lifetime: Double) throws -> String {
        try Self.effectFile(lifetime: lifetime, in: logs)
    }

    func hangingEffectFile() throws -> String {
        try Self.hangingEffectFile(in: logs)
    }

    /// Confetti that stays on screen for two minutes, longer than a test's stall guards add up
    /// to, so a test ends it (with a signal) rather than betting on it outliving a screenshot.
    /// Two large pieces a second for a minute, each living a minute, launched up from the bottom
    /// with no gravity into air so thick that they stop (drag 2/s, half a viewport height up)
    /// and hang there, fluttering and spinning, between the middle and the lower third.
    static func hangingEffectFile(in directory: URL) throws -> String {
        let file = directory.appendingPathComponent("hanging.json")
        try """
            {"kind": "confetti", "confetti": {"lifetime": 60, "fadeOutDuration": 1, "gravity": 0, "drag": 2, "rate": 2, "duration": 60,
             "upwardSpeed": 1.2, "horizontalSpeed": [-0.3, 0.3], "spreadStrength": [0, 0], "sizes": [[24, 16], [16, 24]]}}
            """.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    /// A celebration whose confetti lives `lifetime` seconds, in large pieces easy to find.
    static func effectFile(lifetime: Double, in directory: URL) throws -> String {
        let file = directory.appendingPathComponent("celebration-\(Int(lifetime)).json")
        try """
            {"kind": "celebration", "confetti": {"lifetime": \(lifetime), "count": 120, "sizes": [[24, 16], [16, 24]]}}
            """.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    /// Everything xev printed.
    var events: String { xev.output }

    /// Where the window beneath was clicked, in screen pixels: xev's `root:(x,y)`.
    var buttonPresses: [(Int, Int)] {
        events.components(separatedBy: "ButtonPress event").dropFirst().compactMap { event in
            guard let open = event.range(of: "root:("), let close = event[open.upperBound...].firstIndex(of: ")") else { return nil }
            let numbers = event[open.upperBound..<close].split(separator: ",").compactMap { Int($0) }
            return numbers.count == 2 ? (numbers[0], numbers[1]) : nil
        }
    }

    func stop() {
        compositor?.stop()
        xev.stop()
        server.stop()
        try? FileManager.default.removeItem(at: logs)
    }
}
