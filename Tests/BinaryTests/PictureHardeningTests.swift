import CGLFW
import ConfettiApp
import ConfettiCore
import ConfettiGL
import Foundation
import GLTestSupport
import Testing
import TestSupport

/// Pictures and sound tracks a hostile user gives, through the real binary: a path too small
/// to scale, a picture too thin to round to a point, a track longer than the budget, a stop
/// while the track is written. Each exits 0 or 2 with one line, never a signal, and leaves no
/// file under a temporary name.
@Suite struct PictureHardeningTests {
    typealias Case = HardeningTests.Case

    /// Scaling its mask overflowed to infinity, a trap (exit 132) in every command.
    static let tinyPath = HardeningTests.confetti(#""sprites": [{"path": "M0 0 L1e-306 0 L0 1e-306 Z"}]"#)
    /// Text 64 times as long as it is thick: 0.44 pt at 28 pt, once a quad of no thickness.
    static let dash = HardeningTests.confetti(#""count": 40, "sprites": [{"text": "————————"}]"#)

    static let refused: [Case] = HardeningTests.everyCommand("tiny.json", tinyPath, mentions: ["tiny.json", "SVG path: it spans", "at least 1e-06"],
                                                            why: "a path of extent 1e-306 (a trap before)")
        + [
            Case(arguments: ["render", "--fps", "1", "--frames", "100000", "--size", "16x16", "--audio", "{F}/t.wav", "--out", "{F}/frames"],
                 mentions: ["a sound track of 100000 frames at 1 fps = 100,000 s is above the limit of 3,600 s", "--fps"],
                 why: "a track of 28 hours (19 GB in memory before)"),
            Case(arguments: ["render", "--effect", "peony", "--fps", "1", "--frames", "100000", "--size", "16x16", "--out", "{F}/v.mp4"],
                 mentions: ["a sound track of 100000 frames at 1 fps"], why: "a video's track of 28 hours"),
            Case(arguments: ["render", "--audio", ""], mentions: ["--audio is empty: give a file ending in .wav"], why: "an empty --audio"),
            Case(arguments: ["render", "--audio", "{F}/t.wav", "--fps", "1", "--frames", "3601"],
                 mentions: ["3601 frames at 1 fps = 3,601 s is above the limit of 3,600 s"], why: "a track a second over the budget"),
        ]

    @Test(arguments: refused)
    func refusedWithExitTwoOneLineAndNothingWritten(_ input: Case) async throws {
        try await HardeningTests().refusedWithExitTwoOneLineAndNothingWritten(input)
    }

    /// A reload of the path that trapped keeps the last good effect, and the viewer goes on
    /// (before, the trap ended the viewer).
    @Test func aViewerReloadOfATinyPathKeepsTheLastGoodEffect() async throws {
        let scratch = try Scratch("tiny-reload")
        let file = URL(fileURLWithPath: scratch.path("effect.json"))
        try HardeningTests.confetti(#""count": 12"#).write(to: file, atomically: true, encoding: .utf8)
        try await SharedGL.withDisplay {
            var options = Viewer.Options()
            options.width = 320
            options.height = 180
            options.vsync = false
            options.capacity = 2_000
            options.effectFile = file.path
            let viewer = try Viewer(options: options)
            defer { viewer.close() }
            var step = 0.0
            try ViewerInputTests.edit(file, HardeningTests.confetti(#""count": 12"#), step: &step)
            viewer.reloadChangedFiles()
            try #require(viewer.reloadError == nil && viewer.effect.confetti.count == 12, "\(viewer.reloadError ?? "")")
            try ViewerInputTests.edit(file, Self.tinyPath, step: &step)
            viewer.reloadChangedFiles()
            #expect(viewer.reloadError?.contains("confetti.sprites[0].path: SVG path: it spans 1e-306 units") == true, "\(viewer.reloadError ?? "nil")")
            #expect(viewer.effect.confetti.count == 12 && viewer.effect.confetti.sprites.isEmpty, "the last good effect stays")
            viewer.handle(ViewerInputTests.key(GLFW_KEY_SPACE))
            viewer.advance(wall: 0.2)
            #expect(viewer.renderFrame().instances == 12)
        }
    }

    /// The CPU reference divided by the thin sprite's zero thickness and trapped; with the
    /// record's least thickness, 1 pt, the GPU and the CPU agree on it.
    @Test func aThinSpriteIsVerified() async throws {
        let scratch = try Scratch("thin-verify")
        try Self.dash.write(toFile: scratch.path("dash.json"), atomically: true, encoding: .utf8)
        let outcome = try await ConfettiBinary.run(["verify", "--effect", scratch.path("dash.json"), "--launches", "1"])
        #expect(outcome.exitedNormally && outcome.status == 0, "exit \(outcome.status): \(outcome.stderr.suffix(2000))")
    }

    /// 40 pieces of a 64 × 1 picture left every pixel the background; now they are drawn.
    @Test func aThinPictureIsDrawn() async throws {
        let scratch = try Scratch("thin-render")
        try PNGFile.write(RGBAImage(width: 64, height: 1, pixels: [UInt8](repeating: 255, count: 64 * 4)), to: scratch.path("thin.png"))
        try HardeningTests.confetti(#""count": 40, "sprites": [{"image": "thin.png"}]"#)
            .write(toFile: scratch.path("thin.json"), atomically: true, encoding: .utf8)
        let outcome = try await ConfettiBinary.run(["render", "--effect", scratch.path("thin.json"), "--size", "320x180", "--frames", "6", "--fps", "10",
                                                    "--out", scratch.path("frames")])
        #expect(outcome.exitedNormally && outcome.status == 0, "exit \(outcome.status): \(outcome.stderr)")
        let frame = try PNGFile.read(scratch.path("frames/frame-0005.png"))
        let background = Array(frame.pixels[0..<4])
        let drawn = stride(from: 0, to: frame.pixels.count, by: 4).filter { Array(frame.pixels[$0..<($0 + 4)]) != background }.count
        #expect(drawn > 40, "pixels the pieces drew: \(drawn)")
    }

    /// 32 emoji, the most one list holds, on fireworks of one spark each: every batch carries
    /// the same pictures.
    static func emojiFireworks(_ fireworks: Int, size: Int) -> String {
        let emoji = ["🎉", "🎊", "🎈", "🎁", "⭐", "🌟", "✨", "💥", "🔥", "💖", "🍀", "🌈", "🎂", "🍰", "🥳", "🎆",
                     "🎇", "🧨", "🎀", "🏆", "🥇", "💎", "🌸", "🌺", "🌻", "🍭", "🍬", "🦄", "🐱", "🐶", "🚀", "🎄"]
        let sprites = emoji.map { #"{"emoji": "\#($0)", "size": \#(size)}"# }.joined(separator: ", ")
        return HardeningTests.classic(#""fireworks": \#(fireworks), "sparkCount": 1, "sprites": [\#(sprites)]"#)
    }

    /// verify made every picture's texels for every batch at every time it drew, and its atlas
    /// compared pictures pixel by pixel: 451 s for 1000 such fireworks, and 222 s before its
    /// pixel count refused them at 255 pt. CPU time, not wall time, is bounded: a busy machine
    /// stretches the one, not the other.
    @Test func verifyMakesEachPicturesWorkOnce() async throws {
        let scratch = try Scratch("emoji-verify")
        try Self.emojiFireworks(100, size: 1).write(toFile: scratch.path("small.json"), atomically: true, encoding: .utf8)
        try Self.emojiFireworks(1000, size: 255).write(toFile: scratch.path("large.json"), atomically: true, encoding: .utf8)
        let small = try await ConfettiBinary.run(["verify", "--effect", scratch.path("small.json"), "--launches", "1"])
        #expect(small.exitedNormally && small.status == 0, "exit \(small.status): \(small.stderr.suffix(2000))")
        #expect(small.cpuSeconds < 40, "\(small.cpuSeconds) s of CPU")
        let large = try await ConfettiBinary.run(["verify", "--effect", scratch.path("large.json"), "--launches", "1"])
        expectOneLine(large, mentioning: ["the pixel proof of a launch would shade", "above the limit of 40,000,000"])
        #expect(large.cpuSeconds < 20, "\(large.cpuSeconds) s of CPU before refusing")
    }

    /// Frames alone need no sound track: none is made, so a long render with sound costs what
    /// a muted one does (before, its whole track was encoded in memory: 115 MB for these 600 s).
    @Test func framesAloneMakeNoSoundTrack() async throws {
        let scratch = try Scratch("no-track")
        func render(_ more: [String]) async throws -> ChildProcess.Outcome {
            let outcome = try await ConfettiBinary.run(["render", "--effect", "peony", "--size", "16x16", "--fps", "1", "--frames", "600",
                                                        "--out", scratch.path("frames-\(more.count)"), "--force"] + more)
            #expect(outcome.exitedNormally && outcome.status == 0, "exit \(outcome.status): \(outcome.stderr)")
            return outcome
        }
        let heard = try await render([]), muted = try await render(["--mute"])
        #expect(heard.peakBytes < muted.peakBytes + 40 << 20, "with sound \(heard.peakBytes >> 20) MB, muted \(muted.peakBytes >> 20) MB")
    }

    /// `--audio` naming a pipe no program reads yet blocked in its open, saying nothing; now it
    /// says what it waits for, and writes the track once a reader comes.
    @Test func aPipeWithNoReaderIsNamedWhileTheTrackWaitsForIt() async throws {
        // A render started and watched: a slot of the pool of heavy work until the test ends.
        let slot = await HeavySlot.take()
        defer { slot.release() }
        let scratch = try Scratch("track-fifo")
        let fifo = scratch.path("track.wav")
        try #require(mkfifo(fifo, 0o600) == 0)
        let render = try ConfettiBinary.start(["render", "--audio", fifo, "--fps", "10", "--frames", "10"])
        defer { render.stop() }
        let said = await eventually(within: 120) { render.errorOutput.contains("waiting for a program to read \(fifo)") || render.hasEnded }
        #expect(said && !render.hasEnded, "\(render.errorOutput)")
        let reader = try #require(FileHandle(forReadingAtPath: fifo))
        defer { try? reader.close() }
        let bytes = try reader.readToEnd() ?? Data()
        #expect(bytes.count == 44 + 4 * 48_000, "a second of 16-bit stereo after the header: \(bytes.count)")
        let outcome = try await render.outcome(within: 120)
        #expect(outcome.exitedNormally && outcome.status == 0, "exit \(outcome.status): \(outcome.stderr)")
    }

    /// A track written alone is written as it is made: a stop signal between blocks removes the
    /// partial file (before, the handler was installed only after the track was written, and the
    /// signal left `.t.wav.tmp-PID` behind).
    @Test func aStopWhileTheTrackIsWrittenLeavesNoTemporaryFile() async throws {
        // A render started and watched: a slot of the pool of heavy work until the test ends.
        let slot = await HeavySlot.take()
        defer { slot.release() }
        let scratch = try Scratch("track-signal")
        let render = try ConfettiBinary.start(["render", "--audio", scratch.path("t.wav"), "--fps", "1", "--duration", "3600"])
        defer { render.stop() }
        // Stopped as soon as the temporary file holds some of the track: the release build writes
        // the hour's track quicker than a test's poll may come round on a busy machine. An empty
        // one is not it: before the render starts, it checks that the path can be written with an
        // empty temporary file of that name, removed at once, before it takes stop signals.
        let folder = scratch.path
        let writing = await render.freeze(once: {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            return names.contains { name in
                guard name.hasPrefix(".t.wav.tmp-") else { return false }
                var status = stat()
                return stat(folder + "/" + name, &status) == 0 && status.st_size > 0
            }
        }, within: 120)
        try #require(writing, "the track's temporary file appeared while the render ran: \(render.errorOutput)")
        await render.whileFrozen { render.send(SIGTERM) }
        let outcome = try await render.outcome(within: 120)
        // The shell's convention, as for a stop between frames: 128 + SIGTERM, and one line.
        #expect(outcome.exitedNormally && outcome.status == 128 + SIGTERM, "ended by a signal: \(outcome.status) \(outcome.stderr)")
        #expect(outcome.stderr.contains("interrupted by SIGTERM while writing") && outcome.stderr.split(separator: "\n").count == 1, "\(outcome.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).isEmpty, "left behind")
    }
}
