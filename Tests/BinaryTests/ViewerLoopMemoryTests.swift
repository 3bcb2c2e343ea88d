import CGLFW
import ConfettiApp
import ConfettiGL
import Foundation
import GLTestSupport
import Testing
import TestSupport

/// The viewer's own loop (`Viewer.run`), as fast as it goes in a tiny window, with a stress
/// level of 15 pieces into a ring of 64 (so it wraps over and over) and an effect file watched:
/// resident memory per frame stays flat.
///
/// The measure is per frame, not per second: the loop runs until it has drawn the frames it
/// needs and its ring has wrapped often enough, however long a busy machine makes that. Nothing
/// is asked within a time; the parent gives up only when the child stops making progress.
///
/// What it can detect: RSS may move by at most `allowedGrowth` over `measuredFrames` frames
/// after the warm-up, so a leak of `allowedGrowth / measuredFrames` = 2.6 bytes a frame or more
/// fails. Any heap block leaked per frame is at least 32 bytes (glibc's smallest chunk), and a
/// buffer that grows by one Int a frame is 8; both fail by a wide margin. A leak per launch of
/// `allowedGrowth / (minimumWraps × capacity)` = 512 bytes or more fails too.
///
/// Resident memory is the whole process's, and other tests run in parallel in this one, so the
/// loop runs in a child: this test bundle again, filtered to this suite, which measures and
/// prints its figures. The parent starts the X server and checks the child's verdict and figures.
@Suite struct ViewerLoopMemoryTests {
    /// Frames before the first sample: the driver's caches, the ring's buffers and the effect
    /// watcher settle. The ring must also have wrapped twice by then.
    static let warmUpFrames = 5_000
    /// Frames between two RSS samples.
    static let sampleEvery = 500
    /// Frames measured after the warm-up, and ring wraps within them, both at least.
    static let measuredFrames = 50_000
    static let minimumWraps = 4
    static let capacity = 64
    /// The most RSS may differ from its first sample after the warm-up, in bytes.
    static let allowedGrowth = 128 * 1024
    /// Seconds without a new sample from the child before it counts as stalled: a sample is
    /// 500 frames, under a second alone and a few on a machine busy with the other tests.
    static let stallGuard = 180.0
    static let childVariable = "CONFETTI_VIEWER_LOOP_CHILD"

    @Test func theViewersOwnLoopKeepsMemoryFlatPerFrame() async throws {
        if ProcessInfo.processInfo.environment[Self.childVariable] == "1" {
            try Self.measure()
            return
        }
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        // The child has a window of its own on an X server of its own, so it takes neither this
        // process's GL lock nor its DISPLAY: the other GL tests go on meanwhile.
        let server = try await XServer.start()
        defer { server.stop() }
        let child = try ChildProcess([bundle.path, "--testing-library", "swift-testing", "--filter", "ViewerLoopMemoryTests"],
                                     environment: ConfettiBinary.environment(["DISPLAY": server.display, Self.childVariable: "1"]))
        let outcome = try await child.outcome(stallGuard: Self.stallGuard) { child in
            child.output.split(separator: "\n").count { $0.hasPrefix("sample ") }
        }
        #expect(outcome.exitedNormally && outcome.status == 0, "the child failed (\(outcome.status)): \(outcome.stdout.suffix(3000)) \(outcome.stderr.suffix(2000))")
        let line = try #require(outcome.stdout.split(separator: "\n").first { $0.hasPrefix("viewer loop:") }, "no figures from the child: \(outcome.stdout.suffix(2000))")
        print(line)
        // viewer loop: FRAMES frames measured after W, WRAPS ring wraps; RSS B bytes first, G bytes most grown, S bytes a frame
        let numbers = line.split(whereSeparator: { !"0123456789.+-e".contains($0) }).compactMap { Double($0) }
        #expect(numbers.count == 6, "\(line)")
        if numbers.count == 6 {
            #expect(numbers[0] >= Double(Self.measuredFrames), "frames measured: \(line)")
            #expect(numbers[2] >= Double(Self.minimumWraps), "ring wraps: \(line)")
            #expect(numbers[4] <= Double(Self.allowedGrowth), "growth: \(line)")
        }
    }

    /// The child's part: warm up, then run the loop until the frames and wraps are measured,
    /// sampling RSS every `sampleEvery` frames (a line each, the parent's sign of progress);
    /// check and print.
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
        options.capacity = capacity
        options.stress = 15
        options.effectFile = effectFile.path
        let viewer = try Viewer(options: options)
        defer { viewer.close() }
        let ring = { viewer.renderer.celebration.renderer(of: ConfettiKind.self).ring.uploadCount }
        var samples: [(frame: Int, bytes: Int)] = []
        var warmedUp: (frame: Int, uploads: Int)?
        var instances = 0
        viewer.afterFrame = { v in
            instances += v.lastFrame.instances
            if warmedUp == nil {
                if v.framesDrawn >= warmUpFrames && ring() >= 2 * capacity { warmedUp = (v.framesDrawn, ring()) }
                return
            }
            guard (v.framesDrawn - warmedUp!.frame) % sampleEvery == 0 else { return }
            samples.append((v.framesDrawn, Soak.residentBytes()))
            print("sample \(samples.count): frame \(v.framesDrawn), \(samples.last!.bytes) bytes")
            fflush(nil)  // every stream: stdout is a file, fully buffered
            if v.framesDrawn - warmedUp!.frame >= measuredFrames && ring() - warmedUp!.uploads >= minimumWraps * capacity {
                v.window.shouldClose = true
            }
        }
        let times = try viewer.run()
        let start = try #require(warmedUp, "the loop ended before its warm-up")
        #expect(times.frames == viewer.framesDrawn)
        #expect(instances > viewer.framesDrawn, "the frames drew the stress pieces")
        let first = try #require(samples.first), last = try #require(samples.last)
        let measured = last.frame - start.frame, wraps = (ring() - start.uploads) / capacity
        #expect(measured >= measuredFrames && wraps >= minimumWraps)
        let grown = samples.map { $0.bytes - first.bytes }.max()!
        // Least squares slope of RSS over the frames: bytes a frame.
        let n = Double(samples.count)
        let meanFrame = samples.map { Double($0.frame) }.reduce(0, +) / n, meanBytes = samples.map { Double($0.bytes) }.reduce(0, +) / n
        let covariance = samples.map { (Double($0.frame) - meanFrame) * (Double($0.bytes) - meanBytes) }.reduce(0, +)
        let variance = samples.map { (Double($0.frame) - meanFrame) * (Double($0.frame) - meanFrame) }.reduce(0, +)
        let slope = variance > 0 ? covariance / variance : 0
        #expect(grown <= allowedGrowth, "resident memory grew \(grown) bytes after warm-up: \(samples.map { "\($0.frame): \($0.bytes)" })")
        print(String(format: "viewer loop: %d frames measured after %d, %d ring wraps; RSS %d bytes first, %d bytes most grown, %.3f bytes a frame",
                     measured, start.frame, wraps, first.bytes, grown, slope))
    }
}
