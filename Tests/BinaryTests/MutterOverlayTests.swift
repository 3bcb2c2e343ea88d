import ConfettiApp
import ConfettiCore
import Foundation
import Testing
import TestSupport

/// The overlay on GNOME's Mutter, which has no layer shell: one line saying so, a window per
/// output (titled for its output, app id `confetti-overlay`, an empty input region, never
/// fullscreen) that the GNOME extension places, and the effect played to its end: exit 0.
@Suite(.serialized) struct MutterOverlayTests {
    @Test func withoutALayerShellItSaysSoAndPlaysInAWindowPerOutput() async throws {
        let mutter = try await Mutter()
        defer { mutter.stop() }
        let effect = try Desktop.effectFile(lifetime: 4, in: mutter.runtimeDirectory)
        var environment = mutter.waylandEnvironment
        environment["WAYLAND_DEBUG"] = "client"
        let overlay = try ChildProcess([try ConfettiBinary.url().path, "overlay", "--mute", "--effect", effect],
                                       environment: environment, logs: mutter.runtimeDirectory)
        defer { overlay.stop() }
        let ending = await overlay.ending(within: Desktop.stallGuard)
        #expect(ending == .exited(0), "\(ending?.description ?? "still running"): \(overlay.errorOutput.suffix(500))")
        let lines = overlay.errorOutput.split(separator: "\n")
        let notices = lines.filter { $0.hasPrefix("confetti: ") }
        #expect(notices == ["confetti: this Wayland compositor has no layer shell (zwlr_layer_shell_v1): the overlay is a window on each output, which the desktop places (on GNOME, the confetti extension)"], "\(notices)")
        #expect(overlay.output.hasPrefix("overlay: "), "\(overlay.output)")
        // What it asked of Mutter, in libwayland's protocol log.
        let requests = lines.filter { $0.contains(" -> ") }
        #expect(requests.contains { $0.contains(".set_title(\"confetti overlay Meta-0\")") }, "\(requests.filter { $0.contains("set_title") })")
        #expect(requests.contains { $0.contains(".set_app_id(\"confetti-overlay\")") })
        #expect(!requests.contains { $0.contains("set_fullscreen") || $0.contains("get_layer_surface") })
        let inputRegions = requests.compactMap { $0.split(separator: ".set_input_region(wl_region@").dropFirst().first?.split(separator: ")").first }
        #expect(!inputRegions.isEmpty && inputRegions.allSatisfy { region in !requests.contains { $0.contains("wl_region@\(region).add(") } },
                "every surface's input region is empty")
        // It drew: buffers were attached once Mutter configured the window to the output's size
        // (the effect's clock starts at its first frame, which Mutter shows as it maps the window).
        #expect(lines.contains { $0.contains("xdg_toplevel@") && $0.contains(".configure(1280, 720") })
        #expect(requests.contains { $0.contains(".attach(") })
    }

    /// The one-shot overlay on a Mutter stopped (SIGSTOP) before it has seen the overlay's
    /// window: stopped as soon as the overlay prints its no-layer-shell line, which it does just
    /// before it asks for its windows, watched every millisecond on a thread of its own (a
    /// quicker compositor than the 50 ms a test's poll gives would show the window first). When
    /// Mutter was quicker all the same (the overlay already has a configure), it is tried again:
    /// up to 20 times, since on a busy machine the watching thread may wake late more often.
    /// `firstFrameWait`: how long the overlay waits for its first frame shown
    /// (`$CONFETTI_FIRST_FRAME_WAIT`).
    static func overlayOnAStoppedMutter(lifetime: Double, firstFrameWait: Double) async throws -> (mutter: Mutter, overlay: ChildProcess, compositor: pid_t) {
        var attempts: [String] = []
        for _ in 1...20 {
            let mutter = try await Mutter()
            let effect = try Desktop.effectFile(lifetime: lifetime, in: mutter.runtimeDirectory)
            var environment = mutter.waylandEnvironment
            environment["WAYLAND_DEBUG"] = "client"
            environment["CONFETTI_FIRST_FRAME_WAIT"] = firstFrameWait.compactText
            let overlay = try ChildProcess([try ConfettiBinary.url().path, "overlay", "--mute", "--effect", effect],
                                           environment: environment, logs: mutter.runtimeDirectory)
            guard let compositor = mutter.compositor else {
                overlay.stop()
                mutter.stop()
                throw TestFailure("no mutter process under dbus-run-session")
            }
            let stopped = await Self.stop(compositor, once: overlay.stderrFile, says: "confetti: this Wayland compositor has no layer shell", within: Desktop.stallGuard)
            if stopped, !overlay.errorOutput.contains(".configure("), !overlay.hasEnded { return (mutter, overlay, compositor) }
            kill(compositor, SIGCONT)
            attempts.append(stopped ? "Mutter configured the window first" : "no line: \(overlay.errorOutput.suffix(300))")
            overlay.stop()
            mutter.stop()
        }
        throw TestFailure("Mutter could not be stopped before it showed the overlay: \(attempts)")
    }

    /// SIGSTOP to `pid` as soon as `file` holds `text`, polled every millisecond on a thread of
    /// its own; whether that happened within `seconds`.
    static func stop(_ pid: pid_t, once file: URL, says text: String, within seconds: Double) async -> Bool {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
                while ContinuousClock.now < deadline {
                    if let data = FileManager.default.contents(atPath: file.path), String(decoding: data, as: UTF8.self).contains(text) {
                        kill(pid, SIGSTOP)
                        continuation.resume(returning: true)
                        return
                    }
                    usleep(1000)
                }
                continuation.resume(returning: false)
            }
        }
    }

    /// A compositor busy for longer than the whole effect (Mutter stopped before it sees the
    /// overlay's window until the effect would have ended by a clock started at launch): the
    /// celebration is not spent unseen. Its clock starts at its first frame drawn, so once Mutter
    /// runs again it maps the window, configures it to the output's size and is shown every
    /// second of the effect: frames over at least its lifetime, and no notice. However long a
    /// busy machine keeps Mutter from showing the window once it runs again: the overlay waits
    /// as long as the test's stall guard for its first frame.
    @Test func aCompositorBusyForLongerThanTheEffectStillShowsAllOfIt() async throws {
        let lifetime = 2.0
        let (mutter, overlay, compositor) = try await Self.overlayOnAStoppedMutter(lifetime: lifetime, firstFrameWait: Desktop.stallGuard)
        defer { mutter.stop() }
        defer { overlay.stop() }
        // Held until a clock started at the launch (just after that line) is a second past the
        // effect's end, or the overlay ended.
        let stopped = ContinuousClock.now
        _ = await eventually(within: Desktop.stallGuard) { ContinuousClock.now - stopped > .seconds(lifetime + 1) || overlay.hasEnded }
        kill(compositor, SIGCONT)
        let ending = await overlay.ending(within: Desktop.stallGuard)
        #expect(ending == .exited(0), "\(ending?.description ?? "still running"): \(overlay.errorOutput.suffix(500))")
        let lines = overlay.errorOutput.split(separator: "\n")
        #expect(lines.contains { $0.contains("xdg_toplevel@") && $0.contains(".configure(1280, 720") }, "Mutter never configured the window to the output's size")
        #expect(lines.filter { $0.hasPrefix("confetti: ") }.count == 1, "\(lines.filter { $0.hasPrefix("confetti: ") })")
        // `overlay: first frame 0.702 s after start, 89 frames over 2.01 s`
        let summary = overlay.output.split(separator: " ")
        let frames = summary.firstIndex(of: "frames").flatMap { Int(summary[summary.index(before: $0)]) } ?? 0
        let seconds = summary.firstIndex(of: "over").flatMap { Double(summary[summary.index(after: $0)]) } ?? 0
        #expect(frames > 0 && seconds >= lifetime, "the effect was not shown whole: \(overlay.output)")
    }

    /// The wait for the first frame: 10 s, or `$CONFETTI_FIRST_FRAME_WAIT` seconds; anything
    /// else there is refused in one line that says what it is for.
    @Test func theFirstFrameWaitIsTenSecondsOrWhatTheEnvironmentSays() throws {
        #expect(try Overlay.firstFrameWait(environment: [:]) == 10)
        #expect(try Overlay.firstFrameWait(environment: ["CONFETTI_FIRST_FRAME_WAIT": ""]) == 10)
        #expect(try Overlay.firstFrameWait(environment: ["CONFETTI_FIRST_FRAME_WAIT": "2.5"]) == 2.5)
        for bad in ["0", "-1", "abc", "inf", "nan"] {
            #expect(throws: OptionRefusal("$CONFETTI_FIRST_FRAME_WAIT is '\(bad)': it is how many seconds the overlay waits for the desktop to show it, a positive number (default 10)")) {
                try Overlay.firstFrameWait(environment: ["CONFETTI_FIRST_FRAME_WAIT": bad])
            }
        }
    }

    /// A compositor that never shows the window (Mutter stopped before it sees it): the overlay
    /// does not wait forever for its first frame. It says so in one line after its wait (here
    /// 3 s, `$CONFETTI_FIRST_FRAME_WAIT`) and plays the effect from then, to its end.
    @Test func aCompositorThatNeverShowsItGetsANoticeAndTheEffectStillEnds() async throws {
        let wait = 3.0
        let (mutter, overlay, compositor) = try await Self.overlayOnAStoppedMutter(lifetime: 1, firstFrameWait: wait)
        defer { mutter.stop() }
        defer { overlay.stop() }
        let notice = "confetti: the desktop showed no frame of the overlay within \(wait.compactText) s; the effect plays from now"
        let said = await eventually(within: wait + Desktop.stallGuard) { overlay.errorOutput.contains(notice) || overlay.hasEnded }
        kill(compositor, SIGCONT)
        #expect(said && overlay.errorOutput.contains(notice), "no notice: \(overlay.errorOutput.split(separator: "\n").filter { $0.hasPrefix("confetti: ") })")
        let ending = await overlay.ending(within: Desktop.stallGuard)
        #expect(ending == .exited(0), "\(ending?.description ?? "still running"): \(overlay.errorOutput.suffix(500))")
        #expect(overlay.errorOutput.split(separator: "\n").filter { $0 == notice }.count == 1)
    }
}
