import ConfettiApp
import ConfettiCore
import ConfettiGL
import Foundation
import Testing
import TestSupport

/// The GNOME Shell extension on a real, headless GNOME Shell 43 (`GnomeShell`), installed by
/// `confetti gnome-extension install` as a user would, hosting a stand-in for the resident
/// overlay (Tests/GnomeShell/stand-in-overlay.js: one opaque window per monitor, titled as the
/// overlay's are, with an empty input region). What the extension alone is responsible for:
/// the windows over every monitor and the top bar, out of the window list, never keeping the
/// focus, clicks through to the app beneath, the overlay started again when it dies, nothing
/// left once it is disabled, and hostile calls on its bus name refused.
@Suite(.serialized) struct GnomeShellTests {
    /// The stand-in's colour.
    static let standIn = RGB(hex: 0xFF00FF)

    /// Installs the extension with the stand-in as its command, starts the shell and an app.
    static func shellWithStandIn() async throws -> (shell: GnomeShell, command: URL) {
        var command: URL!
        let shell = try await GnomeShell { shell in
            command = shell.directory.appendingPathComponent("stand-in-overlay")
            try await ChildProcess.installExecutable("#!/bin/sh\nexec gjs \(Repository.file("Tests/GnomeShell/stand-in-overlay.js").path) \"$@\"\n", at: command)
            let installed = try await ConfettiBinary.run(["gnome-extension", "install", "--command", command.path], environment: shell.environment.mapValues { Optional($0) })
            #expect(installed.status == 0, "\(installed.stderr)")
            #expect(installed.stdout.contains("log out and back in once"), "the first install says a log-out is needed: \(installed.stdout)")
        }
        return (shell, command)
    }

    /// Whether the app's last word on its state was that it is activated.
    static func isActivated(_ app: ChildProcess) -> Bool {
        app.output.split(separator: "\n").last { $0 == "activated" || $0 == "deactivated" } == "activated"
    }

    /// Whether `shot` shows the stand-in at (x, y).
    static func standIn(in shot: RGBAImage, x: Int, y: Int) -> Bool {
        !shot.pixels(matching: [standIn], tolerance: 2, in: PixelArea(x: x, y: y, width: 1, height: 1)).isEmpty
    }

