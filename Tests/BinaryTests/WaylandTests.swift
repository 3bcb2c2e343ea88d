import ConfettiApp
import ConfettiGL
import Foundation
import Testing
import TestSupport

/// The viewer and the overlay on a Wayland desktop, a headless weston: natively, through Debian's
/// libglfw3-wayland (which `make wayland-glfw` unpacks into .build/wayland/lib) chosen with
/// LD_LIBRARY_PATH, with no X server involved; and as an X client of XWayland, with the
/// system's X11 GLFW. Same binary both times. Hands-free (launches every 0.2 s until the test
/// stops it with SIGTERM): a pointer moved by xdotool crashes XWayland under a headless weston,
/// which has no seat.
@Suite(.serialized) struct WaylandTests {
    enum Route: String, CaseIterable, CustomStringConvertible, Sendable {
        case native, xwayland
        var description: String { rawValue }
    }

    /// The directory holding the Wayland build of libglfw.so.3.
    static func waylandGLFW() throws -> URL {
        let directory = Repository.file(".build/wayland/lib")
        guard FileManager.default.fileExists(atPath: directory.appendingPathComponent("libglfw.so.3").path) else {
            throw TestFailure("no \(directory.path)/libglfw.so.3: `make wayland-glfw` (which make test runs) unpacks libglfw3-wayland there")
        }
        return directory
    }

    @Test(arguments: Route.allCases)
    func viewerShowsTheButtonAndConfettiOnWeston(_ route: Route) async throws {
        let began = ContinuousClock.now
        let weston = try await Weston()
        defer { weston.stop() }
        var environment: [String: String]
        switch route {
        case .native:
            environment = weston.waylandEnvironment
            environment["LD_LIBRARY_PATH"] = try Self.waylandGLFW().path + (environment["LD_LIBRARY_PATH"].map { ":" + $0 } ?? "")
        case .xwayland:
            environment = weston.xEnvironment
        }
        // Up until the test stops it; --quit-after only so that it prints its statistics then.
        let viewer = try ChildProcess([try ConfettiBinary.url().path, "view", "--no-vsync", "--size", "800x600", "--fire-every", "0.2", "--quit-after", "3600"],
                                      environment: environment, logs: weston.runtimeDirectory)
        defer { viewer.stop() }

        // Screenshots until the button and confetti are on screen.
        let button = CelebrateButton.centred(in: Size(width: 800, height: 600))
        let confettiColours = Effect.celebration.confetti.colors.filter { $0 != button.fill }
        var shot = RGBAImage(width: 0, height: 0, pixels: [])
        var glfw = "none"
        let shown = try await eventually(within: Desktop.stallGuard) {
            // Which GLFW the viewer loaded, while it runs.
            // (FileManager and String read a /proc file only up to its first page.)
            let maps = String(decoding: FileHandle(forReadingAtPath: "/proc/\(viewer.pid)/maps")?.readDataToEndOfFile() ?? Data(), as: UTF8.self)
            if let line = maps.split(separator: "\n").first(where: { $0.contains("libglfw.so") }) {
                glfw = String(line.split(separator: " ").last ?? "")
            }
            shot = try await weston.screenshot()
            return (shot.longestRun(of: button.fill, limit: 150) >= 150 && shot.pixels(matching: confettiColours, limit: 100).count >= 100)
                || viewer.hasEnded
        }
        let appeared = viewer.age
        try #require(shown && !viewer.hasEnded, "no viewer on screen within \(Desktop.stallGuard) s: \(viewer.termination?.description ?? "still running"); \(viewer.errorOutput)")
        #expect(shot.width == Weston.size.width && shot.height == Weston.size.height)
        // The button is a row of ≥150 of its blue; small confetti pieces never make one.
        #expect(shot.longestRun(of: button.fill) >= 150, "the button")
        #expect(shot.pixels(matching: confettiColours).count >= 100, "confetti")
        #expect(shot.pixels(matching: [SceneRenderer.background], tolerance: 2).count > 800 * 600 / 2, "the window's background")

        // Which GLFW the viewer loaded, and whether an X server was needed.
        switch route {
        case .native:
            #expect(glfw.hasPrefix(try Self.waylandGLFW().path), "the viewer loaded \(glfw)")
            #expect(!weston.startedXWayland, "no X server was involved")
        case .xwayland:
            #expect(glfw.hasPrefix("/usr/lib"), "the viewer loaded \(glfw)")
            #expect(weston.startedXWayland, "the viewer went through XWayland")
        }

        // SIGTERM closes it cleanly: its statistics, one line, and 128 + 15.
        viewer.send(SIGTERM)
        let ending = await viewer.ending(within: Desktop.stallGuard)
        #expect(ending == .exited(143), "\(ending?.description ?? "still running"): \(viewer.errorOutput)")
        #expect(viewer.output.hasPrefix("view: "), "\(viewer.output)")
        #expect(viewer.errorOutput.hasSuffix("confetti: viewer stopped by SIGTERM\n"), "\(viewer.errorOutput)")
        let elapsed = ContinuousClock.now - began
        print("wayland (\(route)): viewer on screen \(String(format: "%.2f", appeared)) s after starting it, with \(glfw); test \(elapsed)")
    }

