import CGLFW
import ConfettiApp
import ConfettiGL
import Foundation
import GLTestSupport
import Testing
import TestSupport

/// A hundred thousand frames of the viewer's own loop (`Viewer.run`), as fast as they go in a
/// tiny window, with a stress level of 15 pieces (a one-piece launch every 0.1 s into a ring of
/// 64, so it wraps over and over) and an effect file watched: resident memory stays flat.
///
/// Resident memory is the whole process's, and other tests run in parallel in this one, so the
/// loop runs in a child: this test bundle again, filtered to this suite, which measures and
/// prints its figures. The parent starts the X server and checks the child's verdict and figures.
@Suite struct ViewerLoopMemoryTests {
    static let frames = 100_000
    static let warmUp = 20_000
    static let childVariable = "CONFETTI_VIEWER_LOOP_CHILD"

    @Test func aHundredThousandFramesOfTheViewersOwnLoopKeepMemoryFlat() async throws {
        if ProcessInfo.processInfo.environment[Self.childVariable] == "1" {
            try Self.measure()
            return
        }
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        // The child has a window of its own on an X server of its own, so it takes neither this
        // process's GL lock nor its DISPLAY: the other GL tests go on meanwhile.
        let server = try await XServer.start()
        defer { server.stop() }
        // The time limit is a stall guard, not a speed claim (speed is `confetti bench`'s): about
        // 1.3 ms a frame alone, so 600 s leaves room for a machine busy with the other tests.
        let outcome = try await ConfettiBinary.run(
            ["--testing-library", "swift-testing", "--filter", "ViewerLoopMemoryTests"], executable: bundle,
            environment: ["DISPLAY": server.display, Self.childVariable: "1"], timeout: 600)
        #expect(outcome.exitedNormally && outcome.status == 0, "the child failed (\(outcome.status)): \(outcome.stdout.suffix(3000)) \(outcome.stderr.suffix(2000))")
        let line = try #require(outcome.stdout.split(separator: "\n").first { $0.hasPrefix("viewer loop:") }, "no figures from the child: \(outcome.stdout.suffix(2000))")
        print(line)
        // viewer loop: FRAMES frames in S s; RSS B MiB at frame W, peak P MiB, … (+G%)
        let numbers = line.split(whereSeparator: { !"0123456789.+-".contains($0) }).compactMap { Double($0) }
        #expect(numbers.count >= 7, "\(line)")
        if numbers.count >= 7 {
            #expect(numbers[0] >= Double(Self.frames), "frames: \(line)")
            #expect(numbers[4] <= numbers[2] * 1.02, "peak within 2% of the RSS after warm-up: \(line)")
        }
    }

    /// The child's part: run the loop, sample RSS every 2,000 frames, check and print.
    static func measure() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("confetti-viewer-rss-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let effectFile = dir.appendingPathComponent("effect.json")
        try EffectFile.encode(.celebration).write(to: effectFile, atomically: true, encoding: .utf8)

        var options = Viewer.Options()
        options.width = 64
        options.height = 48
        options.vsync = false
        options.capacity = 64
        options.stress = 15
        options.effectFile = effectFile.path
        let viewer = try Viewer(options: options)
        defer { viewer.close() }
        var samples: [(frame: Int, bytes: Int)] = []
        var instances = 0
        viewer.afterFrame = { v in
            instances += v.lastFrame.instances
            if v.framesDrawn % 2_000 == 0 { samples.append((v.framesDrawn, Soak.residentBytes())) }
            if v.framesDrawn >= frames { v.window.shouldClose = true }
        }
        let clock = ContinuousClock()
        var times = FrameTimeSample()
        let elapsed = try clock.measure { times = try viewer.run() }
        #expect(viewer.framesDrawn >= frames)
        #expect(times.frames == viewer.framesDrawn)
        #expect(instances > frames, "the frames drew the stress pieces")
        #expect(viewer.renderer.celebration.renderer(of: ConfettiKind.self).ring.uploadCount > 64, "the ring wrapped")
        let after = samples.filter { $0.frame >= warmUp }
        let baseline = try #require(after.first?.bytes)
        let peak = after.map(\.bytes).max()!, last = after.last!.bytes
        let growth = Double(peak - baseline) / Double(baseline)
        #expect(growth <= 0.02, "resident memory grew \(growth * 100)% after warm-up: \(after.map { "\($0.frame): \($0.bytes)" })")
        // Until frame 65,536 the frame-time reservoir's pages are touched one Double a frame
        // (0.5 MiB in all); after that nothing at all may grow.
        let full = samples.filter { $0.frame > FrameTimeSample.capacity + 2_000 }
        if let first = full.first?.bytes {
            #expect(full.allSatisfy { Double($0.bytes - first) <= 0.002 * Double(first) }, "grew once the reservoir was full: \(full.map(\.bytes))")
        }
        print(after.map { "\($0.frame / 1000)k:\(String(format: "%.2f", Double($0.bytes) / 1_048_576))" }.joined(separator: " "))
        print(String(format: "viewer loop: %d frames in %.1f s; RSS %.2f MiB at frame %d, peak %.2f MiB, %.2f MiB at frame %d (%+.2f%%)",
                     viewer.framesDrawn, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18,
                     Double(baseline) / 1_048_576, after.first!.frame, Double(peak) / 1_048_576, Double(last) / 1_048_576,
                     after.last!.frame, growth * 100))
    }
}