    @Test func extensionPlacesTheOverlayOverEveryMonitorAndKeepsTheAppFocused() async throws {
        let (shell, command) = try await Self.shellWithStandIn()
        defer { shell.stop() }

        // The extension started the stand-in with the resident overlay's fixed arguments.
        var standIns: [pid_t] = []
        let started = await eventually(within: Desktop.stallGuard) {
            standIns = shell.descendants(matching: "stand-in-overlay.js")
            return !standIns.isEmpty
        }
        try #require(started, "the extension started no overlay: \(shell.process.errorOutput.suffix(2000))")
        let arguments = try String(contentsOfFile: "/proc/\(standIns[0])/cmdline", encoding: .utf8).split(separator: "\0")
        #expect(arguments.suffix(3) == ["overlay", "--resident", "--keep-mapped"], "\(arguments)")
        _ = command

        // Its windows cover both monitors, over the top bar of the first.
        var shot = RGBAImage(width: 0, height: 0, pixels: [])
        let points = [(x: 640, y: 5), (x: 640, y: 400), (x: 1280 + 512, y: 5), (x: 1280 + 512, y: 400)]
        let covered = try await eventually(within: Desktop.stallGuard) {
            shot = try await shell.screenshot()
            return points.allSatisfy { Self.standIn(in: shot, x: $0.x, y: $0.y) }
        }
        #expect(covered, "the stand-in is not over both monitors and the top bar: \(points.map { Self.standIn(in: shot, x: $0.x, y: $0.y) })")

        // An app opened beneath gets the focus and keeps it.
        let app = try shell.startAppBeneath()
        defer { app.stop() }
        let activated = await eventually(within: Desktop.stallGuard) { Self.isActivated(app) }
        try #require(activated, "the app beneath was never activated: \(app.output) \(app.errorOutput)")

        // No window of ours in the window list: only the app, and it has the focus.
        let windows = try await shell.windows()
        #expect(!windows.contains { $0.title?.hasPrefix("confetti overlay") == true }, "\(windows.map(\.title))")
        #expect(windows.contains { $0.title == "app beneath" && $0.hasFocus == true }, "\(windows.map { ($0.title, $0.hasFocus) })")

        // A click on the overlay reaches the app beneath, where it was made.
        let clicksBefore = app.output.components(separatedBy: "click").count
        try await shell.click(x: 640, y: 400, reaching: app)
        #expect(app.output.components(separatedBy: "click").count > clicksBefore, "the click did not reach the app beneath: \(app.output)")

        // SIGKILLed, the overlay is started again, placed again, and the app has the focus back.
        kill(standIns[0], SIGKILL)
        var again: [pid_t] = []
        let restarted = await eventually(within: Desktop.stallGuard) {
            again = shell.descendants(matching: "stand-in-overlay.js").filter { $0 != standIns[0] }
            return !again.isEmpty
        }
        #expect(restarted, "the extension did not start the overlay again")
        let placedAgain = try await eventually(within: Desktop.stallGuard) {
            guard Self.isActivated(app) else { return false }
            shot = try await shell.screenshot()
            return points.allSatisfy { Self.standIn(in: shot, x: $0.x, y: $0.y) }
        }
        #expect(placedAgain, "after a restart: overlay placed \(points.map { Self.standIn(in: shot, x: $0.x, y: $0.y) }), app: \(app.output)")
        let focused = try await shell.windows()
        #expect(focused.contains { $0.title == "app beneath" && $0.hasFocus == true }, "\(focused.map { ($0.title, $0.hasFocus) })")

        // status: installed, enabled, running.
        let status = try await ConfettiBinary.run(["gnome-extension", "status"], environment: shell.environment.mapValues { Optional($0) })
        #expect(status.status == 0)
        #expect(status.stdout.contains("installed: yes"), "\(status.stdout)")
        #expect(status.stdout.contains("enabled: yes"), "\(status.stdout)")
        #expect(status.stdout.contains("running: yes"), "\(status.stdout)")

        // Uninstalled, it is disabled at once: no overlay left, no bus name, no window.
        let uninstalled = try await ConfettiBinary.run(["gnome-extension", "uninstall"], environment: shell.environment.mapValues { Optional($0) })
        #expect(uninstalled.status == 0, "\(uninstalled.stderr)")
        let gone = try await eventually(within: Desktop.stallGuard) {
            guard shell.descendants(matching: "stand-in-overlay.js").isEmpty else { return false }
            shot = try await shell.screenshot()
            return !points.contains { Self.standIn(in: shot, x: $0.x, y: $0.y) }
        }
        #expect(gone, "after disable(): \(shell.descendants(matching: "stand-in-overlay.js")) still running")
        let after = try await ConfettiBinary.run(["gnome-extension", "status"], environment: shell.environment.mapValues { Optional($0) })
        #expect(after.stdout.contains("installed: no") && after.stdout.contains("enabled: no") && after.stdout.contains("running: no"), "\(after.stdout)")
        #expect(Self.isActivated(app), "the app lost the focus: \(app.output)")
    }

