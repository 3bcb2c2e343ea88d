import ConfettiApp
import ConfettiGL
import Foundation
import Glibc
import Testing
import TestSupport

/// `confetti overlay --resident` on a headless sway with two outputs, as `SwayOverlayTests`
/// starts it (HEADLESS-2, 640×360 points at scale 2, right of HEADLESS-1): `confetti fire`
/// with `--output` and with `--at` plays on the output asked for and on no other, every layer
/// surface is destroyed while idle (the overlay's own protocol log says so), and the overlay
/// answers again after. Every wait is for an event (a reply, a line, a pixel) under a stall guard.
@Suite(.serialized) struct SwayResidentOverlayTests {
    /// The colours of `placedEffectFile`'s sparks.
    static let palette = [RGB(255, 0, 255), RGB(0, 255, 255)]

    /// Fireworks that hang on screen near where they are placed for a minute, longer than a
    /// test's stall guards add up to: two fireworks at the corners of the launch's button, of
    /// large sparks that move a few dozen points along their curves over 59 s, lit till the end.
    static func placedEffectFile(in directory: URL) throws -> String {
        let file = directory.appendingPathComponent("placed.json")
        try """
            {"kind": "classic", "classic": {"fireworks": 2, "sparkCount": 12, "sparkSize": 10, "scale": 30, "maxJitter": 0,
             "maxOriginJitter": 0, "duration": 59, "fadeStart": 0.98, "fadeEnd": 0.99, "colors": ["#ff00ff", "#00ffff"]}}
            """.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    /// The pixels of `shot` (an output at `scale` pixels per point) where `placedEffectFile`'s
    /// sparks may be when its button is centred at pixel `centre`: the button's corners, where
    /// the fireworks start, and the few dozen points their sparks move.
    static func aroundButton(centredAt centre: (x: Int, y: Int), scale: Int) -> PixelArea {
        let half = (width: (Int(Rect.buttonSize.width) / 2 + 40) * scale, height: (Int(Rect.buttonSize.height) / 2 + 40) * scale)
        return PixelArea(x: centre.x - half.width, y: centre.y - half.height, width: 2 * half.width, height: 2 * half.height)
    }

    /// The layer surfaces a WAYLAND_DEBUG=client log shows made and not yet destroyed, and how
    /// many were made in all.
    static func layerSurfaces(in log: String) -> (alive: Set<String>, made: Int) {
        var alive = Set<String>(), made = 0
        for line in log.split(separator: "\n") where line.contains(" -> ") {
            if let range = line.range(of: "get_layer_surface(new id zwlr_layer_surface_v1@") {
                alive.insert(String(line[range.upperBound...].prefix { $0.isNumber }))
                made += 1
            } else if let range = line.range(of: " -> zwlr_layer_surface_v1@"), line.hasSuffix(".destroy()") {
                alive.remove(String(line[range.upperBound...].prefix { $0.isNumber }))
            }
        }
        return (alive, made)
    }

    @Test func firesLandOnTheOutputAskedForAndNoLayerSurfaceOutlivesTheCelebration() async throws {
        let sway = try await Sway(outputs: SwayOverlayTests.outputs, count: 2)
        defer { sway.stop() }
        var environment = sway.waylandEnvironment
        // Its protocol log: each layer surface made and destroyed.
        environment["WAYLAND_DEBUG"] = "client"
        let resident = try ChildProcess([try ConfettiBinary.url().path, "overlay", "--resident", "--mute"],
                                        environment: environment, logs: sway.runtimeDirectory)
        defer { resident.stop() }
        let listening = await eventually(within: Desktop.stallGuard) { resident.output.contains("listening at") || resident.hasEnded }
        try #require(listening && !resident.hasEnded, "the resident overlay did not listen: \(resident.errorOutput.suffix(1500))")
        #expect(!resident.errorOutput.contains("no layer shell"), "sway has a layer shell")
        let path = try ResidentSocketPath(environment: ["XDG_RUNTIME_DIR": sway.runtimeDirectory.path])
        let status = {
            guard let client = try ResidentClient.connect(path) else { throw TestFailure("no resident overlay answers at \(path.socket)") }
            return try client.exchange(ResidentRequest.statusLine, timeout: Desktop.stallGuard)
        }
        let fire = { (arguments: [String]) in
            try await ConfettiBinary.run(["fire", "--mute"] + arguments, environment: sway.waylandEnvironment.mapValues { Optional($0) },
                                         timeout: Desktop.stallGuard)
        }
        let outputs = try status()["outputs"]?.arrayValue?.compactMap { $0.member("name")?.value.stringValue }
        #expect(outputs?.sorted() == ["HEADLESS-1", "HEADLESS-2"], "the overlay knows both outputs: \(outputs ?? [])")

        // A short celebration, then idle: hidden, nothing on screen, and every layer surface it
        // made (one per output) destroyed.
        let short = try await fire([try Desktop.effectFile(lifetime: 2, in: sway.runtimeDirectory)])
        #expect(short.exitedNormally && short.status == 0 && short.stderr.isEmpty, "\(short.status): \(short.stderr)")
        let idle = try await eventually(within: Desktop.stallGuard) {
            let now = try status()
            return now["mapped"]?.boolValue == false && now.integer("alive") == 0 && resident.output.contains("resident: idle")
        }
        try #require(idle, "the overlay went idle: \(resident.output)")
        let surfaces = Self.layerSurfaces(in: resident.errorOutput)
        #expect(surfaces.made >= 2 && surfaces.alive.isEmpty, "layer surfaces made \(surfaces.made), left while idle: \(surfaces.alive.sorted())")
        for name in ["HEADLESS-1", "HEADLESS-2"] {
            let shot = try await sway.screenshot(output: name)
            #expect(shot.pixels(matching: Desktop.palette, limit: 1).isEmpty, "nothing on \(name) while idle")
        }
        // Asleep while idle: no wakeup in 5 s but the status client above hanging up, and next
        // to no CPU.
        let pid = Int(resident.pid)
        let before = try #require(ResidentOverlayTests.threadCounts(of: pid))
        _ = await eventually(within: 5) { resident.hasEnded }
        let (spent, woke) = try #require(ResidentOverlayTests.spent(by: pid, since: before))
        #expect(woke <= 1 && spent <= 0.005, "the idle overlay woke \(woke) times and used \(spent * 1000) ms of CPU in 5 s")

        // After idle it answers again: --output HEADLESS-2 plays there, in its middle, and
        // not on HEADLESS-1.
        let effect = try Self.placedEffectFile(in: sway.runtimeDirectory)
        let onSecond = try await fire([effect, "--output", "HEADLESS-2"])
        #expect(onSecond.status == 0 && onSecond.stderr.isEmpty, "\(onSecond.status): \(onSecond.stderr)")
        var shots: [String: RGBAImage] = [:]
        let seen = try await eventually(within: Desktop.stallGuard) {
            shots["HEADLESS-2"] = try await sway.screenshot(output: "HEADLESS-2")
            return shots["HEADLESS-2"]!.pixels(matching: Self.palette, limit: 50).count >= 50 || resident.hasEnded
        }
        try #require(seen && !resident.hasEnded, "no sparks on HEADLESS-2 within \(Desktop.stallGuard) s: \(resident.output)")
        shots["HEADLESS-1"] = try await sway.screenshot(output: "HEADLESS-1")
        try await sway.keepScreenshot(output: "HEADLESS-2", at: SwayOverlayTests.pictures().appendingPathComponent("sway-resident-output-HEADLESS-2.png"))
        #expect(shots["HEADLESS-1"]!.pixels(matching: Self.palette, limit: 1).isEmpty, "sparks fired on HEADLESS-2 show on HEADLESS-1")
        // Around its middle: HEADLESS-2's pixels are twice its points, its middle pixel (640, 360).
        let middle = Self.aroundButton(centredAt: (640, 360), scale: 2)
        let sparks = shots["HEADLESS-2"]!.pixels(matching: Self.palette)
        let astray = sparks.filter { !middle.x.contains($0.x) || !middle.y.contains($0.y) }
        #expect(astray.isEmpty, "sparks on HEADLESS-2 away from its middle \(middle): \(astray.prefix(5)) of \(sparks.count)")

        // --at in desktop points: (640, 360) is the middle of HEADLESS-1.
        let onFirst = try await fire([effect, "--at", "640,360"])
        #expect(onFirst.status == 0 && onFirst.stderr.isEmpty, "\(onFirst.status): \(onFirst.stderr)")
        let reached = try await eventually(within: Desktop.stallGuard) {
            shots["HEADLESS-1"] = try await sway.screenshot(output: "HEADLESS-1")
            return shots["HEADLESS-1"]!.pixels(matching: Self.palette, limit: 50).count >= 50 || resident.hasEnded
        }
        try await sway.keepScreenshot(output: "HEADLESS-1", at: SwayOverlayTests.pictures().appendingPathComponent("sway-resident-at-HEADLESS-1.png"))
        #expect(reached && !resident.hasEnded, "no sparks on HEADLESS-1 within \(Desktop.stallGuard) s of --at 640,360: \(resident.output)")
        let at = Self.aroundButton(centredAt: (640, 360), scale: 1)
        let atSparks = shots["HEADLESS-1"]!.pixels(matching: Self.palette)
        let atAstray = atSparks.filter { !at.x.contains($0.x) || !at.y.contains($0.y) }
        #expect(atAstray.isEmpty, "sparks fired at 640,360 away from it \(at): \(atAstray.prefix(5)) of \(atSparks.count)")

        // An output the desktop does not have: the refusal names those it has.
        let nowhere = try await fire([effect, "--output", "NOWHERE"])
        #expect(nowhere.status == 2 && nowhere.stderr == "confetti: no output named 'NOWHERE': the desktop has HEADLESS-1, HEADLESS-2\n", "\(nowhere.stderr)")

        let stopped = try await ConfettiBinary.run(["overlay", "--stop"], environment: sway.waylandEnvironment.mapValues { Optional($0) }, timeout: Desktop.stallGuard)
        #expect(stopped.status == 0, "\(stopped.stderr)")
        #expect(await resident.ending(within: Desktop.stallGuard) == .exited(0), "\(resident.errorOutput.suffix(500))")
    }
}
