import ConfettiApp
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
        // It drew: buffers were attached once Mutter configured the window to the output's size.
        // Intermittent: Mutter may send the output-sized configure after a short effect has ended.
        withKnownIssue("Mutter configured the window after the effect ended", isIntermittent: true) {
            #expect(lines.contains { $0.contains("xdg_toplevel@") && $0.contains(".configure(1280, 720") })
        }
        #expect(requests.contains { $0.contains(".attach(") })
    }
}