    /// Any program of the user can call the session bus: the extension takes a preset's name,
    /// a position and an output's name, checked, and refuses anything else with an error.
    @Test func hostileBusCallsAreRefused() async throws {
        let (shell, _) = try await Self.shellWithStandIn()
        defer { shell.stop() }
        let named = await eventually(within: Desktop.stallGuard) { GnomeExtension.isRunning(environment: shell.environment) }
        try #require(named, "the extension did not take its bus name: \(shell.process.errorOutput.suffix(2000))")

        func fire(_ arguments: [String], method: String = "Fire") async throws -> ChildProcess.Outcome {
            try await ChildProcess.run(["gdbus", "call", "--session", "--dest", GnomeExtension.busName, "--object-path", "/org/confetti/Overlay",
                                        "--method", "org.confetti.Overlay.\(method)"] + arguments, environment: shell.environment, timeout: Desktop.stallGuard)
        }
        let refusals: [(arguments: [String], error: String)] = [
            (["../../../etc/passwd", "@ad []", ""], "InvalidArgs"),
            (["confetti --effect /tmp/x", "@ad []", ""], "InvalidArgs"),
            ([String(repeating: "a", count: 100_000), "@ad []", ""], "InvalidArgs"),
            (["confetti", "[1.0, 2.0, 3.0]", ""], "InvalidArgs"),
            (["confetti", "[1e300, 2.0]", ""], "InvalidArgs"),
            (["confetti", "@ad []", "Meta-0; rm -rf ~"], "InvalidArgs"),
            (["confetti", "@ad []", "$(touch /tmp/owned)"], "InvalidArgs"),
        ]
        for refusal in refusals {
            let outcome = try await fire(refusal.arguments)
            #expect(outcome.status != 0, "accepted: \(refusal.arguments.map { $0.prefix(40) })")
            #expect(outcome.stderr.contains(refusal.error), "\(refusal.arguments.map { $0.prefix(40) }): \(outcome.stderr.prefix(300))")
        }
        // FireWithOptions: the same arguments, and booleans named mute and reducedMotion only.
        let optionRefusals: [[String]] = [
            ["../../../etc/passwd", "@ad []", "", "{'mute': <true>}"],
            ["confetti", "@ad []", "", "{'effect': <'/tmp/x.json'>}"],
            ["confetti", "@ad []", "", "{'mute': <'yes'>}"],
            ["confetti", "@ad []", "", "{'reducedMotion': <1>}"],
        ]
        for arguments in optionRefusals {
            let outcome = try await fire(arguments, method: "FireWithOptions")
            #expect(outcome.status != 0 && outcome.stderr.contains("InvalidArgs"), "\(arguments): \(outcome.stderr.prefix(300))")
        }
        // Valid options pass the checks: the stand-in has no socket, so the overlay is unavailable.
        let valid = try await fire(["confetti", "[640.0, 12.0]", "Meta-0", "{'mute': <true>, 'reducedMotion': <false>}"], method: "FireWithOptions")
        #expect(valid.status != 0 && valid.stderr.contains("Unavailable"), "\(valid.stderr.prefix(300))")
        // So does a named effect's name (EffectReference's rule), and no longer one.
        let namedEffect = try await fire(["My_party-2", "@ad []", ""])
        #expect(namedEffect.status != 0 && namedEffect.stderr.contains("Unavailable"), "\(namedEffect.stderr.prefix(300))")
        let tooLong = try await fire([String(repeating: "a", count: EffectReference.maxNameLength + 1), "@ad []", ""])
        #expect(tooLong.status != 0 && tooLong.stderr.contains("InvalidArgs"), "\(tooLong.stderr.prefix(300))")
        // Not Fire's signature, or no such method: refused before the extension sees them
        // (dbus-send, as gdbus checks the signature itself).
        for (method, arguments) in [("Fire", ["string:confetti"]), ("Fire", ["int32:42", "string:x", "int32:7"]), ("Explode", [])] {
            let outcome = try await ChildProcess.run(["dbus-send", "--session", "--print-reply", "--dest=\(GnomeExtension.busName)", "/org/confetti/Overlay",
                                                      "org.confetti.Overlay.\(method)"] + arguments, environment: shell.environment, timeout: Desktop.stallGuard)
            #expect(outcome.status != 0 && (outcome.stderr.contains("InvalidArgs") || outcome.stderr.contains("UnknownMethod")), "\(method) \(arguments): \(outcome.stderr.prefix(300))")
        }
        // The extension is still there and its overlay still runs.
        #expect(GnomeExtension.isRunning(environment: shell.environment))
        #expect(!shell.descendants(matching: "stand-in-overlay.js").isEmpty)
    }

