import ConfettiApp
import Foundation
import Testing
import TestSupport

/// Leaving GNOME's overview gives the focus to the window GNOME gives it without the extension.
///
/// While the overview shows, the shell holds the keyboard: Mutter 43 keeps the last window that
/// asked for the focus meanwhile (a window mapping asks for it) and focuses it when the overview
/// closes. The overlay's windows map too, and when they map after an app's (at login the shell
/// starts in the overview, with the autostarted apps' windows and the overlay the extension
/// starts mapping together; or the overlay started again) it is theirs; the extension must then
/// hand the focus to that app, not back to the window that had it before, nor to nothing.
@Suite struct GnomeShellOverviewFocusTests {
    /// A shell ready in the overview, the extension installed with the stand-in as its command,
    /// which starts only once `gate` exists, with its Wayland events in the shell's log
    /// (WAYLAND_DEBUG): the window on Meta-0 configured to the monitor's whole size is the
    /// extension placing it, which it does once the shell shows it (`placements`). The overlay
    /// draws nothing in the overview and GNOME lists none of its windows, so this is how a test
    /// knows they are shown there.
    static func shellInTheOverviewWithGatedStandIn() async throws -> (shell: GnomeShell, gate: URL) {
        var gate: URL!
        let shell = try await GnomeShell(leavingTheOverview: false) { shell in
            gate = shell.directory.appendingPathComponent("the-overlay-may-start")
            let command = shell.directory.appendingPathComponent("stand-in-overlay")
            let standIn = Repository.file("Tests/GnomeShell/stand-in-overlay.js").path
            try await ChildProcess.installExecutable("#!/bin/sh\nuntil [ -e \(gate.path) ]; do sleep 0.1; done\nWAYLAND_DEBUG=client exec gjs \(standIn) \"$@\"\n", at: command)
            let installed = try await ConfettiBinary.run(["gnome-extension", "install", "--command", command.path], environment: shell.environment.mapValues { Optional($0) })
            #expect(installed.status == 0, "\(installed.stderr)")
        }
        return (shell, gate)
    }

    /// How many times the shell has configured the stand-in's window on Meta-0 to the monitor's
    /// whole size: the extension placing it.
    static func placements(in shell: GnomeShell) -> Int {
        let size = GnomeShell.monitors[0]
        return shell.process.errorOutput.components(separatedBy: "configure(\(size.x.count), \(size.y.count), ").count - 1
    }

    /// Whether the shell's window list shows a window titled `title` (shown, not only created),
    /// and, when `focused` is given, whether it has the focus.
    static func lists(_ title: String, focused: Bool? = nil, in shell: GnomeShell) async throws -> Bool {
        try await shell.windows().contains { $0.title == title && $0.isHidden == false && (focused == nil || $0.hasFocus == focused) }
    }

    /// Whether `app` says it is activated and the window list gives it, titled `title`, the focus.
    static func isFocused(_ app: ChildProcess, titled title: String, in shell: GnomeShell) async throws -> Bool {
        guard GnomeShellTests.isActivated(app) else { return false }
        return try await lists(title, focused: true, in: shell)
    }

    /// The window list's titles and which has the focus, for a failure's message.
    static func focusList(in shell: GnomeShell) async -> String {
        ((try? await shell.windows()) ?? []).map { "\($0.title ?? "?"): \($0.hasFocus == true ? "focused" : "not focused")" }.joined(separator: ", ")
    }

    /// Super or Esc, and waits until the overview shows or not as the key makes it.
    static func press(_ key: String, until overview: Bool, in shell: GnomeShell) async throws {
        try await shell.input(["key:\(key)"])
        let done = try await eventually(within: Desktop.stallGuard) { try await shell.overviewShows() == overview }
        try #require(done, "the overview \(overview ? "did not show" : "stayed") after key \(key)")
    }

    static let escape = "ff1b", superKey = "ffeb"

