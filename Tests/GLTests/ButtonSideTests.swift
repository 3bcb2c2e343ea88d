import ConfettiApp
import ConfettiGL
import Foundation
import GLTestSupport
import Testing
import TestSupport

/// Sparks in front of the button cover it; sparks behind it are hidden by it.
@Suite(.tags(.math)) struct ButtonSideTests {
    @Test func frontSparksCoverTheButtonAndBehindSparksDoNot() async throws {
        var front = 0, behind = 0
        // Seeded launches of four standard fireworks around the button, until enough sparks
        // have been seen alone over it on each side.
        for seed in UInt64(0)..<16 where front < 5 || behind < 5 {
            let counts = try await check(seed: seed)
            front += counts.front
            behind += counts.behind
        }
        #expect(front >= 5 && behind >= 5, "checked \(front) front and \(behind) behind sparks")
        print("button sides: \(front) front sparks cover the button, \(behind) behind sparks are hidden")
    }

    func check(seed: UInt64) async throws -> (front: Int, behind: Int) {
        let viewport = Size(width: 640, height: 360)
        let button = CelebrateButton.centred(in: viewport)
        // Looked at early, while the sparks are near the corners and some cross the button.
        var launch = ClassicSection.standard
        launch.count = 4
        var rng = SeededGenerator(seed: seed)
        let fireworks = launch.fireworks(around: button.frame, using: &rng)
        let timing = launch.firework.timing
        let t = 0.15

        let (withSparks, buttonOnly) = try await SharedGL.run {
            let target = try OffscreenTarget(width: 640, height: 360)
            let scene = try SceneRenderer(shaders: SharedGL.shaders(), capacity: 1024)
            defer { scene.delete(); target.delete() }
            scene.button = button
            target.bind()
            scene.render(at: t, viewport: viewport, pixelsPerPoint: 1)
            let empty = try target.readPixels()
            for sparks in fireworks {
                try scene.celebration.add(Batch<SparkKind>(sparks, timing), at: 0)
            }
            let stats = scene.render(at: t, viewport: viewport, pixelsPerPoint: 1)
            let sides = fireworks.reduce(0) { $0 + Set($1.map(\.inFront)).count }
            #expect(stats.drawCalls == sides, "one draw per side per firework")
            return (try target.readPixels(), empty)
        }

        let sparks = fireworks.flatMap { $0 }
        let samples = sparks.map { timing.evaluate($0, at: t) }
        let radii = zip(sparks, samples).map { 0.5 * $0.size * $1.scale }
        func distance(_ i: Int, _ j: Int) -> Double {
            ((samples[j].x - samples[i].x) * (samples[j].x - samples[i].x) + (samples[j].y - samples[i].y) * (samples[j].y - samples[i].y)).squareRoot()
        }
        let background = SceneRenderer.background.rgba8
        var front = 0, behind = 0
        for (i, (spark, s)) in zip(sparks, samples).enumerated() where radii[i] >= 1.5 {
            let (px, py) = (Int(s.x), Int(s.y))
            guard px >= 0, py >= 0, px < 640, py < 360 else { continue }
            let got = withSparks[px, py], plain = buttonOnly[px, py]
            // Only centres on the button itself (not its antialiased rim or the background).
            guard (plain.r, plain.g, plain.b) != (background.0, background.1, background.2),
                  button.frame.contains(Point(s.x - 2, s.y - 2)), button.frame.contains(Point(s.x + 2, s.y + 2))
            else { continue }
            // No spark in front may reach this centre, except this one.
            let clear = sparks.indices.allSatisfy { j in j == i || !sparks[j].inFront || distance(i, j) > radii[j] + 2 }
            guard clear else { continue }
            if spark.inFront {
                let (r8, g8, b8, _) = spark.color.rgba8
                #expect(abs(Int(got.r) - Int(r8)) <= 1 && abs(Int(got.g) - Int(g8)) <= 1 && abs(Int(got.b) - Int(b8)) <= 1,
                        "front spark \(i) at (\(px), \(py)) shows \(got), not its colour")
                front += 1
            } else {
                #expect(got == plain, "behind spark \(i) at (\(px), \(py)) shows through the button: \(got) vs \(plain)")
                behind += 1
            }
        }
        return (front, behind)
    }
}