    /// The real thing: `confetti gnome-extension install` as a user runs it, then `confetti
    /// fire` from a shell while an app is open and focused.
    @Test func fireCelebratesOverGnomeAndTheAppKeepsTheFocus() async throws {
        let shell = try await GnomeShell { shell in
            let installed = try await ConfettiBinary.run(["gnome-extension", "install"], environment: shell.environment.mapValues { Optional($0) })
            #expect(installed.status == 0 && installed.stdout.contains("log out and back in once"), "\(installed.stdout) \(installed.stderr)")
            // The user's own effect, which the extension's Fire('party') plays by name.
            let effects = shell.home.appendingPathComponent(".config/confetti/effects")
            try FileManager.default.createDirectory(at: effects, withIntermediateDirectories: true)
            try String(contentsOfFile: try Desktop.effectFile(lifetime: 20, in: shell.directory), encoding: .utf8)
                .write(to: effects.appendingPathComponent("party.json"), atomically: true, encoding: .utf8)
        }
        defer { shell.stop() }
        let app = try shell.startAppBeneath()
        defer { app.stop() }
        let activated = await eventually(within: Desktop.stallGuard) { Self.isActivated(app) }
        try #require(activated, "the app beneath was never activated: \(app.output) \(app.errorOutput)")

        // Large pieces that live for 20 s: a screenshot of the whole desktop takes seconds on a
        // busy machine, and the pieces must outlive the first one that can see them.
        let effect = try Desktop.effectFile(lifetime: 20, in: shell.directory)
        // Over the top bar: pieces launched at y 12 fall out of its 32-point band at once, so
        // what is fired there hangs where it is fired for as long.
        let hanging = try Self.sparksHangingAtTheirLaunch(in: shell.directory)
        let palette = Desktop.palette
        let monitor0 = PixelArea(x: 0, y: GnomeShell.topBar, width: 1280, height: 720 - GnomeShell.topBar)
        let monitor1 = PixelArea(x: 1280, y: 0, width: 1024, height: 768)
        let topBar = PixelArea(x: 0, y: 0, width: 1280, height: GnomeShell.topBar)
        let monitor0WithTopBar = PixelArea(x: 0, y: 0, width: 1280, height: 720)
        // Each launch plays on its own monitor alone: `elsewhere` is the other one.
        let fires: [(arguments: [String], area: PixelArea, elsewhere: PixelArea, name: String)] = [
            ([effect], monitor0, monitor1, "monitor 1"),
            ([effect, "--output", "Meta-1"], monitor1, monitor0WithTopBar, "monitor 2"),
            ([hanging, "--at", "640,12"], topBar, monitor1, "the top bar"),
            ([effect], monitor0, monitor1, "monitor 1 again"),
        ]
        for fire in fires {
            let fired = try await ConfettiBinary.run(["fire", "--mute"] + fire.arguments, environment: shell.environment.mapValues { Optional($0) }, timeout: Desktop.stallGuard)
            #expect(fired.status == 0, "confetti fire \(fire.arguments): \(fired.stderr)")
            // Where it plays, in one picture of the whole desktop of the first frames of the
            // launch: on its monitor, and on the other at most the few pieces that fly on across
            // the seam (pieces that live 20 s leave their output's edge, as they would leave a
            // single screen, and a later picture holds more of them and fewer here; that every
            // preset's launch stays on its output for its whole life is LaunchMoveTests' proof).
            // A launch spread over the desktop puts a third of its pieces or more on the other
            // monitor.
            let shot = try await Self.screenshotOfTheLaunchJustFired(in: shell)
            let seen = shot.pixels(matching: palette, in: fire.area, limit: 20).count >= 20
            #expect(seen, "no confetti over \(fire.name) (\(fire.area)): \(shell.process.errorOutput.suffix(1500))")
            let here = shot.pixels(matching: palette, in: fire.area).count, there = shot.pixels(matching: palette, in: fire.elsewhere).count
            #expect(there * 4 < here, "confetti fired over \(fire.name): \(here) pixels there, \(there) on the other monitor (\(fire.elsewhere))")
            // Over: not a particle left on either monitor.
            var last = shot
            let over = try await eventually(within: Desktop.stallGuard) {
                last = try await shell.screenshot()
                return last.pixels(matching: palette, limit: 1).isEmpty
            }
            #expect(over, "confetti left after \(fire.name): \(last.pixels(matching: palette, limit: 10))")
            #expect(Self.isActivated(app), "the app lost the focus by \(fire.name): \(app.output)")
        }
        // The extension's Fire('party'): the user's named effect, on the first monitor.
        let party = try await ChildProcess.run(["gdbus", "call", "--session", "--dest", GnomeExtension.busName, "--object-path", "/org/confetti/Overlay",
                                                "--method", "org.confetti.Overlay.FireWithOptions", "party", "@ad []", "", "{'mute': <true>}"],
                                               environment: shell.environment, timeout: Desktop.stallGuard)
        #expect(party.status == 0, "Fire('party'): \(party.stderr)")
        let partySeen = try await eventually(within: Desktop.stallGuard) {
            try await shell.screenshot().pixels(matching: palette, in: monitor0, limit: 20).count >= 20
        }
        #expect(partySeen, "no confetti from Fire('party') within \(Desktop.stallGuard) s")
        let windows = try await shell.windows()
        #expect(!windows.contains { $0.title?.hasPrefix("confetti overlay") == true }, "\(windows.map(\.title))")
        #expect(windows.contains { $0.title == "app beneath" && $0.hasFocus == true }, "\(windows.map { ($0.title, $0.hasFocus) })")
        // The app took the focus once and never lost it.
        #expect(app.output.split(separator: "\n").filter { $0 == "activated" }.count == 1, "\(app.output)")
        // A click over the overlay reaches it.
        let fired = try await ConfettiBinary.run(["fire", "--mute", effect], environment: shell.environment.mapValues { Optional($0) }, timeout: Desktop.stallGuard)
        #expect(fired.status == 0)
        try await shell.click(x: 640, y: 400, reaching: app)
        #expect(app.output.contains("click"), "the click did not reach the app beneath: \(app.output)")
    }