    @Test func leavingTheOverviewFocusesTheAppOpenedThere() async throws {
        let (shell, gate) = try await Self.shellInTheOverviewWithGatedStandIn()
        defer { shell.stop() }
        let inOverview = try await eventually(within: Desktop.stallGuard) { try await shell.overviewShows() }
        try #require(inOverview, "the shell did not start in the overview")

        // An app opened in the overview, shown there; then the overlay's windows, shown after it
        // while the overview still shows.
        let app = try shell.startAppBeneath()
        defer { app.stop() }
        let shown = try await eventually(within: Desktop.stallGuard) { try await Self.lists("app beneath", in: shell) }
        try #require(shown, "the app opened in the overview was never shown: \(app.errorOutput)")
        try Data().write(to: gate)
        let placed = await eventually(within: Desktop.stallGuard) { Self.placements(in: shell) > 0 }
        try #require(placed, "the extension placed no overlay window: \(shell.process.errorOutput.suffix(2000))")
        try #require(try await shell.overviewShows(), "the overview closed by itself")

        // Esc: the app is activated, as without the extension.
        try await Self.press(Self.escape, until: false, in: shell)
        let activated = try await eventually(within: Desktop.stallGuard) { try await Self.isFocused(app, titled: "app beneath", in: shell) }
        let list = await Self.focusList(in: shell)
        #expect(activated, "leaving the overview did not focus the app opened there: \(app.output); \(list)")

        // Super, then Esc, nothing opened: the app has the focus still.
        try await Self.press(Self.superKey, until: true, in: shell)
        try await Self.press(Self.escape, until: false, in: shell)
        let kept = try await eventually(within: Desktop.stallGuard) { try await Self.isFocused(app, titled: "app beneath", in: shell) }
        let listAfterSuper = await Self.focusList(in: shell)
        #expect(kept, "after Super and Esc the app has no focus: \(app.output); \(listAfterSuper)")

        // A second app opened in the overview while the first has the focus, and the overlay's
        // windows shown again after it (the extension starts the overlay again when it ends):
        // leaving gives the focus to the second, as without the extension.
        try await Self.press(Self.superKey, until: true, in: shell)
        let second = try shell.startAppBeneath(title: "second app")
        defer { second.stop() }
        let secondShown = try await eventually(within: Desktop.stallGuard) { try await Self.lists("second app", in: shell) }
        try #require(secondShown, "the second app was never shown: \(second.errorOutput)")
        try FileManager.default.removeItem(at: gate)
        let overlays = shell.descendants(matching: "stand-in-overlay.js")
        try #require(!overlays.isEmpty, "the stand-in is not running")
        for pid in overlays { kill(pid, SIGKILL) }
        let ended = await eventually(within: Desktop.stallGuard) { Set(shell.descendants(matching: "stand-in-overlay.js")).isDisjoint(with: overlays) }
        try #require(ended, "the stand-in did not end on SIGKILL")
        let placementsBefore = Self.placements(in: shell)
        try Data().write(to: gate)
        let placedAgain = await eventually(within: Desktop.stallGuard) { Self.placements(in: shell) > placementsBefore }
        try #require(placedAgain, "the extension did not place the restarted overlay: \(shell.process.errorOutput.suffix(2000))")
        try #require(try await shell.overviewShows(), "the overview closed by itself")
        try await Self.press(Self.escape, until: false, in: shell)
        let secondActivated = try await eventually(within: Desktop.stallGuard) { try await Self.isFocused(second, titled: "second app", in: shell) }
        let listAfterSecond = await Self.focusList(in: shell)
        #expect(secondActivated, "leaving the overview did not focus the second app, opened there: \(second.output); \(listAfterSecond)")
        #expect(!GnomeShellTests.isActivated(app), "the first app kept the focus too: \(app.output)")

        // A third app opened outside the overview while the second has the focus, beneath the
        // overlay's windows: Mutter focuses it as it maps, as without the extension (a window
        // kept always on top over it would make Mutter refuse it the focus).
        let third = try shell.startAppBeneath(title: "third app")
        defer { third.stop() }
        let thirdActivated = try await eventually(within: Desktop.stallGuard) { try await Self.isFocused(third, titled: "third app", in: shell) }
        let listAfterThird = await Self.focusList(in: shell)
        #expect(thirdActivated, "an app opened while another had the focus did not get it: \(third.output); \(listAfterThird)")
        #expect(!GnomeShellTests.isActivated(second), "the second app kept the focus too: \(second.output)")
    }
}
