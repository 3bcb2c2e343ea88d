import ConfettiApp
import ConfettiGL
import Foundation
import Testing
import TestSupport

/// The overlay on a wlroots compositor, a headless sway with two outputs side by side, the
/// second at scale 2, and an ordinary window open on the first: layer surfaces on both outputs
/// over the window, nothing tiled beside it, a click on the overlay reaching the window, and
/// --output and --at placing the launch.
/// The pictures are kept in .build/pictures/ for a person to look at.
@Suite(.serialized) struct SwayOverlayTests {
    static let outputs = [
        "output HEADLESS-1 mode 1280x720 position 0 0 scale 1",
        "output HEADLESS-2 mode 1280x720 position 1280 0 scale 2",
    ]
    /// The layout: HEADLESS-1 is 1280×720 points, HEADLESS-2 640×360 points at x 1280.
    static let layout = (width: 1920.0, height: 720.0)
    static let window = "org.freedesktop.weston.eventdemo"

    static func pictures() throws -> URL {
        let folder = Repository.file(".build/pictures")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// weston-eventdemo, line-buffered so each click it logs is in its file at once; returns when
    /// sway has it in its tree.
    static func openWindow(on sway: Sway) async throws -> ChildProcess {
        let window = try ChildProcess(["stdbuf", "-oL", "weston-eventdemo", "--log-button"], environment: sway.waylandEnvironment, logs: sway.runtimeDirectory)
        let mapped = try await eventually(within: Desktop.stallGuard) {
            try await sway.tree().contains { $0["app_id"] as? String == Self.window } || window.hasEnded
        }
        guard mapped, !window.hasEnded else {
            window.stop()
            throw TestFailure("weston-eventdemo's window never appeared in sway's tree: \(window.errorOutput)")
        }
        return window
    }

    @Test func overlayCoversBothOutputsOverTheWindowAndLetsAClickThrough() async throws {
        let sway = try await Sway(outputs: Self.outputs, count: 2)
        defer { sway.stop() }
        let window = try await Self.openWindow(on: sway)
        defer { window.stop() }
        let placed = try await sway.outputs()
        #expect(placed["HEADLESS-2"]?.x == 1280 && placed["HEADLESS-2"]?.width == 640 && placed["HEADLESS-2"]?.scale == 2, "\(placed)")
        let windowWidth = { try await sway.tree().first { $0["app_id"] as? String == Self.window }?["rect"] as? [String: Any] }
        let before = try await windowWidth()?["width"] as? Int

        let effect = try Desktop.hangingEffectFile(in: sway.runtimeDirectory)
        // A launch plays on one output: this overlay's on the first, a second overlay's on
        // HEADLESS-2, each over both outputs' surfaces of its own.
        let overlay = try ChildProcess([try ConfettiBinary.url().path, "overlay", "--mute", "--effect", effect],
                                       environment: sway.waylandEnvironment, logs: sway.runtimeDirectory)
        defer { overlay.stop() }
        let second = try ChildProcess([try ConfettiBinary.url().path, "overlay", "--mute", "--effect", effect, "--output", "HEADLESS-2"],
                                      environment: sway.waylandEnvironment, logs: sway.runtimeDirectory)
        defer { second.stop() }
        var shots: [String: RGBAImage] = [:]
        let shown = try await eventually(within: Desktop.stallGuard) {
            for name in ["HEADLESS-1", "HEADLESS-2"] { shots[name] = try await sway.screenshot(output: name) }
            return shots.values.allSatisfy { $0.pixels(matching: Desktop.palette, limit: 100).count >= 100 } || overlay.hasEnded || second.hasEnded
        }
        try #require(shown && !overlay.hasEnded && !second.hasEnded, "\(second.errorOutput) no confetti on both outputs within \(Desktop.stallGuard) s: \(shots.mapValues { $0.pixels(matching: Desktop.palette, limit: 100).count }) \(overlay.errorOutput)")
        for name in ["HEADLESS-1", "HEADLESS-2"] {
            try await sway.keepScreenshot(output: name, at: Self.pictures().appendingPathComponent("sway-\(name).png"))
        }
        // Each output's picture is its own pixels: 1280×720 both, HEADLESS-2 drawn at scale 2.
        #expect(shots["HEADLESS-1"]?.width == 1280 && shots["HEADLESS-2"]?.width == 1280)
        // The window beneath still shows around the pieces: its red square (weston-eventdemo's).
        #expect(shots["HEADLESS-1"]!.pixels(matching: [RGB(255, 0, 0)], tolerance: 2, limit: 10_000).count >= 10_000, "the window beneath shows through")

        // Nothing of the overlay in sway's tree, and the window keeps the whole output.
        let tree = try await sway.tree()
        let overlayNodes = tree.filter { ($0["name"] as? String ?? "").contains("confetti") || ($0["app_id"] as? String ?? "").contains("confetti") }
        #expect(overlayNodes.isEmpty, "sway's tree has the overlay: \(overlayNodes.map { $0["name"] ?? "?" })")
        #expect(try await windowWidth()?["width"] as? Int == before, "the window kept its size")
        #expect(!overlay.errorOutput.contains("no layer shell"), "\(overlay.errorOutput)")

        // A click where the overlay is reaches the window beneath.
        let pointer = try VirtualPointer(runtimeDirectory: sway.runtimeDirectory, socket: sway.socket)
        defer { pointer.close() }
        let clicked = await eventually(within: Desktop.stallGuard) {
            pointer.click(x: 640, y: 500, width: Self.layout.width, height: Self.layout.height)
            return window.output.contains("button") || overlay.hasEnded
        }
        #expect(clicked && !overlay.hasEnded, "the window beneath logged no click: \(window.output.suffix(300)) \(overlay.errorOutput)")

        for running in [overlay, second] {
            running.send(SIGTERM)
            let ending = await running.ending(within: Desktop.stallGuard)
            #expect(ending == .exited(143), "\(ending?.description ?? "still running"): \(running.errorOutput)")
        }
    }

    /// An output added while it runs (`swaymsg create_output`) gets a surface, and the launches
    /// fired after it reach it: placed with `--at` where sway puts a new output (right of the
    /// others), they play on the first output until that output is there, then on it.
    @Test func anOutputAddedWhileItRunsGetsParticles() async throws {
        let sway = try await Sway(outputs: Self.outputs, count: 2)
        defer { sway.stop() }
        let effect = try Desktop.hangingEffectFile(in: sway.runtimeDirectory)
        let overlay = try ChildProcess([try ConfettiBinary.url().path, "overlay", "--mute", "--effect", effect, "--fire-every", "1", "--at", "2100,200"],
                                       environment: sway.waylandEnvironment, logs: sway.runtimeDirectory)
        defer { overlay.stop() }
        let first = try await eventually(within: Desktop.stallGuard) {
            try await sway.screenshot(output: "HEADLESS-1").pixels(matching: Desktop.palette, limit: 50).count >= 50 || overlay.hasEnded
        }
        try #require(first && !overlay.hasEnded, "no confetti on HEADLESS-1 within \(Desktop.stallGuard) s: \(overlay.errorOutput)")
        _ = try await sway.message(["create_output"])
        var added: String?
        _ = try await eventually(within: Desktop.stallGuard) {
            added = try await sway.outputs().keys.first { !["HEADLESS-1", "HEADLESS-2"].contains($0) }
            return added != nil
        }
        let name = try #require(added, "swaymsg create_output made no output")
        let place = try await sway.outputs()[name]
        #expect(place?.x == 1920 && place?.y == 0, "sway put \(name) at \(String(describing: place)), not right of the others where --at 2100,200 lies")
        var shot = RGBAImage(width: 0, height: 0, pixels: [])
        let reached = try await eventually(within: Desktop.stallGuard) {
            shot = try await sway.screenshot(output: name)
            return shot.pixels(matching: Desktop.palette, limit: 50).count >= 50 || overlay.hasEnded
        }
        try await sway.keepScreenshot(output: name, at: Self.pictures().appendingPathComponent("sway-added-\(name).png"))
        #expect(reached && !overlay.hasEnded, "no confetti on the added output \(name) within \(Desktop.stallGuard) s: \(overlay.errorOutput)")
        overlay.send(SIGTERM)
        let ending = await overlay.ending(within: Desktop.stallGuard)
        #expect(ending == .exited(143), "\(ending?.description ?? "still running"): \(overlay.errorOutput)")
    }

    /// `--output` and `--at` place the one-shot overlay's launch as they place a `confetti fire`:
    /// the middle of the output named, or `--at` from its top-left, and not on the other output.
    /// An output the desktop does not have is refused in one line naming those it has.
    @Test func outputAndAtPlaceTheLaunch() async throws {
        let sway = try await Sway(outputs: Self.outputs, count: 2)
        defer { sway.stop() }
        let effect = try SwayResidentOverlayTests.placedEffectFile(in: sway.runtimeDirectory)
        // HEADLESS-2's pixels are twice its points: its middle is pixel (640, 360), and --at
        // 200,100 within it is pixel (400, 200).
        let placements: [(arguments: [String], centre: (x: Int, y: Int))] = [
            (["--output", "HEADLESS-2"], (640, 360)),
            (["--output", "HEADLESS-2", "--at", "200,100"], (400, 200)),
        ]
        for placement in placements {
            let overlay = try ChildProcess([try ConfettiBinary.url().path, "overlay", "--mute", "--effect", effect] + placement.arguments,
                                           environment: sway.waylandEnvironment, logs: sway.runtimeDirectory)
            defer { overlay.stop() }
            var shot = RGBAImage(width: 0, height: 0, pixels: [])
            let shown = try await eventually(within: Desktop.stallGuard) {
                shot = try await sway.screenshot(output: "HEADLESS-2")
                return shot.pixels(matching: SwayResidentOverlayTests.palette, limit: 50).count >= 50 || overlay.hasEnded
            }
            try #require(shown && !overlay.hasEnded, "no sparks on HEADLESS-2 within \(Desktop.stallGuard) s with \(placement.arguments): \(overlay.errorOutput)")
            let area = SwayResidentOverlayTests.aroundButton(centredAt: placement.centre, scale: 2)
            let sparks = shot.pixels(matching: SwayResidentOverlayTests.palette)
            let astray = sparks.filter { !area.x.contains($0.x) || !area.y.contains($0.y) }
            #expect(astray.isEmpty, "\(placement.arguments): sparks away from \(area): \(astray.prefix(5)) of \(sparks.count)")
            let first = try await sway.screenshot(output: "HEADLESS-1")
            #expect(first.pixels(matching: SwayResidentOverlayTests.palette, limit: 1).isEmpty, "\(placement.arguments): sparks on HEADLESS-1")
            overlay.send(SIGTERM)
            let ending = await overlay.ending(within: Desktop.stallGuard)
            #expect(ending == .exited(143), "\(ending?.description ?? "still running"): \(overlay.errorOutput)")
        }
        let nowhere = try await ChildProcess.run([try ConfettiBinary.url().path, "overlay", "--mute", "--output", "NOWHERE"],
                                                 environment: sway.waylandEnvironment, timeout: Desktop.stallGuard)
        #expect(nowhere.status == 2 && nowhere.stderr == "confetti: no output named 'NOWHERE': the desktop has HEADLESS-1, HEADLESS-2\n", "\(nowhere.stderr)")
    }

    /// A celebration's damage is told to the compositor in a few rectangles. sway 1.7 (wlroots
    /// 0.15) repaints the bounding box of an output's damage once it holds more than 20
    /// rectangles (as pixman counts a region: y-x bands), and a rectangle per run of changed
    /// cells was hundreds a frame: sway repainted about 40% of the output while 5% changed. Each
    /// commit's damage here is within `CompositorDamage.budget` as the compositor counts it,
    /// and the frames damage a small share of the output.
    @Test func aCelebrationTellsSwayAFewRectanglesAFrame() async throws {
        let sway = try await Sway(outputs: ["output HEADLESS-1 mode 1280x720 position 0 0 scale 1"], count: 1)
        defer { sway.stop() }
        var environment = sway.waylandEnvironment
        environment["WAYLAND_DEBUG"] = "client"
        let overlay = try ChildProcess([try ConfettiBinary.url().path, "overlay", "--mute", "--effect", "celebration", "--fire-every", "1"],
                                       environment: environment, logs: sway.runtimeDirectory)
        defer { overlay.stop() }
        let whole = PixelRect(x: 0, y: 0, width: 1280, height: 720)
        var commits: [[PixelRect]] = []
        let enough = await eventually(within: Desktop.stallGuard) {
            commits = Self.damagePerCommit(in: overlay.errorOutput).filter { $0 != [whole] }
            return commits.count >= 60 || overlay.hasEnded
        }
        try #require(enough && !overlay.hasEnded, "\(commits.count) commits with damage: \(overlay.errorOutput.suffix(500))")
        let shown = try await eventually(within: Desktop.stallGuard) {
            try await sway.screenshot(output: "HEADLESS-1").pixels(matching: Desktop.palette, limit: 50).count >= 50 || overlay.hasEnded
        }
        #expect(shown && !overlay.hasEnded, "no confetti on HEADLESS-1")
        for damage in commits {
            #expect(CompositorDamage.compositorRectangles(damage) <= CompositorDamage.budget, "\(damage)")
        }
        let shares = commits.map { damage in
            Double(CompositorDamage.bands(of: damage).reduce(0) { $0 + ($1.y1 - $1.y0) * $1.spans.reduce(0) { $0 + $1.count } }) / Double(1280 * 720)
        }.sorted()
        #expect(shares[shares.count / 2] < 0.5, "the median frame damaged \(shares[shares.count / 2]) of the output")
        overlay.send(SIGTERM)
        let ending = await overlay.ending(within: Desktop.stallGuard)
        #expect(ending == .exited(143), "\(ending?.description ?? "still running")")
    }

    /// The rectangles of each `wl_surface.damage_buffer` (WAYLAND_DEBUG's client lines), one
    /// list per commit that had any.
    static func damagePerCommit(in log: String) -> [[PixelRect]] {
        var commits: [[PixelRect]] = [], pending: [PixelRect] = []
        for line in log.split(separator: "\n") {
            if let call = line.range(of: ".damage_buffer(") {
                let numbers = line[call.upperBound...].prefix { $0 != ")" }.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
                if numbers.count == 4 { pending.append(PixelRect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])) }
            } else if line.contains("wl_surface@"), line.contains(".commit()"), !pending.isEmpty {
                commits.append(pending)
                pending = []
            }
        }
        return commits
    }

    /// Each surface follows its own frame callbacks: with HEADLESS-2 switched off (no frame
    /// callbacks from it), HEADLESS-1 keeps moving. HEADLESS-2's buffers are drawn at scale 2.
    @Test func anOutputSwitchedOffStallsNoOther() async throws {
        let sway = try await Sway(outputs: Self.outputs, count: 2)
        defer { sway.stop() }
        let effect = try Desktop.hangingEffectFile(in: sway.runtimeDirectory)
        var environment = sway.waylandEnvironment
        environment["WAYLAND_DEBUG"] = "client"
        let overlay = try ChildProcess([try ConfettiBinary.url().path, "overlay", "--mute", "--effect", effect],
                                       environment: environment, logs: sway.runtimeDirectory)
        defer { overlay.stop() }
        let shown = try await eventually(within: Desktop.stallGuard) {
            try await sway.screenshot(output: "HEADLESS-1").pixels(matching: Desktop.palette, limit: 50).count >= 50 || overlay.hasEnded
        }
        try #require(shown && !overlay.hasEnded, "no confetti on HEADLESS-1 within \(Desktop.stallGuard) s: \(overlay.errorOutput.suffix(300))")
        #expect(overlay.errorOutput.contains(".set_buffer_scale(2)"), "HEADLESS-2's buffers at scale 2")
        _ = try await sway.message(["output", "HEADLESS-2", "dpms", "off"])
        // HEADLESS-1's picture keeps changing: the pieces flutter and drift.
        var previous = try await sway.screenshot(output: "HEADLESS-1")
        var changes = 0
        let moving = try await eventually(within: Desktop.stallGuard) {
            let next = try await sway.screenshot(output: "HEADLESS-1")
            if next.pixelsUnchanged(from: previous) < next.width * next.height { changes += 1 }
            previous = next
            return changes >= 3 || overlay.hasEnded
        }
        #expect(moving && !overlay.hasEnded, "HEADLESS-1 stopped changing with HEADLESS-2 off (\(changes) changes)")
        overlay.send(SIGTERM)
        let ending = await overlay.ending(within: Desktop.stallGuard)
        #expect(ending == .exited(143), "\(ending?.description ?? "still running")")
    }
}