    /// The whole desktop as the resident overlay the extension runs shows a launch it has just
    /// admitted: once the overlay says (its status: frames drawn, particles alive) that it has
    /// drawn a frame since the fire was answered with the launch alive, it is stopped (SIGSTOP)
    /// for the screenshot and continued after. The compositor keeps showing the frame the
    /// overlay last presented, so the picture holds the launch's first frames however long a
    /// busy machine makes the screenshot: it cannot race the launch's lifetime, which the
    /// overlay's clock counts in wall time.
    static func screenshotOfTheLaunchJustFired(in shell: GnomeShell) async throws -> RGBAImage {
        let path = try ResidentSocketPath(environment: shell.environment)
        func status() -> ResidentReply? {
            guard let client = try? ResidentClient.connect(path) else { return nil }
            return try? client.exchange(ResidentRequest.statusLine, timeout: Desktop.stallGuard)
        }
        let answered = try #require(status()?.integer("frames"), "the resident overlay does not answer at \(path.socket)")
        var overlay: pid_t?
        let drawn = await eventually(within: Desktop.stallGuard) {
            guard let now = status(), let frames = now.integer("frames"), let alive = now.integer("alive"), let pid = now.integer("pid") else { return false }
            overlay = pid_t(pid)
            return frames > answered && alive > 0
        }
        guard drawn, let overlay else {
            throw TestFailure("the resident overlay drew no frame of the launch within \(Desktop.stallGuard) s: \(status().map { "\($0)" } ?? "no status")")
        }
        kill(overlay, SIGSTOP)
        defer { kill(overlay, SIGCONT) }
        return try await shell.screenshot()
    }

    /// Large sparks (24 points) of the confetti palette that stay where they are fired for 20 s:
    /// a fountain whose sparks rise from the point fired at (`--at`: the button centred there,
    /// offsetY down from its top edge to its centre) over no distance (scale 0.01), at one size.
    static func sparksHangingAtTheirLaunch(in directory: URL) throws -> String {
        let file = directory.appendingPathComponent("hanging-sparks.json")
        let colors = Desktop.palette.map { "\"\($0.hex)\"" }.joined(separator: ", ")
        try """
            {"kind": "fountain", "fountain": {"sparkCount": 24, "scale": 0.01, "sparkSize": 24, "delayStep": 0, "offsetY": -\(Rect.buttonSize.height / 2),
             "duration": 20, "startScaleTenths": [10, 10], "peakScaleTenths": [10, 10], "endScale": 1, "fadeStart": 0.99, "fadeEnd": 1, "colors": [\(colors)]}}
            """.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }
}