    /// The overlay, natively: transparent over weston's desktop, click-through, and gone when
    /// stopped. Headless weston has no seat, so no click can be made through it (the X
    /// overlay test makes one); instead libwayland's own protocol log (WAYLAND_DEBUG) shows the
    /// empty input region being set on the window's surface.
    @Test func overlayPlaysNativelyOverTheDesktop() async throws {
        let weston = try await Weston()
        defer { weston.stop() }
        var environment = weston.waylandEnvironment
        environment["LD_LIBRARY_PATH"] = try Self.waylandGLFW().path
        environment["WAYLAND_DEBUG"] = "client"
        // The desktop once the shell has drawn it and faded it in from black: two screenshots
        // alike, and not black.
        var before = try await weston.screenshot()
        let settled = try await eventually(within: Desktop.stallGuard) {
            let previous = before
            before = try await weston.screenshot()
            return before == previous && before.pixels(matching: [RGB(0, 0, 0)], tolerance: 8).count < before.width * before.height / 10
        }
        try #require(settled, "weston's desktop never settled within \(Desktop.stallGuard) s")
        // On screen until the test stops it.
        let effect = try Desktop.hangingEffectFile(in: weston.runtimeDirectory)
        // With vsync, frames follow weston's frame callbacks, which keeps the protocol log short.
        let overlay = try ChildProcess([try ConfettiBinary.url().path, "overlay", "--effect", effect],
                                       environment: environment, logs: weston.runtimeDirectory)
        defer { overlay.stop() }
        var shot = RGBAImage(width: 0, height: 0, pixels: [])
        let shown = try await eventually(within: Desktop.stallGuard) {
            shot = try await weston.screenshot()
            return shot.pixels(matching: Desktop.palette, limit: 200).count >= 200 || overlay.hasEnded
        }
        try #require(shown && !overlay.hasEnded, "no confetti on screen within \(Desktop.stallGuard) s: \(overlay.errorOutput)")
        let unchanged = shot.pixelsUnchanged(from: before)
        #expect(Double(unchanged) > 0.7 * Double(shot.width * shot.height), "the desktop shows through: \(unchanged) pixels as they were")
        #expect(!weston.startedXWayland, "no X server was involved")
        overlay.send(SIGTERM)
        let ending = await overlay.ending(within: Desktop.stallGuard)
        #expect(ending == .exited(143), "\(ending?.description ?? "still running"): \(overlay.errorOutput)")
        // Its line, among the protocol log's.
        #expect(overlay.errorOutput.split(separator: "\n").contains("confetti: overlay stopped by SIGTERM"), "\(overlay.errorOutput.suffix(300))")
        // `-> wl_surface@3.set_input_region(wl_region@15)`, and nothing ever added to region 15.
        let requests = overlay.errorOutput.split(separator: "\n").filter { $0.contains(" -> ") }
        let inputRegions = requests.compactMap { $0.split(separator: ".set_input_region(wl_region@").dropFirst().first?.split(separator: ")").first }
        #expect(inputRegions.contains { region in !requests.contains { $0.contains("wl_region@\(region).add(") } },
                "the surface's input region is set to an empty region: \(requests.filter { $0.contains("region") })")
    }

    /// The resident overlay where the compositor has no layer shell (weston): the same one line
    /// as the one-shot overlay, and, asleep while idle with no timeout, it still ends at once
    /// on SIGTERM.
    @Test func residentOverlaySaysItHasNoLayerShellAndEndsOnASignalWhileIdle() async throws {
        let weston = try await Weston()
        defer { weston.stop() }
        let resident = try ChildProcess([try ConfettiBinary.url().path, "overlay", "--resident", "--mute"],
                                        environment: weston.waylandEnvironment, logs: weston.runtimeDirectory)
        defer { resident.stop() }
        let listening = await eventually(within: Desktop.stallGuard) { resident.output.contains("listening at") || resident.hasEnded }
        try #require(listening && !resident.hasEnded, "the resident overlay did not listen: \(resident.errorOutput)")
        #expect(resident.errorOutput == "confetti: this Wayland compositor has no layer shell (zwlr_layer_shell_v1): the overlay is a window on each output, which the desktop places (on GNOME, the confetti extension)\n",
                "\(resident.errorOutput)")
        resident.send(SIGTERM)
        let ending = await resident.ending(within: Desktop.stallGuard)
        #expect(ending == .exited(143), "\(ending?.description ?? "still running"): \(resident.errorOutput)")
        #expect(resident.errorOutput.hasSuffix("confetti: resident overlay stopped by SIGTERM\n"), "\(resident.errorOutput)")
    }

    /// GLFW's Wayland build loaded where the overlay falls back to its X11 window (no
    /// WAYLAND_DISPLAY): one line that says which GLFW it needs, not GLFW's failure to connect
    /// or a window it cannot place. No display is started: none is reached.
    @Test func overlayRefusesGLFWsWaylandBuildForItsX11Window() async throws {
        let runtime = FileManager.default.temporaryDirectory.appendingPathComponent("confetti-runtime-\(UUID())")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: runtime) }
        let environment = ChildProcess.environment(["LD_LIBRARY_PATH": try Self.waylandGLFW().path, "XDG_RUNTIME_DIR": runtime.path,
                                                    "WAYLAND_DISPLAY": nil, "DISPLAY": nil])
        let outcome = try await ChildProcess.run([try ConfettiBinary.url().path, "overlay", "--mute"], environment: environment, timeout: Desktop.stallGuard)
        #expect(outcome.exitedNormally && outcome.status == 2, "\(outcome.status): \(outcome.stderr)")
        let lines = outcome.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].hasPrefix("confetti: the libglfw.so.3 loaded is GLFW's Wayland build (libglfw3-wayland)"), "\(outcome.stderr)")
    }
}
